import type { Db } from './connect.ts';
import { sqliteConnectionOf } from './connect.ts';

/**
 * A write counter: one row (id 1) bumped by triggers, read to tell whether answers kept in memory are
 * still current. `catalogue_version` counts catalogue writes (migration 007); `payments_version`, on
 * SQLite, writes to what the admin Payments list shows (migration 008).
 */
export function createVersionRepository(db: Db, table: 'catalogue_version' | 'payments_version') {
  const query = db.selectFrom(table).select('version').where('id', '=', 1).compile();
  const sqlite = sqliteConnectionOf(db);
  let statement: { get: (...parameters: unknown[]) => unknown } | undefined;

  async function queried(): Promise<number> {
    const result = await db.executeQuery(query);
    return Number(result.rows[0]?.version ?? 0);
  }

  /**
   * SQLite: the same read, synchronously, on the connection's own prepared statement. Undefined while this
   * process's connection is inside a transaction (it would read that transaction's uncommitted writes).
   */
  function now(): number | undefined {
    if (!sqlite || sqlite.inTransaction) return undefined;
    statement ??= sqlite.prepare(query.sql).pluck();
    return Number(statement.get(...query.parameters) ?? 0);
  }

  /** A query read in flight, and the one that starts when it ends (for the callers who came meanwhile). */
  let inFlight: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  function read(): Promise<number> {
    const reading: Promise<number> = queried().finally(() => {
      if (inFlight === reading) inFlight = null;
    });
    inFlight = reading;
    return reading;
  }

  /** The query read that begins after this call: the one in flight began earlier, so it waits for the next. */
  function nextQuery(): Promise<number> {
    if (!inFlight) return read();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return read();
      });
    return queued;
  }

  /** SQLite: the read at the end of this turn of the event loop, which the calls made in the turn wait for. */
  let endOfTurn: Promise<number> | null = null;

  function readAtEndOfTurn(): Promise<number> {
    return new Promise<number>((resolve, reject) =>
      setImmediate(() => {
        endOfTurn = null;
        try {
          resolve(now() ?? nextQuery());
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
  }

  return {
    /**
     * The version, by a read that began after this call (decision 048: it sees every write committed before
     * the request that asks arrived, through any process, machine or script), shared by every call made
     * before that read began (decision 069). On SQLite, one synchronous read at the end of the event loop's
     * turn (setImmediate, after the turn's sockets were read) serves the requests that arrived in the turn:
     * each read is a read transaction with its file locks, a few microseconds, more than the rest of an
     * answer kept in memory but its socket write. On PostgreSQL one single-row query is in flight at a time,
     * and the calls made while it is in flight wait for the next one (at most two round trips).
     */
    fresh(): Promise<number> {
      if (sqlite) return (endOfTurn ??= readAtEndOfTurn());
      return nextQuery();
    },
  };
}
