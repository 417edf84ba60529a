import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';

/**
 * What the unread stream's watcher reads (decision record 080): each process asks these, once for all its
 * open streams, never once per stream. Every query walks an index: the primary key for the newest rows,
 * `notifications_user (user_id, id)` for a user's counts.
 */
export type UnreadState = { user_id: number; unread: number; latest_id: number | null };

const CHUNK = 500;

export function createStreamRepository(db: Db) {
  return {
    /** The newest notification's id, 0 for none: the watcher's cheap look. */
    async highest(): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max<number | null>('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },
    /** Each user with a notification newer than `after`, with the newest id they have. */
    async newestSince(after: number): Promise<{ user_id: number; latest: number }[]> {
      const rows = await db
        .selectFrom('notifications')
        .select((eb) => ['user_id', eb.fn.max<number>('id').as('latest')])
        .where('id', '>', after)
        .groupBy('user_id')
        .execute();
      return rows.map((r) => ({ user_id: r.user_id, latest: Number(r.latest) }));
    },
    /** The unread count and newest id of each of these users (a user with no notification: 0 and null). */
    async states(userIds: number[]): Promise<UnreadState[]> {
      const found = new Map<number, UnreadState>();
      for (let i = 0; i < userIds.length; i += CHUNK) {
        const rows = await db
          .selectFrom('notifications')
          .select((eb) => [
            'user_id',
            eb.fn.sum<number>(sql<number>`CASE WHEN read_at IS NULL THEN 1 ELSE 0 END`).as('unread'),
            eb.fn.max<number>('id').as('latest_id'),
          ])
          .where('user_id', 'in', userIds.slice(i, i + CHUNK))
          .groupBy('user_id')
          .execute();
        for (const r of rows) {
          found.set(r.user_id, { user_id: r.user_id, unread: Number(r.unread ?? 0), latest_id: Number(r.latest_id) });
        }
      }
      return userIds.map((id) => found.get(id) ?? { user_id: id, unread: 0, latest_id: null });
    },
  };
}

export type StreamRepository = ReturnType<typeof createStreamRepository>;
