import { sql, type Insertable } from 'kysely';
import type { Db, Dialect } from './connect.ts';
import { claimLeased } from './lease-claim.ts';
import type { OutboxRow, OutboxTable } from './schema.ts';

const due = (now: string) =>
  sql<boolean>`((status = 'pending' AND next_attempt_at <= ${now}) OR (status = 'sending' AND locked_until < ${now}))`;

/** The email outbox table (server/mail writes and sends it; docs/decisions/017-email-outbox.md). */
export function createOutboxRepository(db: Db) {
  return {
    async insert(values: Insertable<OutboxTable>): Promise<number> {
      const row = await db.insertInto('outbox').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: (limit: number, offset: number) =>
      db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    /**
     * Claims up to `limit` due emails for `leaseSeconds`: PostgreSQL skips rows another worker holds
     * (FOR UPDATE SKIP LOCKED); SQLite (one writer) claims each row with a conditional UPDATE. A claim whose
     * worker died expires with its lease and the email becomes due again.
     */
    async claimDue(dialect: Dialect, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
      const now = new Date();
      const lease = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
      return claimLeased<OutboxRow>(db, dialect, 'outbox', due(now.toISOString()), limit, lease);
    },

    async markSent(id: number, status: 'sent' | 'nowhere'): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status, sent_at: new Date().toISOString(), locked_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** After a failed attempt: due again after `delayMs`, or failed for good after the last attempt. */
    async markFailed(row: OutboxRow, error: string, maxAttempts: number, delayMs: number): Promise<void> {
      await db
        .updateTable('outbox')
        .set({
          status: row.attempts >= maxAttempts ? 'failed' : 'pending',
          next_attempt_at: new Date(Date.now() + delayMs).toISOString(),
          locked_until: null,
          last_error: error.slice(0, 1000),
        })
        .where('id', '=', row.id)
        .execute();
    },
  };
}
