import { sql, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/connect.ts';
import type { MessageOutboxTable, MessageRow } from './tables.ts';

const due = (now: string) => sql<boolean>`(status = 'pending' AND next_attempt_at <= ${now})`;

/**
 * The message outbox's claims and status changes (decision record 074). A row is claimed once: only a
 * `pending` row becomes `sending`; one whose worker died while sending is never sent again (its outcome is
 * unknown: it falls back instead), so a channel carries a notification at most once.
 */
export function createMessageRepository(db: Db) {
  return {
    async claimDue(dialect: Dialect, limit: number, now: number, leaseSeconds: number): Promise<MessageRow[]> {
      const nowIso = new Date(now).toISOString();
      const lease = new Date(now + leaseSeconds * 1000).toISOString();
      if (dialect === 'postgres') {
        const result = await sql<MessageRow>`
          UPDATE message_outbox SET status = 'sending', attempts = attempts + 1, locked_until = ${lease}
          WHERE id IN (
            SELECT id FROM message_outbox WHERE ${due(nowIso)} ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          )
          RETURNING *`.execute(db);
        return result.rows;
      }
      const candidates = await db
        .selectFrom('message_outbox')
        .select('id')
        .where(due(nowIso))
        .orderBy('id')
        .limit(limit)
        .execute();
      const claimed: MessageRow[] = [];
      for (const { id } of candidates) {
        const row = await db
          .updateTable('message_outbox')
          .set({ status: 'sending', attempts: sql<number>`attempts + 1`, locked_until: lease })
          .where('id', '=', id)
          .where(due(nowIso))
          .returningAll()
          .executeTakeFirst();
        if (row) claimed.push(row);
      }
      return claimed;
    },

    /** Moves a row from one of `from` to a new state; answers the row when this call made the change. */
    async transition(
      id: number,
      from: string[],
      values: Updateable<MessageOutboxTable>,
    ): Promise<MessageRow | undefined> {
      return db
        .updateTable('message_outbox')
        .set(values)
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** Rows whose sender died mid-send (lease over): their outcome is unknown. */
    interrupted: (now: number) =>
      db
        .selectFrom('message_outbox')
        .selectAll()
        .where('status', '=', 'sending')
        .where('locked_until', '<', new Date(now).toISOString())
        .limit(100)
        .execute(),
    /** WhatsApp messages sent before `before` with no delivery yet. */
    undelivered: (before: number) =>
      db
        .selectFrom('message_outbox')
        .selectAll()
        .where('channel', '=', 'whatsapp')
        .where('status', '=', 'sent')
        .where('sent_at', '<', new Date(before).toISOString())
        .limit(500)
        .execute(),
    byProviderId: (channel: string, providerId: string) =>
      db
        .selectFrom('message_outbox')
        .selectAll()
        .where('channel', '=', channel)
        .where('provider_message_id', '=', providerId)
        .executeTakeFirst(),
    async page(limit: number, offset: number) {
      return db
        .selectFrom('message_outbox')
        .innerJoin('notifications', 'notifications.id', 'message_outbox.notification_id')
        .innerJoin('users', 'users.id', 'message_outbox.user_id')
        .select([
          ...['message_outbox.id', 'message_outbox.channel', 'message_outbox.phone', 'message_outbox.status'],
          ...['message_outbox.last_error', 'message_outbox.fallback_of', 'message_outbox.created_at'],
          ...['message_outbox.sent_at', 'notifications.event', 'users.username', 'users.email'],
        ] as const)
        .orderBy('message_outbox.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('message_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
