import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { API_TEST_RUN_ENV, testDatabasePrefix, TEST_DATABASE_URL } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run of the API suite: its PostgreSQL test databases are named after it (test-databases.ts). */
    apiTestRun: string;
  }
}

/** How long the teardown waits for a copy still being made when the last file ended (the harness's spare). */
const COPY_WAIT_MS = 30_000;

/**
 * Names the run; once every file has ended, drops the PostgreSQL databases the run left: the spare copy
 * the harness makes ahead (tests/api/support/harness.ts), one whose drop (not awaited by the harness) had not
 * ended with the last file, and any a crashed file could not drop.
 */
export default function setup(project: TestProject) {
  const run = process.env[API_TEST_RUN_ENV] || randomBytes(3).toString('hex');
  project.provide('apiTestRun', run);
  if (process.env.TEST_DB !== 'postgres') return undefined;
  return async () => {
    const prefix = testDatabasePrefix(run);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      // A CREATE DATABASE its worker started before ending still runs in its own backend: wait for it.
      const copying = () =>
        client.query(
          `SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'CREATE DATABASE ${prefix}%'`,
        );
      for (const until = Date.now() + COPY_WAIT_MS; (await copying()).rowCount && Date.now() < until;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const left = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [prefix],
      );
      for (const { datname } of left.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
