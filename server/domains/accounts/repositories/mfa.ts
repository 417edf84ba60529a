import type { Db } from '../../../platform/db/connect.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/** The second factor's rows (migration 012); every "use once" rule is one conditional UPDATE. */
export function createMfaRepository(db: Db) {
  return {
    totp: (userId: number) =>
      db.selectFrom('totp_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** A new unconfirmed secret replaces any earlier unconfirmed one (a confirmed one stays until removed). */
    async startTotp(userId: number, secretEncrypted: string): Promise<boolean> {
      const now = nowIso();
      const existing = await db
        .selectFrom('totp_credentials')
        .select('confirmed_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing?.confirmed_at) return false;
      if (existing) {
        await db
          .updateTable('totp_credentials')
          .set({ secret_encrypted: secretEncrypted, created_at: now, last_step: null })
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is', null)
          .execute();
      } else {
        await db
          .insertInto('totp_credentials')
          .values({ user_id: userId, secret_encrypted: secretEncrypted, created_at: now })
          .execute();
      }
      return true;
    },
    /**
     * Records `step` as the latest accepted step unless that step or a later one was accepted already:
     * false then (a replay, or a concurrent request with the same code won). Atomic on both databases.
     */
    async claimStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('totp_credentials')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async confirmTotp(userId: number): Promise<void> {
      await db.updateTable('totp_credentials').set({ confirmed_at: nowIso() }).where('user_id', '=', userId).execute();
    },
    async removeTotp(userId: number): Promise<void> {
      await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
    },
    async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      const now = nowIso();
      await db
        .insertInto('recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
    },
    /** Spends the code: true exactly once for an unused code of the user. */
    async useRecoveryCode(userId: number, hash: string): Promise<boolean> {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Recovery codes whose stored hash does not start with `prefix` (an older format, to upgrade). */
    recoveryCodesWithout: (prefix: string) =>
      db
        .selectFrom('recovery_codes')
        .select(['id', 'code_hash'])
        .where('code_hash', 'not like', `${prefix}%`)
        .execute(),
    /** Replaces one code's stored hash, if it is still `from`. */
    async rewriteRecoveryCode(id: number, from: string, to: string): Promise<void> {
      await db
        .updateTable('recovery_codes')
        .set({ code_hash: to })
        .where('id', '=', id)
        .where('code_hash', '=', from)
        .execute();
    },
    async recoveryCodesLeft(userId: number): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async removeRecoveryCodes(userId: number): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },
    async setEnabled(userId: number, enabled: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ mfa_enabled: enabled ? 1 : 0, ...(enabled ? {} : { step_up_at: null, step_up_login: null }) })
        .where('id', '=', userId)
        .execute();
    },
    async recordStepUp(userId: number, login: string): Promise<string> {
      const at = nowIso();
      await db.updateTable('users').set({ step_up_at: at, step_up_login: login }).where('id', '=', userId).execute();
      return at;
    },
    passkeys: (userId: number) =>
      db.selectFrom('webauthn_credentials').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    passkeyCount: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('webauthn_credentials')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Short-lived single-use challenges, by the SHA-256 of their token. */
export function createChallengeRepository(db: Db) {
  return {
    async create(row: {
      token_hash: string;
      purpose: string;
      user_id: number | null;
      challenge: string | null;
      expires_at: string;
    }): Promise<void> {
      await db
        .insertInto('auth_challenges')
        .values({ ...row, created_at: nowIso() })
        .execute();
    },
    /** A live challenge (unused, unexpired, with attempts left) of that purpose. */
    live: (tokenHash: string, purpose: string, maxAttempts: number) =>
      db
        .selectFrom('auth_challenges')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst(),
    async failedAttempt(tokenHash: string): Promise<void> {
      await db
        .updateTable('auth_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    /** Spends the challenge: true exactly once. */
    async use(tokenHash: string): Promise<boolean> {
      const result = await db
        .updateTable('auth_challenges')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Housekeeping: challenges past their expiry. */
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('auth_challenges').where('expires_at', '<', nowIso()).execute();
    },
  };
}
