import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../../server/platform/db/migrate.ts';
import { JWT_SECRET } from './harness.ts';
import { serverDatabase } from './server-process.ts';

export type TwoInstances = { apps: FastifyInstance[]; handles: DatabaseHandle[]; close: () => Promise<void> };

/**
 * Two instances (two apps, each with its own connection) on one fresh database of the run's kind, as two
 * server processes or machines would be.
 */
export async function twoInstances(): Promise<TwoInstances> {
  const database = await serverDatabase();
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  for (const i of [0, 1]) {
    const handle = openDatabase(database.url, { poolSize: 3 });
    if (i === 0) await migrateToLatest(handle.db);
    handles.push(handle);
    const config = testConfig({ jwtSecret: JWT_SECRET, staticDir: '/nonexistent-static-dir' });
    apps.push(await buildApp({ config, db: handle.db, dialect: handle.dialect }));
  }
  return {
    apps,
    handles,
    async close() {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await database.drop();
    },
  };
}
