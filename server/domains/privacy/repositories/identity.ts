import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/**
 * Identity: which rows are a person's (decision record 063, docs/architecture.md "Identity seams"). Rows
 * with the person's id are theirs. Rows kept only by an email address (counseling requests, consents given
 * by address, emails sent) are theirs only for an address confirmed for their account, and only from the
 * moment it was confirmed until it was changed away: a span. An address nobody confirmed reaches nothing,
 * so registering (or changing to) a stranger's address gives no access to the stranger's rows.
 */

/** An address confirmed for an account, and when it was the account's (`until` null: it still is). */
export type AddressSpan = { email: string; from: string; until: string | null };

/** A row's address test for one address (a column compared, or a recipients list searched). */
export type AddressMatch = (email: string) => RawBuilder<boolean>;

/** `lower(column) = address`. */
export const addressColumn =
  (column: string): AddressMatch =>
  (email) =>
    sql<boolean>`lower(${sql.ref(column)}) = ${email.toLowerCase()}`;

/** A text column that holds `text` (any case), with LIKE's wildcards escaped (an `_` must not match any letter). */
export const holding =
  (column: string) =>
  (text: string): RawBuilder<boolean> =>
    sql<boolean>`lower(${sql.ref(column)}) LIKE ${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;

/** Emails addressed to exactly this address: its JSON string (quotes included) inside the recipients array. */
export const addressedTo: AddressMatch = (email) => holding('recipients')(JSON.stringify(email.toLowerCase()));

/** Emails that carried one of these confirmation or undo links: sent for the account, so its own by id. */
export function carryingLinks(linkIds: number[]): RawBuilder<boolean> {
  if (linkIds.length === 0) return sql<boolean>`1 = 0`;
  const each = linkIds.map((id) => holding('attachments')(JSON.stringify({ kind: 'email_link', id })));
  return sql<boolean>`(${sql.join(each, sql` OR `)})`;
}

/**
 * The rows of a person kept only by address: the row matches one of the spans' addresses and its time
 * column lies within that span. No span: no row (`1 = 0`).
 */
export function withinSpans(spans: AddressSpan[], match: AddressMatch, timeColumn = 'created_at'): RawBuilder<boolean> {
  if (spans.length === 0) return sql<boolean>`1 = 0`;
  const time = sql.ref(timeColumn);
  const each = spans.map((span) =>
    span.until === null
      ? sql`(${match(span.email)} AND ${time} >= ${span.from})`
      : sql`(${match(span.email)} AND ${time} >= ${span.from} AND ${time} < ${span.until})`,
  );
  return sql<boolean>`(${sql.join(each, sql` OR `)})`;
}

export function createIdentityRepository(db: Db) {
  return {
    /** Every address confirmed for the account, with its span, oldest first. */
    spans: async (userId: number): Promise<AddressSpan[]> =>
      (
        await db
          .selectFrom('verified_emails')
          .select(['email', 'verified_at', 'released_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((row) => ({ email: row.email, from: row.verified_at, until: row.released_at })),

    /** The ids of the account's confirmation and undo links (the emails that carried them are its own). */
    linkIds: async (userId: number): Promise<number[]> =>
      (await db.selectFrom('email_links').select('id').where('user_id', '=', userId).execute()).map((r) => r.id),

    /** The account's address is confirmed now: it is theirs from now on (a span opens, unless one is open). */
    async confirm(userId: number, email: string, at = nowIso()): Promise<void> {
      const address = email.toLowerCase();
      await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).execute();
      const open = await db
        .selectFrom('verified_emails')
        .select('id')
        .where('user_id', '=', userId)
        .where('email', '=', address)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      if (!open) {
        await db
          .insertInto('verified_emails')
          .values({ user_id: userId, email: address, verified_at: at, released_at: null })
          .execute();
      }
    },

    /**
     * The account's address changes to `email` (unconfirmed): the span of the address it leaves closes now.
     * `verifiedAt` keeps a confirmation (an undo gives back a confirmed address with its own time).
     */
    async changeAddress(userId: number, email: string, verifiedAt: string | null = null, at = nowIso()) {
      await db
        .updateTable('verified_emails')
        .set({ released_at: at })
        .where('user_id', '=', userId)
        .where('released_at', 'is', null)
        .execute();
      await db.updateTable('users').set({ email, email_verified_at: verifiedAt }).where('id', '=', userId).execute();
    },

    /**
     * An undo gives the account back an address confirmed before the change: the span closed by the change
     * opens again (the old address's owner proved it by opening the undo link sent to it).
     */
    async reopen(userId: number, email: string): Promise<void> {
      const latest = await db
        .selectFrom('verified_emails')
        .select('id')
        .where('user_id', '=', userId)
        .where('email', '=', email.toLowerCase())
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (latest)
        await db.updateTable('verified_emails').set({ released_at: null }).where('id', '=', latest.id).execute();
    },
  };
}
