import { sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { AgeRecordsTable } from '../../../platform/db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

export type ConsentEventRow = {
  purpose: string;
  granted: number;
  notice_version: string;
  source: string;
  created_at: string;
};

/** Consent events (append-only: a withdrawal is a new row) and the age answer with a minor's parent. */
export function createConsentRepository(db: Db) {
  return {
    async append(
      rows: {
        user_id: number | null;
        email: string | null;
        purpose: string;
        granted: boolean;
        notice_version: string;
        source: string;
        /** The number a WhatsApp or SMS choice was for (migration 032). */
        phone?: string | null;
        /** The exact statement shown with the choice (a success story's items, migration 036). */
        shown_text?: string | null;
      }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const now = new Date().toISOString();
      await db
        .insertInto('consent_events')
        .values(rows.map((r) => ({ ...r, granted: r.granted ? 1 : 0, created_at: now })))
        .execute();
    },
    /** Every event of an account, oldest first (the history; the last per purpose is the live state). */
    history: (userId: number): Promise<ConsentEventRow[]> =>
      db
        .selectFrom('consent_events')
        .select(['purpose', 'granted', 'notice_version', 'source', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    /** The latest event of one purpose for an account (undefined: never asked). */
    latest: (userId: number, purpose: string) =>
      db
        .selectFrom('consent_events')
        .select(['granted'])
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** The events of some purposes of some accounts, oldest first (a success story's items: decision 079). */
    ofPurposes: (userIds: number[], purposes: string[]) =>
      userIds.length === 0 || purposes.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('consent_events')
            .select(['user_id', 'purpose', 'granted', 'created_at'])
            .where('user_id', 'in', userIds)
            .where('purpose', 'in', purposes)
            .orderBy('id')
            .execute(),
    /** Events recorded against an address (counseling requests from visitors without an account). */
    byEmail: (email: string): Promise<ConsentEventRow[]> =>
      db
        .selectFrom('consent_events')
        .select(['purpose', 'granted', 'notice_version', 'source', 'created_at'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .execute(),
    async saveAge(row: Insertable<AgeRecordsTable>): Promise<void> {
      await db.insertInto('age_records').values(row).execute();
    },
    age: (userId: number): Promise<Selectable<AgeRecordsTable> | undefined> =>
      db.selectFrom('age_records').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** A parent's link: confirms once, answers the account, or undefined for an unknown or used link. */
    /** What the mail worker needs to write a parent's link: the nonce (null once confirmed). */
    guardianLinkNonce: async (userId: number): Promise<string | null> =>
      (await db.selectFrom('age_records').select('link_nonce').where('user_id', '=', userId).executeTakeFirst())
        ?.link_nonce ?? null,
    /** Confirms once, with a link issued after `issuedAfter` (7 days: decision record 065). */
    async confirmGuardian(tokenHash: string, issuedAfter: string): Promise<number | undefined> {
      const row = await db
        .updateTable('age_records')
        .set({ confirmed_at: new Date().toISOString(), token_hash: null, link_nonce: null })
        .where('token_hash', '=', tokenHash)
        .where('created_at', '>', issuedAfter)
        .where('confirmed_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}
