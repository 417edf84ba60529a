import { compiledOnce, slot } from '../db/compiled-once.ts';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../lib/time.ts';

/** Every refresh reads its token's row: compiled once. */
const refreshTokenByJti = compiledOnce<{ revoked_at: string | null; expires_at: string }, { jti: string }>((db) =>
  db.selectFrom('refresh_tokens').select(['revoked_at', 'expires_at']).where('jti', '=', slot<string>('jti')),
);

export function createRefreshTokenRepository(db: Db) {
  return {
    async add(jti: string, userId: number, expiresAt: string): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ jti, user_id: userId, expires_at: expiresAt, revoked_at: null, created_at: nowIso() })
        .execute();
    },
    /** True when the token is known, not revoked and not expired. */
    async isUsable(jti: string): Promise<boolean> {
      const [row] = await refreshTokenByJti(db, { jti });
      return row !== undefined && row.revoked_at === null && row.expires_at > nowIso();
    },
    async revoke(jti: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: nowIso() })
        .where('jti', '=', jti)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Every live refresh token of an account: a password reset or a deactivation signs out every device. */
    async revokeAllOf(userId: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Housekeeping: expired rows serve no purpose. */
    async deleteExpired(): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', nowIso()).execute();
    },
  };
}
