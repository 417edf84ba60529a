import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed.ts';
import { createRateEventRepository } from './repositories/rate-events.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { closeWithDeadline } from './lib/shutdown.ts';

const HOUR_MS = 3_600_000;

/** Opens the database, migrates, seeds demo content (demo mode, empty database), listens. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const { db, dialect, close } = openDatabase(config.databaseUrl, {
    onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    busyTimeoutMs: config.dbBusyTimeoutMs,
  });
  await migrateToLatest(db);
  if (config.demoMode) await seedDemoIfEmpty(db);
  const app = await buildApp({ config, db, dialect });
  // Housekeeping: expired refresh tokens and old rate-limit events serve no purpose.
  const prune = () =>
    Promise.all([
      createRefreshTokenRepository(db).deleteExpired(),
      createRateEventRepository(db).prune(24 * 3600),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  void prune();
  const timer = setInterval(() => void prune(), HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await close();
  });
  await app.listen({ port: config.port, host: config.host });
  const shutdown = () => closeWithDeadline(app, config.shutdownTimeoutSeconds * 1000);
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return { app, config, url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().then(
    ({ url }) => console.log(`API listening at ${url}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
