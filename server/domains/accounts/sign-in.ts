import {
  PASSKEY_MESSAGES,
  SERVER_MESSAGES,
  type LoginInput,
  type PasskeyAssertionInput,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
} from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';
import { BusinessError, HttpError, rateLimited } from '../../platform/lib/errors.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../../platform/lib/passwords.ts';
import type { MailEvents } from './mail.ts';
import type { MfaLogin } from './mfa/login.ts';
import type { Passkeys } from './mfa/passkeys.ts';
import { issuePasswordReset, sha256 } from './password-resets.ts';
import { createPasswordResetRepository } from './repositories/password-resets.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { createUserRepository } from './repositories/users.ts';
import type { TokenService } from './tokens.ts';

export const RESET_REQUESTED = SERVER_MESSAGES.resetRequested;
export const RESET_LINK_INVALID = SERVER_MESSAGES.resetLinkInvalid;

export type SignInDeps = {
  db: Db;
  config: Config;
  tokens: TokenService;
  mail: MailEvents;
  mfa: { login: MfaLogin; passkeys: Passkeys };
};

/**
 * Signing in: with the password (the login's first step), with a passkey alone, and the forgotten
 * password's reset. Every way is limited per client address (and the password per account) like the login
 * (decision record 030); `ip` is the client's address as the request saw it.
 */
export function createSignIn({ db, config, tokens, mail, mfa }: SignInDeps) {
  const users = createUserRepository(db);
  const limiter = createRateLimiter(db);

  const loginLimits = (ip: string, username: string) => {
    const account = username.toLowerCase();
    const pair = `login:pair:${account}|${ip}`;
    const address = `login:addr:${ip}`;
    const accountKey = `login:user:${account}`;
    const window = config.loginWindowSeconds;
    return {
      pair,
      limits: [
        { key: pair, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: window },
        { key: address, max: config.loginMaxFailuresPerAddress, windowSeconds: window },
      ],
      record: [pair, address, accountKey],
      slowdown: {
        key: accountKey,
        after: config.loginSlowdownAfterFailuresPerAccount,
        baseSeconds: 1,
        maxSeconds: config.loginSlowdownMaxSeconds,
        windowSeconds: window,
      },
    };
  };

  /** Passkey sign-in attempts per client address, like the login's per-address limit. */
  const addressLimit = (ip: string, kind: string) => {
    const key = `passkey:${kind}:${ip}`;
    return limiter.attempt(
      [{ key, max: config.loginMaxFailuresPerAddress, windowSeconds: config.loginWindowSeconds }],
      [key],
    );
  };

  return {
    /** The password: a token pair, or with a second factor on an mfa_token and no tokens (POST /auth/token/mfa/). */
    async withPassword(ip: string, input: LoginInput) {
      // The attempt is counted as a failure before the password is hashed, so a burst cannot overtake the
      // limit; a successful login takes its rows back.
      const rules = loginLimits(ip, input.username);
      const attempt = await limiter.attempt(rules.limits, rules.record, rules.slowdown);
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);

      const user = await users.findByUsername(input.username);
      const ok = user
        ? await verifyPassword(input.password, user.password_hash)
        : (await burnPasswordCheck(input.password), false);
      // A deactivated account answers exactly like a wrong password: nothing to learn from trying.
      if (!user || !ok || !user.is_active) throw new HttpError(401, SERVER_MESSAGES.badCredentials);
      await limiter.release(attempt);
      await limiter.clear(rules.pair);
      // A hash made with an older cost (N=2^14 before decision record 065) is replaced with the password just checked.
      if (needsRehash(user.password_hash))
        await users.update(user.id, { password_hash: await hashPassword(input.password) });
      if (user.mfa_enabled) return mfa.login.challenge(user.id);
      await users.recordLogin(user.id);
      return tokens.issuePair(user.id);
    },

    /**
     * Options for signing in with a passkey alone. Each request stores a challenge row, so it counts
     * against the address.
     */
    async passkeyOptions(ip: string) {
      const attempt = await addressLimit(ip, 'options');
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      return mfa.passkeys.loginOptions();
    },

    /**
     * A discoverable passkey that verified its user is both factors. The attempt counts against the
     * address and is taken back when it succeeds (as the login's).
     */
    async withPasskey(ip: string, input: PasskeyAssertionInput) {
      const attempt = await addressLimit(ip, 'login');
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      const { userId } = await mfa.passkeys.assert(input.response, 'passkey-login', null, 401);
      const user = await users.findById(userId);
      // A deactivated account answers like an unknown passkey: nothing to learn from trying.
      if (!user?.is_active) throw new HttpError(401, PASSKEY_MESSAGES.unknown);
      await limiter.release(attempt);
      await users.recordLogin(userId);
      return tokens.issuePair(userId);
    },

    /**
     * Forgot password: the same answer whether or not an account has the address; the owner gets a
     * single-use link valid 30 minutes. Limited per client address and per account (like the login).
     */
    async requestPasswordReset(ip: string, input: PasswordResetRequestInput): Promise<{ detail: string }> {
      const byAddress = `reset:addr:${ip}`;
      const attempt = await limiter.attempt(
        [{ key: byAddress, max: config.resetMaxPerAddress, windowSeconds: config.resetWindowSeconds }],
        [byAddress],
      );
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      const user = await createPasswordResetRepository(db).findUserByEmail(input.email);
      if (user) {
        const byAccount = `reset:user:${user.id}`;
        // Over the account's limit the answer stays the same (it must not tell whether the account exists).
        const sending = await limiter.attempt(
          [{ key: byAccount, max: config.resetMaxPerAccount, windowSeconds: config.resetWindowSeconds }],
          [byAccount],
        );
        if (sending.ok) {
          try {
            await db.transaction().execute((trx) => issuePasswordReset(trx, mail, user));
          } catch (error) {
            await limiter.release(sending);
            throw error;
          }
        }
      }
      return { detail: RESET_REQUESTED };
    },

    /** The reset link's new password: every login of the account ends. */
    async resetPassword(input: PasswordResetConfirmInput): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction().execute(async (trx) => {
        const resets = createPasswordResetRepository(trx);
        const userId = await resets.consume(sha256(input.token));
        if (userId === undefined) return false;
        await resets.setPassword(userId, passwordHash);
        await createRefreshTokenRepository(trx).revokeAllOf(userId);
        return true;
      });
      if (!done) throw new BusinessError(RESET_LINK_INVALID);
    },
  };
}
