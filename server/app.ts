import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/connect.ts';
import { frameworkErrors } from './lib/framework-errors.ts';
import answersPlugin, { requestIdFor } from './plugins/answers.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import securityPlugin from './plugins/security.ts';
import spaPlugin from './plugins/spa.ts';
import adminRoutes from './routes/admin/index.ts';
import authRoutes from './routes/auth/index.ts';
import counselingRoutes from './routes/counseling/index.ts';
import enrollmentRoutes from './routes/enrollments/index.ts';
import facultyRoutes from './routes/faculty/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import programRoutes from './routes/programs/index.ts';
import resourceRoutes from './routes/resources/index.ts';
import successStoryRoutes from './routes/success-stories/index.ts';
import systemRoutes from './routes/system/index.ts';
import testimonialRoutes from './routes/testimonials/index.ts';
import workshopRoutes from './routes/workshops/index.ts';
import { createEnrollmentService } from './services/enrollment.ts';
import { createTokenService, resolveJwtSecret } from './services/tokens.ts';
import './types.ts';

export type AppOptions = {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Where request logs go when config.logger is on (default stdout); tests capture them. */
  logStream?: { write: (line: string) => void };
};

/** Builds the whole server on a migrated database; listening is server.ts's job (tests inject). */
export async function buildApp({ config, db, dialect, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger
      ? {
          level: 'info',
          ...(logStream ? { stream: logStream } : {}),
          // Requests are logged by method, URL and status only; never bodies, never credentials.
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'password', 'refresh', 'access'],
            censor: '[redacted]',
          },
        }
      : false,
    bodyLimit: config.bodyLimitBytes,
    // Slow clients: a request must arrive whole within requestTimeout (else 408 and the connection
    // closes), its headers within headersTimeout; Node checks every second instead of every 30.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
    http: {
      headersTimeout: Math.min(config.headersTimeoutSeconds, config.requestTimeoutSeconds) * 1000,
      connectionsCheckingInterval: 1000,
    },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    genReqId: requestIdFor(config.trustProxy),
  });

  const secret = await resolveJwtSecret(db, config.jwtSecret);
  const tokens = createTokenService(db, secret, {
    accessSeconds: config.accessTokenLifetimeSeconds,
    refreshSeconds: config.refreshTokenLifetimeSeconds,
    reuseGraceSeconds: config.refreshReuseGraceSeconds,
  });
  app.decorate('deps', { config, db, dialect, tokens, enrollment: createEnrollmentService(db) });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(answersPlugin);
  await app.register(authPlugin);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(programRoutes);
  await app.register(workshopRoutes);
  await app.register(facultyRoutes);
  await app.register(testimonialRoutes);
  await app.register(successStoryRoutes);
  await app.register(resourceRoutes);
  await app.register(paymentRoutes);
  await app.register(enrollmentRoutes);
  await app.register(counselingRoutes);
  await app.register(adminRoutes);

  await app.register(spaPlugin);
  return app;
}
