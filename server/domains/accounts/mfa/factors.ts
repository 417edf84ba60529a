import { randomBytes } from 'node:crypto';
import { MFA_MESSAGES, STEP_UP_SECONDS, type MfaStatus, type TotpSetup } from '../../../../contract/index.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { UserRow } from '../../../platform/db/schema.ts';
import { BusinessError } from '../../../platform/lib/errors.ts';
import { enqueueEmail } from '../../../platform/mail/outbox.ts';
import { secondFactorRemovedEmail } from '../templates.ts';
import { openSecret, sealSecret } from '../../../platform/lib/secret-box.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createMfaRepository } from '../repositories/mfa.ts';
import { createPasskeyRepository } from '../repositories/passkeys.ts';
import { createSettingsRepository } from '../../../platform/db/settings.ts';
import { steppedUpUntil } from './step-up.ts';
import { matchingStep, newTotpSecret, otpauthUrl, qrSvg } from './totp.ts';
import { newRecoveryCodes, recoveryCodeHash, recoveryCodeKey } from './recovery-codes.ts';

/** MFA_ENCRYPTION_KEY, else the key stored in the settings table (made once, shared by every instance). */
export async function resolveMfaKey(db: Db, configured: Buffer | null): Promise<Buffer> {
  if (configured) return configured;
  const stored = await createSettingsRepository(db).getOrInsert(
    'mfa_encryption_key',
    randomBytes(32).toString('base64'),
  );
  return Buffer.from(stored, 'base64');
}

/** The associated data binding a sealed seed to its user's row. */
const seedLabel = (userId: number) => `totp:${userId}`;

/**
 * The second factor of one user: the authenticator app (set up, confirmed, turned off), recovery codes
 * and the checks the login's second step and step-up use. Every enrolment, removal, recovery-code use and
 * step-up writes an audit row (entity "user", the owner's id) in the same transaction.
 */
export function createMfaFactors(db: Db, config: Config, key: Buffer) {
  const repo = createMfaRepository(db);
  const recoveryKey = recoveryCodeKey(key);
  const recoveryHash = (code: string) => recoveryCodeHash(recoveryKey, code);

  async function confirmedSecret(userId: number): Promise<{ secret: string; lastStep: number | null } | null> {
    const row = await repo.totp(userId);
    if (!row?.confirmed_at) return null;
    return { secret: openSecret(key, row.secret_encrypted, seedLabel(userId)), lastStep: row.last_step };
  }

  async function issueRecoveryCodes(trx: Db, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await createMfaRepository(trx).replaceRecoveryCodes(userId, codes.map(recoveryHash));
    return codes;
  }

  /** True when `code` is a current code of the user's confirmed app, never accepted before (section 5.2). */
  async function checkCode(userId: number, code: string): Promise<boolean> {
    const totp = await confirmedSecret(userId);
    if (!totp) return false;
    const step = matchingStep(totp.secret, code, totp.lastStep);
    return step !== null && repo.claimStep(userId, step);
  }

  return {
    checkCode,
    /** Spends a recovery code (true once), audited. */
    async useRecoveryCode(userId: number, code: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await createMfaRepository(trx).useRecoveryCode(userId, recoveryHash(code)))) return false;
        const left = await createMfaRepository(trx).recoveryCodesLeft(userId);
        await createAuditRepository(trx).record({
          actorId: userId,
          action: 'mfa.recovery_code_used',
          entity: 'user',
          entityId: userId,
          changes: { recovery_codes_left: left },
        });
        return true;
      });
    },

    /** POST /auth/mfa/totp/setup/: a new secret, shown once as an otpauth URI and its QR code. */
    async setup(user: UserRow): Promise<TotpSetup> {
      const secret = newTotpSecret();
      const started = await repo.startTotp(user.id, sealSecret(key, secret, seedLabel(user.id)));
      if (!started) throw new BusinessError(MFA_MESSAGES.alreadyEnabled);
      const url = otpauthUrl(secret, config.mfaIssuer, user.username);
      return { otpauth_url: url, qr_svg: await qrSvg(url) };
    },

    /** POST /auth/mfa/totp/confirm/: the first code turns the app on; answers the recovery codes, once. */
    async confirm(user: UserRow, code: string): Promise<string[]> {
      const row = await repo.totp(user.id);
      if (!row || row.confirmed_at) throw new BusinessError(row ? MFA_MESSAGES.alreadyEnabled : MFA_MESSAGES.notSetUp);
      const step = matchingStep(openSecret(key, row.secret_encrypted, seedLabel(user.id)), code, row.last_step);
      if (step === null || !(await repo.claimStep(user.id, step))) throw new BusinessError(MFA_MESSAGES.codeInvalid);
      return db.transaction().execute(async (trx) => {
        const mfa = createMfaRepository(trx);
        await mfa.confirmTotp(user.id);
        await mfa.setEnabled(user.id, true);
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: 'mfa.totp_enabled',
          entity: 'user',
          entityId: user.id,
          changes: {},
        });
        return issueRecoveryCodes(trx, user.id);
      });
    },

    /**
     * Turns the app off (the caller checked the password and a code, or is an administrator with a
     * reason: then the owner is emailed in the same transaction); recovery codes go with it.
     */
    async disable(actorId: number, userId: number, extra: Record<string, unknown> = {}, owner?: UserRow) {
      await db.transaction().execute(async (trx) => {
        const mfa = createMfaRepository(trx);
        await mfa.removeTotp(userId);
        await mfa.removeRecoveryCodes(userId);
        // An administrator's reset (a lost device) removes the passkeys too: every second factor goes.
        if (actorId !== userId) await createPasskeyRepository(trx).removeAllOf(userId);
        if ((await mfa.passkeyCount(userId)) === 0) await mfa.setEnabled(userId, false);
        await createAuditRepository(trx).record({
          actorId,
          action: actorId === userId ? 'mfa.totp_disabled' : 'mfa.reset_by_admin',
          entity: 'user',
          entityId: userId,
          changes: extra,
        });
        if (owner) {
          const ctx = { institute: config.institute, publicUrl: config.publicUrl };
          const reason = String(extra.reason ?? '');
          await enqueueEmail(trx, {
            template: 'second_factor_removed',
            to: [owner.email],
            ...secondFactorRemovedEmail(ctx, { firstName: owner.first_name || owner.username, reason }),
          });
        }
      });
    },

    /** New recovery codes replace the old ones (the caller checked a code). */
    async regenerate(user: UserRow): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: 'mfa.recovery_codes_regenerated',
          entity: 'user',
          entityId: user.id,
          changes: {},
        });
        return issueRecoveryCodes(trx, user.id);
      });
    },

    /** Records a step-up proof now for this login (only its tokens may use it), audited; answers until when it counts. */
    async recordStepUp(user: UserRow, login: string, method: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const at = await createMfaRepository(trx).recordStepUp(user.id, login);
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: 'mfa.step_up',
          entity: 'user',
          entityId: user.id,
          changes: { method },
        });
        return new Date(Date.parse(at) + STEP_UP_SECONDS * 1000).toISOString();
      });
    },

    /** The account's factors; `step_up_until` for the caller's own login (null for anyone else's view). */
    async status(user: UserRow, login: string | null = null): Promise<MfaStatus> {
      const row = await repo.totp(user.id);
      const until = steppedUpUntil(user, login);
      return {
        totp_enabled: Boolean(row?.confirmed_at),
        recovery_codes_left: await repo.recoveryCodesLeft(user.id),
        passkeys: await repo.passkeyCount(user.id),
        step_up_until: until > Date.now() ? new Date(until).toISOString() : null,
      };
    },
  };
}
export type MfaFactors = ReturnType<typeof createMfaFactors>;
