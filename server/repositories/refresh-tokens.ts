import { compiledOnce, slot } from '../db/compiled-once.ts';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../lib/time.ts';

export type RefreshTokenRow = {
  jti: string;
  user_id: number;
  family: string;
  expires_at: string;
  revoked_at: string | null;
  rotated_at: string | null;
};

/** Every refresh reads its token's row: compiled once. */
const refreshTokenByJti = compiledOnce<Omit<RefreshTokenRow, 'family'> & { family: string | null }, { jti: string }>(
  (db) =>
    db
      .selectFrom('refresh_tokens')
      .select(['jti', 'user_id', 'family', 'expires_at', 'revoked_at', 'rotated_at'])
      .where('jti', '=', slot<string>('jti')),
);

/** Every login and refresh records a token, and every refresh retires one: compiled once too. */
const insertRefreshToken = compiledOnce<
  never,
  { jti: string; user_id: number; expires_at: string; created_at: string; family: string }
>((db) =>
  db.insertInto('refresh_tokens').values({
    jti: slot<string>('jti'),
    user_id: slot<number>('user_id'),
    expires_at: slot<string>('expires_at'),
    revoked_at: null,
    created_at: slot<string>('created_at'),
    family: slot<string>('family'),
    rotated_at: null,
  }),
);
const retireRefreshToken = compiledOnce<never, { jti: string; now: string }>((db) =>
  db
    .updateTable('refresh_tokens')
    .set({ revoked_at: slot<string>('now'), rotated_at: slot<string>('now') })
    .where('jti', '=', slot<string>('jti'))
    .where('revoked_at', 'is', null),
);

export function createRefreshTokenRepository(db: Db) {
  return {
    async add(jti: string, userId: number, expiresAt: string, family: string = jti): Promise<void> {
      await insertRefreshToken(db, { jti, user_id: userId, expires_at: expiresAt, created_at: nowIso(), family });
    },
    async find(jti: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await refreshTokenByJti(db, { jti });
      return row && { ...row, family: row.family ?? row.jti };
    },
    /** Marks a token exchanged for its successor (it stops working, and reuse is recognisable). */
    async markRotated(jti: string): Promise<void> {
      await retireRefreshToken(db, { jti, now: nowIso() });
    },
    /** Ends a whole login: every token of the family stops working. */
    async revokeFamily(family: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: nowIso() })
        .where((eb) => eb.or([eb('family', '=', family), eb('jti', '=', family)]))
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
