import { sql } from 'kysely';
import type { Db, Dialect } from './connect.ts';

/**
 * Background work that several instances on one PostgreSQL database would otherwise all run at once
 * (housekeeping): `runAlone` runs it in a transaction holding a transaction-level advisory lock named by
 * the job, taken with pg_try_advisory_xact_lock, so an instance that finds the job running elsewhere skips
 * this round instead of waiting or repeating it. The lock ends with the transaction, so a process that dies
 * holding it frees it. On SQLite the job simply runs (one machine; writers already take turns).
 */
export function createJobLockRepository(db: Db, dialect: Dialect) {
  return {
    /** Runs `job` unless another connection is running the job of that name; answers whether it ran. */
    async runAlone(name: string, job: (trx: Db) => Promise<void>): Promise<boolean> {
      if (dialect === 'sqlite') {
        await job(db);
        return true;
      }
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          taken: boolean;
        }>`SELECT pg_try_advisory_xact_lock(hashtext(${`job:${name}`})) AS taken`.execute(trx);
        if (!rows[0]?.taken) return false;
        await job(trx);
        return true;
      });
    },
  };
}
