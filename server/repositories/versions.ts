import type { Db } from '../db/connect.ts';

/**
 * A write counter: one row (id 1) bumped by triggers, read to tell whether answers kept in memory are
 * still current. `catalogue_version` counts catalogue writes (migration 007); `payments_version`, on
 * SQLite, writes to what the admin Payments list shows (migration 008).
 */
export function createVersionRepository(db: Db, table: 'catalogue_version' | 'payments_version') {
  const query = db.selectFrom(table).select('version').where('id', '=', 1).compile();
  return {
    async current(): Promise<number> {
      const result = await db.executeQuery(query);
      return Number(result.rows[0]?.version ?? 0);
    },
  };
}
