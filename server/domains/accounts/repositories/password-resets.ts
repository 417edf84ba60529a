import { sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/**
 * Password reset tokens, stored as SHA-256 hashes with the nonce they derive from (the token itself is only
 * in the email as sent: server/platform/lib/reset-links.ts).
 */
export function createPasswordResetRepository(db: Db) {
  return {
    findUserByEmail: (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst(),
    /** Stores a reset (its token's hash and the nonce the token derives from); answers its id. */
    async insert(userId: number, tokenHash: string, expiresAt: string, linkNonce: string): Promise<number> {
      const row = await db
        .insertInto('password_resets')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          expires_at: expiresAt,
          used_at: null,
          created_at: nowIso(),
          link_nonce: linkNonce,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** What the mail worker needs to write a reset's link: its nonce and its token's hash. */
    findLink: (id: number) =>
      db.selectFrom('password_resets').select(['link_nonce', 'token_hash']).where('id', '=', id).executeTakeFirst(),
    /** Marks a live token used (once: a conditional UPDATE) and answers its account, or undefined. */
    async consume(tokenHash: string): Promise<number | undefined> {
      const now = nowIso();
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },
  };
}
