import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { usesRazorpayCheckout } from '../gateway/index.ts';
import { shared } from './shared.ts';

/** Razorpay's documented Checkout origins: its script, and the frames it opens. */
const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';
const RAZORPAY_API_ORIGIN = 'https://api.razorpay.com';

/** Razorpay Checkout (checkout.js and its frames) is allowed only when Razorpay's real API takes the payments. */
function helmetOptions(razorpay: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: razorpay ? ["'self'", RAZORPAY_CHECKOUT_ORIGIN] : ["'self'"],
        frameSrc: razorpay ? [RAZORPAY_CHECKOUT_ORIGIN, RAZORPAY_API_ORIGIN] : ["'none'"],
        // React sets style attributes; Vite's CSS is served from self.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet's headers depend on its options only (no per-request nonce), so they are computed once, by
 * running helmet against a response that records what it sets, and copied onto every answer.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

const computed = new WeakMap<Config, Record<string, string>>();

/**
 * The security headers of every answer for this configuration, computed once (framework-errors.ts sends
 * the same on the answers Fastify makes before routing).
 */
export function securityHeadersFor(config: Config): Record<string, string> {
  let headers = computed.get(config);
  if (!headers) {
    headers = securityHeaders(helmetOptions(usesRazorpayCheckout(config)));
    computed.set(config, headers);
  }
  return headers;
}

/** Security headers for every answer; CORS only for the origins configured (off by default). */
export default shared(async function security(app) {
  const headers = securityHeadersFor(app.deps.config);
  app.addHook('onRequest', function securityHeaders(_request, reply, done) {
    reply.headers(headers);
    done();
  });
  const origins = app.deps.config.corsOrigins;
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  }
});
