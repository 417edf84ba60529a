import type { Db } from '../db/connect.ts';
import { isoSecondsAgo, nowIso } from '../lib/time.ts';

/** Counted events (failed logins, counseling requests) kept in the database, so every instance sees them. */
export function createRateEventRepository(db: Db) {
  return {
    async count(key: string, windowSeconds: number): Promise<number> {
      const row = await db
        .selectFrom('rate_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', key)
        .where('created_at', '>', isoSecondsAgo(windowSeconds))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async add(key: string): Promise<void> {
      await db.insertInto('rate_events').values({ key, created_at: nowIso() }).execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_events').where('key', '=', key).execute();
    },
    async prune(olderThanSeconds: number): Promise<void> {
      await db.deleteFrom('rate_events').where('created_at', '<', isoSecondsAgo(olderThanSeconds)).execute();
    },
  };
}
