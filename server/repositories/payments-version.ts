import type { Db } from '../db/connect.ts';

/** SQLite's count of writes to what the admin Payments list shows (migration 008), bumped by triggers. */
export function createPaymentsVersionRepository(db: Db) {
  const query = db.selectFrom('payments_version').select('version').where('id', '=', 1).compile();
  return {
    async current(): Promise<number> {
      const result = await db.executeQuery(query);
      return Number(result.rows[0]?.version ?? 0);
    },
  };
}
