import type { Db } from './connect.ts';
import { isoSecondsAgo } from '../lib/time.ts';

/**
 * Counted events (failed logins, sign-ups, counseling requests) kept in the database, so every instance
 * sees them. Deciding and recording happen in repositories/rate-limits.ts; this is the housekeeping.
 */
export function createRateEventRepository(db: Db) {
  return {
    async prune(olderThanSeconds: number): Promise<void> {
      await db.deleteFrom('rate_events').where('created_at', '<', isoSecondsAgo(olderThanSeconds)).execute();
    },
  };
}
