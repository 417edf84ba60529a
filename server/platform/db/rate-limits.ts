import type { Db } from './connect.ts';
import { lockKeysWithin, withKeysLocked } from './key-locks.ts';

/**
 * Rate limits that hold under bursts and across server processes sharing one database.
 *
 * Every decision is taken under a lock per key (PostgreSQL: a transaction-scoped advisory lock per key;
 * SQLite: BEGIN IMMEDIATE, the database's single write lock, which every process on the file shares):
 * the attempts in the window are counted and, when every limit allows it, this attempt is recorded in the
 * same transaction, before any slow work (password hashing) starts. N concurrent attempts therefore let
 * through at most the limit. A caller whose attempt turns out not to count (a login that succeeded, a
 * sign-up refused as a duplicate) releases the rows it recorded.
 */

/** At most `max` recorded attempts under `key` within the last `windowSeconds`. */
export type CountLimit = { key: string; max: number; windowSeconds: number };

/**
 * A growing delay instead of a lockout: once `after` attempts are recorded under `key` in the window,
 * the next one waits `baseSeconds * 2^(n - after)` (at most `maxSeconds`) after the latest one.
 */
export type Slowdown = { key: string; after: number; baseSeconds: number; maxSeconds: number; windowSeconds: number };

export type Attempt = { ok: true; ids: number[] } | { ok: false; retryAfterSeconds: number };

const secondsUntil = (iso: string, plusSeconds: number, now: number) =>
  Math.max(1, Math.ceil((Date.parse(iso) + plusSeconds * 1000 - now) / 1000));

/** Counts the attempts under the locks `trx` holds and records this one when every limit allows it. */
async function decide(trx: Db, limits: CountLimit[], record: string[], slowdown?: Slowdown): Promise<Attempt> {
  const now = Date.now();
  let retryAfter = 0;
  for (const limit of limits) {
    const rows = await trx
      .selectFrom('rate_events')
      .select('created_at')
      .where('key', '=', limit.key)
      .where('created_at', '>', new Date(now - limit.windowSeconds * 1000).toISOString())
      .orderBy('created_at', 'desc')
      .limit(limit.max)
      .execute();
    if (rows.length >= limit.max) {
      // Allowed again when the oldest of the newest `max` attempts leaves the window.
      retryAfter = Math.max(retryAfter, secondsUntil(rows[limit.max - 1]!.created_at, limit.windowSeconds, now));
    }
  }
  if (slowdown) {
    const row = await trx
      .selectFrom('rate_events')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
      .where('key', '=', slowdown.key)
      .where('created_at', '>', new Date(now - slowdown.windowSeconds * 1000).toISOString())
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (n >= slowdown.after && row.latest) {
      const delay = Math.min(slowdown.maxSeconds, slowdown.baseSeconds * 2 ** (n - slowdown.after));
      if (Date.parse(row.latest) + delay * 1000 > now) {
        retryAfter = Math.max(retryAfter, secondsUntil(row.latest, delay, now));
      }
    }
  }
  if (retryAfter > 0) return { ok: false, retryAfterSeconds: retryAfter };
  const created_at = new Date(now).toISOString();
  const ids: number[] = [];
  for (const key of record) {
    const inserted = await trx
      .insertInto('rate_events')
      .values({ key, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(inserted.id));
  }
  return { ok: true, ids };
}

export function createRateLimiter(db: Db) {
  return {
    /**
     * Records one attempt under every key of `record` if every limit allows it; otherwise records nothing
     * and answers how many seconds until the tightest refusing limit allows an attempt again.
     */
    async attempt(limits: CountLimit[], record: string[], slowdown?: Slowdown): Promise<Attempt> {
      const keys = [...limits.map((l) => l.key), ...record, ...(slowdown ? [slowdown.key] : [])];
      return withKeysLocked(db, keys, (trx) => decide(trx, limits, record, slowdown));
    },
    /**
     * The same decision inside the caller's transaction `trx` (an email written in a payment's
     * transaction): the keys' locks are taken in it and held until it ends.
     */
    async attemptWithin(trx: Db, limits: CountLimit[], record: string[]): Promise<Attempt> {
      await lockKeysWithin(trx, [...limits.map((l) => l.key), ...record]);
      return decide(trx, limits, record);
    },
    /** Takes back the rows an attempt recorded (it turned out not to count). */
    async release(attempt: Attempt): Promise<void> {
      if (!attempt.ok || attempt.ids.length === 0) return;
      await db.deleteFrom('rate_events').where('id', 'in', attempt.ids).execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_events').where('key', '=', key).execute();
    },
  };
}
