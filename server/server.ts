import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed.ts';

/** Opens the database, migrates, seeds demo content (demo mode, empty database), listens. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const { db, dialect, close } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  if (config.demoMode) await seedDemoIfEmpty(db);
  const app = await buildApp({ config, db, dialect });
  app.addHook('onClose', async () => close());
  await app.listen({ port: config.port, host: config.host });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
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
