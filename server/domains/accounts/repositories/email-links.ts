import type { Db } from '../../../platform/db/connect.ts';
import type { EmailLinksTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';

type Purpose = EmailLinksTable['purpose'];

/**
 * The emailed confirmation and undo links (migration 024, decision record 063): each row keeps its token's
 * SHA-256 and the nonce the token derives from (server/platform/lib/reset-links.ts), never the token.
 */
export function createEmailLinkRepository(db: Db) {
  return {
    async insert(link: {
      userId: number;
      purpose: Purpose;
      email: string;
      restoreVerifiedAt?: string | null;
      tokenHash: string;
      nonce: string;
      expiresAt: string;
    }): Promise<number> {
      const row = await db
        .insertInto('email_links')
        .values({
          user_id: link.userId,
          purpose: link.purpose,
          email: link.email,
          restore_verified_at: link.restoreVerifiedAt ?? null,
          token_hash: link.tokenHash,
          link_nonce: link.nonce,
          expires_at: link.expiresAt,
          used_at: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** What the mail worker needs to write a link: its nonce and purpose. */
    findLink: (id: number) =>
      db.selectFrom('email_links').select(['link_nonce', 'purpose']).where('id', '=', id).executeTakeFirst(),
    /** Marks a live link of `purpose` used (once: a conditional UPDATE) and answers it, or undefined. */
    consume: (tokenHash: string, purpose: Purpose) => {
      const now = nowIso();
      return db
        .updateTable('email_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'user_id', 'email', 'restore_verified_at'])
        .executeTakeFirst();
    },
    /** Voids every live link of a purpose of the account (an undo voids the other undo links). */
    async voidAll(userId: number, purpose: Purpose): Promise<void> {
      await db
        .updateTable('email_links')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
    /** Retention: links that expired before `before`. */
    async pruneExpired(before: string): Promise<number> {
      const result = await db.deleteFrom('email_links').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
