import type { Db } from '../db/connect.ts';

/** PostgreSQL deadlock / serialization failures and SQLite's busy file: safe to run again. */
const RETRYABLE = new Set(['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']);

/**
 * Runs `work` in a transaction, again (up to `attempts` times) when the database aborted it for a
 * reason that a retry cures. Any other error, including the business refusals, passes through.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
