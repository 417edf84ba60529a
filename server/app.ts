import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './platform/db/connect.ts';
import { frameworkErrorsWith } from './platform/lib/framework-errors.ts';
import { createLogSink } from './platform/lib/log-sink.ts';
import { RequestLogController } from './platform/lib/request-log.ts';
import answersPlugin, { requestIdFor } from './platform/http/answers.ts';
import authPlugin from './platform/http/auth.ts';
import errorsPlugin from './platform/http/errors.ts';
import httpCachePlugin from './platform/http/http-cache.ts';
import securityPlugin, { securityHeadersFor } from './platform/http/security.ts';
import { named } from './platform/http/shared.ts';
import spaPlugin from './platform/http/spa.ts';
import adminRoutes from './domains/office/routes/admin.ts';
import gstReturnRoutes from './domains/billing/routes.ts';
import authRoutes from './domains/accounts/routes/auth.ts';
import counselingRoutes from './domains/office/routes/counseling.ts';
import enrollmentRoutes from './domains/enrollments/routes.ts';
import facultyRoutes from './domains/catalogue/routes/faculty.ts';
import paymentRoutes from './domains/payments/routes/payments.ts';
import programRoutes from './domains/catalogue/routes/programs.ts';
import resourceRoutes from './domains/catalogue/routes/resources.ts';
import seoRoutes from './domains/catalogue/routes/seo.ts';
import successStoryRoutes from './domains/catalogue/routes/success-stories.ts';
import systemRoutes from './platform/system/routes.ts';
import testimonialRoutes from './domains/catalogue/routes/testimonials.ts';
import userRoutes from './domains/office/routes/users.ts';
import workshopRoutes from './domains/catalogue/routes/workshops.ts';
import batchRoutes from './domains/batches/routes.ts';
import lessonRoutes from './domains/lessons/routes/lessons.ts';
import courseRoutes from './domains/lessons/routes/course.ts';
import certificateRoutes from './domains/certificates/routes/certificates.ts';
// Instructor area (decision record 050).
import teachingRoutes from './domains/teaching/routes/teaching.ts';
import assignmentRoutes from './domains/teaching/routes/assignments.ts';
import couponRoutes from './domains/pricing/routes/coupons.ts';
import { createMailEvents } from './domains/accounts/mail.ts';
import { createPaymentEffects } from './domains/payments/effects.ts';
import { createEnrollmentService } from './domains/enrollments/service.ts';
import { createPaymentService } from './domains/payments/service.ts';
import { resetLinkKey } from './platform/lib/reset-links.ts';
import { createMfa } from './domains/accounts/mfa/index.ts';
import mfaRoutes from './domains/accounts/routes/mfa.ts';
import accountRoutes from './domains/accounts/routes/account.ts';
import emailRoutes from './domains/accounts/routes/email.ts';
import passkeyRoutes from './domains/accounts/routes/passkeys.ts';
import { createTokenService, resolveJwtSecret, tokenLifetimes, type Rotate } from './domains/accounts/tokens.ts';
import { createCatalogueCache } from './domains/catalogue/cache.ts';
import { setupGateway } from './domains/payments/gateway/index.ts';
import { SANDBOX_PREFIX } from './domains/payments/gateway/sandbox.ts';
import webhookRoutes from './domains/payments/routes/webhook.ts';
import privacyRoutes from './domains/privacy/routes/privacy.ts';
import privacyAdminRoutes from './domains/privacy/routes/admin.ts';
import reconciliationRoutes from './domains/payments/routes/reconciliation.ts';
import { createReconciliationService } from './domains/payments/reconciliation.ts';
import { createRefundService } from './domains/payments/refunds.ts';
import { createGatewayEventService } from './domains/payments/gateway-events.ts';
import { createInstalmentService } from './domains/pricing/instalments.ts';
import instalmentRoutes from './domains/pricing/routes/instalments.ts';
import placementRoutes from './domains/placement/routes.ts';
import openingsRoutes from './domains/placement/routes/openings.ts';
import storyConsentRoutes from './domains/placement/routes/stories.ts';
import assessmentRoutes from './domains/assessments/routes.ts';
import notificationRoutes from './domains/notifications/routes.ts';
import './types.ts';

export type AppOptions = {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Where request logs go when config.logger is on (default stdout); tests capture them. */
  logStream?: { write: (line: string) => void };
  /** Where refresh rotations are written (default: here; a SQLite cluster's workers ask the primary). */
  rotate?: Rotate;
};

/** Builds the whole server on a migrated database; listening is server.ts's job (tests inject). */
export async function buildApp({ config, db, dialect, logStream, rotate }: AppOptions): Promise<FastifyInstance> {
  // Request logs go to stdout without blocking: lines are gathered (16 KB at a time) and handed to the
  // kernel asynchronously (lib/log-sink.ts); what is gathered is written at least every second, when the
  // app closes and when the process exits. The two lines of every request are built directly
  // (lib/request-log.ts); everything else is pino's.
  const destination = config.logger && !logStream ? createLogSink(1) : null;
  const logWriter = config.logger ? (logStream ?? destination) : null;
  const app = Fastify({
    logController: logWriter ? new RequestLogController((line) => logWriter.write(line)) : undefined,
    logger: logWriter
      ? {
          level: 'info',
          stream: logWriter,
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
    // Behind a reverse proxy, trust one hop: the client address is the one the nearest proxy saw (the
    // last X-Forwarded-For entry), so an address a client writes into the header itself is never used.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorsWith(securityHeadersFor(config)),
    genReqId: requestIdFor(config.trustProxy),
  });

  if (destination) {
    app.addHook('onClose', (_instance, done) => {
      destination.flush(() => {
        destination.close();
        done();
      });
    });
  }

  const secret = await resolveJwtSecret(db, config.jwtSecret);
  const mfa = await createMfa(db, config);
  const lifetimes = tokenLifetimes(config);
  const tokens = createTokenService(db, secret, lifetimes, rotate);
  const catalogue = createCatalogueCache(db);
  const { events: paymentEvents, effects: paymentEffects } = createPaymentEffects(config);
  const mail = { ...createMailEvents(config, resetLinkKey(secret)), ...paymentEvents };
  const gatewaySetup = setupGateway(config);
  if (gatewaySetup.missing.length > 0) {
    app.log.warn(`Payments are off: set ${gatewaySetup.missing.join(', ')} (demo mode is off).`);
    if (!config.logger) console.warn(`Payments are off: set ${gatewaySetup.missing.join(', ')} (demo mode is off).`);
  }
  const refunds = createRefundService(db, gatewaySetup.gateway, paymentEffects);
  app.decorate('deps', {
    mfa,
    config,
    db,
    dialect,
    tokens,
    payments: createPaymentService(db, {
      pricesIncludeGst: config.pricesIncludeGst,
      institute: config.institute,
      config,
      gateway: gatewaySetup.gateway,
      sandboxCheckoutUrl: gatewaySetup.sandboxCheckoutUrl,
      onGatewayError: (error, what) => app.log.warn({ err: error }, `payment gateway: ${what} failed`),
      effects: paymentEffects,
    }),
    mail,
    gateway: gatewaySetup.gateway,
    gatewayEvents: createGatewayEventService(db, gatewaySetup.gateway, paymentEffects),
    refunds,
    reconciliation: createReconciliationService(db, gatewaySetup.gateway, refunds, paymentEffects),
    enrollments: createEnrollmentService(db),
    catalogue,
    instalments: createInstalmentService(db, {
      pricesIncludeGst: config.pricesIncludeGst,
      institute: config.institute,
      config,
    }),
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(httpCachePlugin);
  await app.register(answersPlugin);
  await app.register(authPlugin);
  // Multipart bodies are read only by the upload routes, each registered through plugins/uploads.ts.

  // Each under its function's name (shared.ts, named: fastify would otherwise search require.cache for it).
  for (const routes of [
    systemRoutes,
    authRoutes,
    mfaRoutes,
    accountRoutes,
    emailRoutes,
    passkeyRoutes,
    programRoutes,
    workshopRoutes,
    facultyRoutes,
    testimonialRoutes,
    successStoryRoutes,
    resourceRoutes,
    paymentRoutes,
    enrollmentRoutes,
    counselingRoutes,
    adminRoutes,
    gstReturnRoutes,
    userRoutes,
    seoRoutes,
    privacyRoutes,
    privacyAdminRoutes,
    batchRoutes,
    lessonRoutes,
    courseRoutes,
    certificateRoutes,
    // Instructor area (decision record 050).
    teachingRoutes,
    assignmentRoutes,
    couponRoutes,
    instalmentRoutes,
    placementRoutes,
    openingsRoutes,
    storyConsentRoutes,
    assessmentRoutes,
    notificationRoutes,
  ]) {
    await app.register(named(routes));
  }

  // The local sandbox gateway, on this server only in demo mode (docs/api.md, "Payments").
  if (gatewaySetup.sandbox) await app.register(gatewaySetup.sandbox.plugin, { prefix: SANDBOX_PREFIX });
  await app.register(named(webhookRoutes));
  await app.register(named(reconciliationRoutes));

  await app.register(spaPlugin);
  return app;
}
