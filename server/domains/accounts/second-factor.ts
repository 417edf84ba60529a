import {
  FIRST_FACTOR_LOGIN_SECONDS,
  MFA_MESSAGES,
  type AuthenticationResponse,
  type MfaLoginInput,
  type MfaPasskeyInput,
  type RegistrationResponse,
  type StepUpInput,
  type TotpDisableInput,
} from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, notFound, rateLimited } from '../../platform/lib/errors.ts';
import { verifyPassword } from '../../platform/lib/passwords.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import type { MfaFactors } from './mfa/factors.ts';
import type { MfaLogin } from './mfa/login.ts';
import type { Passkeys } from './mfa/passkeys.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { createUserRepository } from './repositories/users.ts';
import { secondFactorChangedEmail, type FactorChange } from './templates.ts';
import type { TokenService } from './tokens.ts';

/**
 * Who may add a second factor, as the route proved it: the signed-in user, their login (`request.login`),
 * and the route's step-up check (it throws without a fresh proof of this login).
 */
export type Enrolling = { user: UserRow; login: string | null; stepUp: () => UserRow };

/**
 * The second factor's actions of a signed-in user (the authenticator app, recovery codes, passkeys,
 * step-up), the login's second step, and an administrator's reset. Every change of a factor tells the
 * account's owner by email; every code or passkey proof counts against the same per-account limit.
 */
export function createSecondFactor({
  db,
  config,
  tokens,
  mfa,
}: {
  db: Db;
  config: Config;
  tokens: TokenService;
  mfa: { factors: MfaFactors; login: MfaLogin; passkeys: Passkeys };
}) {
  const limiter = createRateLimiter(db);
  const users = createUserRepository(db);
  const ctx = { institute: config.institute, publicUrl: config.publicUrl };

  /** A code's (and a password's) attempts of one account: 5 wrong answers per window, counted first. */
  async function countAttempt(user: UserRow) {
    const key = `mfa:code:${user.id}`;
    const attempt = await limiter.attempt(
      [{ key, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: config.loginWindowSeconds }],
      [key],
    );
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    return attempt;
  }

  /**
   * A code check of a logged-in user (step-up, turning off, new recovery codes), with the password too
   * when given (the attempt is counted before either is checked).
   */
  async function provenCode(user: UserRow, code: string, password?: string): Promise<void> {
    const attempt = await countAttempt(user);
    if (password !== undefined && !(await verifyPassword(password, user.password_hash))) {
      throw new BusinessError(MFA_MESSAGES.passwordWrong);
    }
    if (!(await mfa.factors.checkCode(user.id, code))) throw new BusinessError(MFA_MESSAGES.codeInvalid);
    await limiter.release(attempt);
  }

  /** A passkey assertion of the logged-in user, under the same limit as a code. */
  async function provenPasskey(user: UserRow, response: AuthenticationResponse): Promise<void> {
    const attempt = await countAttempt(user);
    await mfa.passkeys.assert(response, 'passkey-step-up', user.id, 400);
    await limiter.release(attempt);
  }

  /**
   * Adding a second factor (decision record 064's companion rule, issue 32). An account that has one
   * already needs a fresh step-up of it; the account's FIRST factor (authenticator app or passkey) needs the
   * current password, unless this login began less than FIRST_FACTOR_LOGIN_SECONDS ago, so a stolen access
   * token alone cannot put the thief's phone or passkey on the account. Password attempts count against the
   * same per-account limit as a code's.
   */
  async function mayAddFactor({ user, login, stepUp }: Enrolling, password: string | undefined): Promise<UserRow> {
    if (user.mfa_enabled) return stepUp();
    if (password === undefined) {
      const began = login ? await createRefreshTokenRepository(db).startedAt(login) : undefined;
      if (began && Date.now() - Date.parse(began) < FIRST_FACTOR_LOGIN_SECONDS * 1000) return user;
      throw new BusinessError(MFA_MESSAGES.passwordNeeded);
    }
    const attempt = await countAttempt(user);
    if (!(await verifyPassword(password, user.password_hash))) throw new BusinessError(MFA_MESSAGES.passwordWrong);
    await limiter.release(attempt);
    return user;
  }

  /** Tells the account's owner, at the account's address, that one of their second factors changed. */
  async function noticeFactorChange(user: UserRow, change: FactorChange): Promise<void> {
    await enqueueEmail(db, {
      template: 'second_factor_changed',
      to: [user.email],
      ...secondFactorChangedEmail(ctx, { firstName: user.first_name || user.username, change }),
    });
  }

  return {
    /** The first factor needs the password (or a login minutes old); another one a step-up. */
    async setupTotp(enrolling: Enrolling, password: string | undefined) {
      if ((await mfa.factors.status(enrolling.user)).totp_enabled) throw new BusinessError(MFA_MESSAGES.alreadyEnabled);
      return mfa.factors.setup(await mayAddFactor(enrolling, password));
    },

    async confirmTotp(user: UserRow, code: string) {
      const codes = await mfa.factors.confirm(user, code);
      await noticeFactorChange(user, 'totp_added');
      return { recovery_codes: codes };
    },

    async disableTotp(user: UserRow, input: TotpDisableInput): Promise<void> {
      if (!(await mfa.factors.status(user)).totp_enabled) throw new BusinessError(MFA_MESSAGES.notEnabled);
      await provenCode(user, input.code, input.password);
      await mfa.factors.disable(user.id, user.id);
      await noticeFactorChange(user, 'totp_removed');
    },

    async regenerateCodes(user: UserRow, code: string) {
      await provenCode(user, code);
      const codes = await mfa.factors.regenerate(user);
      await noticeFactorChange(user, 'recovery_codes_regenerated');
      return { recovery_codes: codes };
    },

    /** Step-up with a code, or with a passkey's assertion, for `login` (the route read it before the proof). */
    async stepUp(user: UserRow, login: string, input: StepUpInput) {
      if ('response' in input) {
        await provenPasskey(user, input.response);
        return { step_up_until: await mfa.factors.recordStepUp(user, login, 'passkey') };
      }
      await provenCode(user, input.code);
      return { step_up_until: await mfa.factors.recordStepUp(user, login, 'totp') };
    },

    /** The login's second step (a code, a recovery code or a passkey) trades the mfa_token for the pair. */
    async completeLogin(input: MfaLoginInput | MfaPasskeyInput, ip: string) {
      return tokens.issuePair(await mfa.login.complete(input, ip));
    },

    /**
     * An administrator removes another user's second factor (authenticator app and passkeys: a lost phone),
     * with a reason, audited, and the owner is told by email.
     */
    async resetByAdmin(admin: UserRow, id: number, reason: string): Promise<void> {
      if (id === admin.id) throw new BusinessError(MFA_MESSAGES.resetSelf);
      const owner = await users.findById(id);
      if (!owner) throw notFound();
      const factors = await mfa.factors.status(owner);
      if (!factors.totp_enabled && factors.passkeys === 0) throw new BusinessError(MFA_MESSAGES.resetNothing);
      await mfa.factors.disable(admin.id, owner.id, { reason }, owner);
    },

    /** The login's second step with a passkey: options for the mfa_token's account. */
    async passkeyLoginOptions(mfaToken: string) {
      return mfa.passkeys.userAuthenticationOptions(await mfa.login.tokenUser(mfaToken), 'passkey-mfa');
    },

    /** The challenge is issued only to one who may add a factor (as for the authenticator app). */
    async passkeyRegistrationOptions(enrolling: Enrolling, password: string | undefined) {
      return mfa.passkeys.registrationOptions(await mayAddFactor(enrolling, password));
    },

    async registerPasskey(user: UserRow, name: string, response: RegistrationResponse) {
      const passkey = await mfa.passkeys.register(user, name, response);
      await noticeFactorChange(user, 'passkey_added');
      return passkey;
    },

    async removePasskey(user: UserRow, id: string): Promise<void> {
      await mfa.passkeys.remove(user, id);
      await noticeFactorChange(user, 'passkey_removed');
    },
  };
}
