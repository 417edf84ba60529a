import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config.ts';
import { usesRazorpayCheckout } from '../../domains/payments/gateway/index.ts';
import { shared } from './shared.ts';

/** Razorpay's documented Checkout origins: its script, and the frames it opens. */
const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';
const RAZORPAY_API_ORIGIN = 'https://api.razorpay.com';

/**
 * Razorpay Checkout (checkout.js and its frames) is allowed only when Razorpay's real API takes the payments;
 * `lessonFrames`: the video players a course page may frame (LESSON_FRAME_HOSTS, decision record 066).
 */
function helmetOptions(razorpay: boolean, lessonFrames: string[] = []): HelmetOptions {
  const frames = [...(razorpay ? [RAZORPAY_CHECKOUT_ORIGIN, RAZORPAY_API_ORIGIN] : []), ...lessonFrames];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: razorpay ? ["'self'", RAZORPAY_CHECKOUT_ORIGIN] : ["'self'"],
        frameSrc: frames.length > 0 ? frames : ["'none'"],
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

type Computed = { every: Record<string, string>; lesson: Record<string, string> };
const computed = new WeakMap<Config, Computed>();

/** The course page, where lessons are read (the only page whose frames may show a video player). */
const LESSON_PAGE = /^\/learn\/\d{1,9}\/?(?:[?#]|$)/;

function computedFor(config: Config): Computed {
  let headers = computed.get(config);
  if (!headers) {
    const razorpay = usesRazorpayCheckout(config);
    headers = {
      every: securityHeaders(helmetOptions(razorpay)),
      lesson: securityHeaders(helmetOptions(razorpay, config.site.lessonFrameHosts)),
    };
    computed.set(config, headers);
  }
  return headers;
}

/**
 * The security headers of every answer for this configuration, computed once (framework-errors.ts sends
 * the same on the answers Fastify makes before routing). Only the course page's (`url`: `/learn/{id}`)
 * may frame the lesson video hosts; every other answer keeps `frame-src 'none'`.
 */
export function securityHeadersFor(config: Config, url = ''): Record<string, string> {
  const headers = computedFor(config);
  return LESSON_PAGE.test(url) ? headers.lesson : headers.every;
}

/** Security headers for every answer; CORS only for the origins configured (off by default). */
export default shared(async function security(app) {
  const { config } = app.deps;
  app.addHook('onRequest', function securityHeaders(request, reply, done) {
    reply.headers(securityHeadersFor(config, request.url));
    done();
  });
  const origins = config.corsOrigins;
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  }
});
