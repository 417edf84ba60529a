import type { Db } from '../db/connect.ts';

/** The catalogue's write counter (migration 007): bumped by triggers, read to validate cached answers. */
export function createCatalogueVersionRepository(db: Db) {
  const query = db.selectFrom('catalogue_version').select('version').where('id', '=', 1).compile();
  return {
    async current(): Promise<number> {
      const result = await db.executeQuery(query);
      return Number(result.rows[0]?.version ?? 0);
    },
  };
}
