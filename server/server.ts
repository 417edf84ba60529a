import { ASSESSMENT_PASS_MS, runAssessmentPass } from './domains/assessments/results.ts';
import cluster, { type Worker } from 'node:cluster';
import { sendSessionReminders } from './domains/batches/reminders.ts';
import { issueEndedBatchCertificates } from './domains/certificates/service.ts';
import { runInstalmentPass } from './domains/pricing/instalment-pass.ts';
import { releaseExpiredHolds } from './domains/payments/holds.ts';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig, missingInvoiceSettings, type Config } from './config.ts';
import { refuseUnsafeStart } from './platform/config-hardening.ts';
import { keepAliveWarning } from './platform/proxy-keep-alive.ts';
import { openDatabase, type Db, type Dialect } from './platform/db/connect.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { seedDemoIfEmpty } from './platform/db/seed.ts';
import { createMailWorker } from './platform/mail/worker.ts';
import { createJobLockRepository } from './platform/db/job-locks.ts';
import { createRateEventRepository } from './platform/db/rate-events.ts';
import { createRefreshTokenRepository } from './domains/accounts/repositories/refresh-tokens.ts';
import { createChallengeRepository } from './domains/accounts/repositories/mfa.ts';
import { closeWithDeadline } from './platform/lib/shutdown.ts';
import { withServerNodeFlags } from './platform/node-flags.ts';
import { missingPrivacySettings } from './domains/privacy/config.ts';
import { applyRetention } from './domains/privacy/retention.ts';
import { rotationsThroughPrimary, serveRotations } from './domains/accounts/rotation-channel.ts';
import { createRotator, resolveJwtSecret, tokenLifetimes } from './domains/accounts/tokens.ts';
import { NO_ADMIN_NOTICE, noActiveAdmin } from './domains/office/users.ts';
import { setupMessaging } from './domains/notifications/setup.ts';
import { createMessageWorker } from './domains/notifications/worker.ts';

const HOUR_MS = 3_600_000;

/** The database with the configured timeouts (pool acquire, statement, SQLite busy wait). */
const openConfiguredDatabase = (config: Config) =>
  openDatabase(config.databaseUrl, {
    onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    busyTimeoutMs: config.dbBusyTimeoutMs,
  });

const urlOf = (config: Config) =>
  `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;

/**
 * Background work: housekeeping (expired refresh tokens, old rate-limit events) on a timer, and the outbox
 * worker that sends every committed email (or keeps it as sent-to-nowhere without SMTP_URL). Runs in
 * exactly one process of an instance: the single server, or the cluster's primary (never in its workers).
 * Several instances on one PostgreSQL are still safe: the outbox claims rows with FOR UPDATE SKIP LOCKED,
 * and housekeeping runs under an advisory lock, in one instance at a time.
 * Answers a stop function.
 */
function startBackground(db: Db, dialect: Dialect, config: Config, warn: (what: string, error: unknown) => void) {
  // Every instance's primary runs it; on PostgreSQL one at a time, the others skip the round (job-locks.ts).
  const prune = () =>
    createJobLockRepository(db, dialect)
      .runAlone('housekeeping', async (trx) => {
        await createRefreshTokenRepository(trx).deleteExpired();
        await createRateEventRepository(trx).prune(24 * 3600);
        // Expired mfa_tokens and passkey challenges (anyone may ask for sign-in options: decision 055).
        await createChallengeRepository(trx).purgeExpired();
      })
      .catch((error: unknown) => warn('housekeeping failed', error))
      // Certificates of the batches that ended (services/certificates.ts), under their own job lock.
      .then(() => issueEndedBatchCertificates(db, dialect, config))
      .catch((error: unknown) => warn('certificate issue failed', error));
  void prune();
  const timer = setInterval(() => void prune(), HOUR_MS);
  timer.unref();
  // Data retention (services/retention.ts): once at start, then daily, in this one process only.
  const retain = () => applyRetention(db, config.privacy).catch((error: unknown) => warn('retention failed', error));
  void retain();
  const daily = setInterval(() => void retain(), 24 * HOUR_MS);
  daily.unref();
  // Live-session reminders every five minutes (services/reminders.ts: once per session, student and offset).
  const remind = () => {
    void sendSessionReminders(db, config).catch((error: unknown) => warn('session reminders failed', error));
    // Instalments (decision record 054): reminders, due-date invoices and pauses of access, each once.
    void runInstalmentPass(db, config).catch((error: unknown) => warn('instalment pass failed', error));
    // Coupon uses held by pending payments past PAYMENT_HOLD_MINUTES (decision record 062), under a job lock.
    void releaseExpiredHolds(db, dialect, config).catch((error: unknown) => warn('payment holds failed', error));
  };
  const reminderTimer = setInterval(() => void remind(), 5 * 60_000);
  reminderTimer.unref();
  // Tests (decision record 072): attempts whose time is over are submitted, closed tests ranked, once each.
  const assess = () =>
    void runAssessmentPass(db, dialect).catch((error: unknown) => warn('assessment pass failed', error));
  const assessTimer = setInterval(assess, ASSESSMENT_PASS_MS);
  assessTimer.unref();
  const mailWorker = createMailWorker({
    db,
    dialect,
    config,
    onError: (error) => warn('mail worker pass failed', error),
  });
  mailWorker.start();
  // WhatsApp and SMS (decision record 074): the message outbox, sent at most once per channel.
  const messaging = setupMessaging(config);
  const messageWorker = createMessageWorker({
    db,
    dialect,
    config,
    whatsapp: messaging.whatsapp,
    sms: messaging.sms,
    log: (message) => warn('messages', new Error(message)),
  });
  messageWorker.start();
  const missing = missingInvoiceSettings(config);
  if (missing.length) console.warn(`Payments are refused until these are set: ${missing.join(', ')}.`);
  const keepAlive = keepAliveWarning(config);
  if (keepAlive) console.warn(keepAlive);
  const privacyMissing = missingPrivacySettings(config.privacy);
  if (privacyMissing.length)
    console.warn(`The policy pages show "(not yet published)" until these are set: ${privacyMissing.join(', ')}.`);
  return async () => {
    clearInterval(timer);
    clearInterval(daily);
    clearInterval(reminderTimer);
    clearInterval(assessTimer);
    await mailWorker.stop();
    await messageWorker.stop();
  };
}

/** A new institute's first start: nobody can log in to the admin panel until someone makes an administrator. */
async function noticeIfNoAdmin(db: Db, config: Config) {
  if (config.production && (await noActiveAdmin(db))) console.warn(NO_ADMIN_NOTICE);
}

/**
 * One server process: opens the database, listens. `role: 'single'` (WEB_CONCURRENCY=1) also migrates,
 * seeds demo content (demo mode, empty database) and runs housekeeping; a cluster worker leaves those to
 * the primary, which did them before forking.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env, role: 'single' | 'worker' = 'single') {
  const config = loadConfig(env);
  const { db, dialect, close } = openConfiguredDatabase(config);
  if (role === 'single') {
    await migrateToLatest(db);
    if (config.demoMode) await seedDemoIfEmpty(db, config.institute);
    await noticeIfNoAdmin(db, config);
  }
  // SQLite cluster: one writer for refresh rotations, the primary (services/rotation-channel.ts).
  const rotate = role === 'worker' && dialect === 'sqlite' ? rotationsThroughPrimary() : undefined;
  const app = await buildApp({ config, db, dialect, rotate });
  const stopBackground =
    role === 'single'
      ? startBackground(db, dialect, config, (what, error) => app.log.warn({ err: error }, what))
      : null;
  app.addHook('onClose', async () => {
    await stopBackground?.();
    await close();
  });
  await app.listen({ port: config.port, host: config.host });
  const shutdown = () => closeWithDeadline(app, config.shutdownTimeoutSeconds * 1000);
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return { app, config, url: urlOf(config) };
}

/**
 * The cluster's primary: migrates, seeds, settles the JWT secret and runs housekeeping once, then forks
 * WEB_CONCURRENCY workers (server/server.ts as a worker) that share the port (node:cluster hands out
 * connections) and the database. A worker that dies is replaced; one that dies before it ever listened
 * stops the whole server (a configuration error would otherwise loop). SIGTERM/SIGINT stop the workers
 * (each finishes its requests) and then the primary.
 */
async function startPrimary(env: NodeJS.ProcessEnv, config: Config) {
  const { db, dialect, close } = openConfiguredDatabase(config);
  await migrateToLatest(db);
  if (config.demoMode) await seedDemoIfEmpty(db, config.institute);
  await noticeIfNoAdmin(db, config);
  await resolveJwtSecret(db, config.jwtSecret);
  const stopBackground = startBackground(db, dialect, config, (what, error) =>
    console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`),
  );
  const stopRotations = dialect === 'sqlite' ? serveRotations(createRotator(db, tokenLifetimes(config))) : null;

  cluster.setupPrimary({
    exec: path.join(import.meta.dirname, 'server.ts'),
    args: [],
    execArgv: withServerNodeFlags(process.execArgv),
  });
  let stopping = false;
  const listening = new WeakSet<Worker>();
  let failStartup: (error: Error) => void = () => undefined;
  const fork = () => {
    const worker = cluster.fork({ ...env, SERVER_CLUSTER_WORKER: '1' });
    worker.once('listening', () => listening.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (!listening.has(worker)) {
        failStartup(new Error(`a server worker exited before listening (code ${code}, signal ${signal})`));
        return;
      }
      console.error(`server worker ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another`);
      fork();
    });
    return worker;
  };
  const workers = Array.from({ length: config.webConcurrency }, fork);
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopBackground();
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            // Each worker closes with its own shutdown deadline; one that still hangs after it is killed.
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), config.shutdownTimeoutSeconds * 1000 + 2000);
            kill.unref();
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    stopRotations?.();
    await close();
    process.exit(code);
  };
  await new Promise<void>((resolve, reject) => {
    failStartup = (error) => {
      reject(error);
      void stop(1);
    };
    let up = 0;
    for (const worker of workers) worker.once('listening', () => ++up === workers.length && resolve());
  });
  failStartup = (error) => {
    console.error(error.message);
    void stop(1);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  return { config, url: urlOf(config) };
}

/**
 * How many server processes really run: WEB_CONCURRENCY (default one per core), except one for an
 * in-memory SQLite database (it belongs to one process) and one with the demo's sandbox gateway mounted in
 * the server (it keeps its orders in that process's memory; RAZORPAY_API_BASE lifts this).
 */
export function serverProcesses(
  config: Pick<Config, 'webConcurrency' | 'databaseUrl' | 'paymentSandbox' | 'razorpay'>,
): number {
  if (config.webConcurrency <= 1 || config.databaseUrl === 'sqlite::memory:') return 1;
  if (config.paymentSandbox && !config.razorpay.apiBase) return 1;
  return config.webConcurrency;
}

/** What `npm start` and `node server/server.ts` run: serverProcesses(config) processes (1 = no cluster). */
export async function runServer(env: NodeJS.ProcessEnv = process.env) {
  if (env.SERVER_CLUSTER_WORKER === '1' && cluster.isWorker) return startServer(env, 'worker');
  const config = loadConfig(env);
  // Decision record 065: no admin second factor keyed from its own database, no silent demo on a public address.
  refuseUnsafeStart(env, config);
  if (serverProcesses(config) > 1) return startPrimary(env, config);
  if (config.webConcurrency > 1 && config.paymentSandbox && !config.razorpay.apiBase) {
    console.warn('The local sandbox gateway keeps its orders in memory: serving from one process (WEB_CONCURRENCY=1).');
  }
  return startServer(env, 'single');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runServer().then(
    ({ url, config }) => {
      if (!cluster.isWorker)
        console.log(
          `API listening at ${url} (${serverProcesses(config) > 1 ? `${serverProcesses(config)} processes` : 'one process'})`,
        );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
