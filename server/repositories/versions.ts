import type { Db } from '../db/connect.ts';
import { sqliteConnectionOf } from '../db/connect.ts';

/**
 * A write counter: one row (id 1) bumped by triggers, read to tell whether answers kept in memory are
 * still current. `catalogue_version` counts catalogue writes (migration 007); `payments_version`, on
 * SQLite, writes to what the admin Payments list shows (migration 008).
 */
export function createVersionRepository(db: Db, table: 'catalogue_version' | 'payments_version') {
  const query = db.selectFrom(table).select('version').where('id', '=', 1).compile();
  const sqlite = sqliteConnectionOf(db);
  let statement: { get: (...parameters: unknown[]) => unknown } | undefined;
  return {
    /** SQLite: the version can be read synchronously (currentNow), outside a transaction. */
    readsNow: sqlite !== undefined,
    async current(): Promise<number> {
      const result = await db.executeQuery(query);
      return Number(result.rows[0]?.version ?? 0);
    },
    /**
     * SQLite: the same read, synchronously, on the connection's own prepared statement. Undefined on
     * PostgreSQL, and while this process's connection is inside a transaction (it would read that
     * transaction's uncommitted writes): then `current()` waits its turn. Each call is a read transaction of
     * its own: a few microseconds of file locking, which callers on a hot path share (catalogue-cache.ts).
     */
    currentNow(): number | undefined {
      if (!sqlite || sqlite.inTransaction) return undefined;
      statement ??= sqlite.prepare(query.sql).pluck();
      return Number(statement.get(...query.parameters) ?? 0);
    },
  };
}
