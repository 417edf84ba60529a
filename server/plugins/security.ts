import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { usesRazorpayCheckout } from '../gateway/index.ts';
import { shared } from './shared.ts';

/** Razorpay's documented Checkout origins: its script, and the frames it opens. */
const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';
const RAZORPAY_API_ORIGIN = 'https://api.razorpay.com';

/** Security headers for every answer; CORS only for the origins configured (off by default). */
export default shared(async function security(app) {
  // Razorpay Checkout (checkout.js and its frames) only when Razorpay's real API takes the payments.
  const razorpay = usesRazorpayCheckout(app.deps.config);
  const scriptSrc = razorpay ? ["'self'", RAZORPAY_CHECKOUT_ORIGIN] : ["'self'"];
  const frameSrc = razorpay ? [RAZORPAY_CHECKOUT_ORIGIN, RAZORPAY_API_ORIGIN] : ["'none'"];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        frameSrc,
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
  });
  const origins = app.deps.config.corsOrigins;
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  }
});
