import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { shared } from './shared.ts';

/** The security headers (framework-errors.ts sends the same on answers Fastify makes before routing). */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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

/** Security headers for every answer; CORS only for the origins configured (off by default). */
export default shared(async function security(app) {
  await app.register(helmet, HELMET_OPTIONS);
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
