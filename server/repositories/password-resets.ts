import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../lib/time.ts';

/** Password reset tokens, stored as SHA-256 hashes (the token itself is only in the emailed link). */
export function createPasswordResetRepository(db: Db) {
  return {
    findUserByEmail: (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst(),
    async insert(userId: number, tokenHash: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: nowIso() })
        .execute();
    },
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
