import { createHash, randomBytes } from 'node:crypto';
import {
  MFA_MESSAGES,
  type MfaChallenge,
  type MfaLoginInput,
  type MfaPasskeyInput,
} from '../../../../contract/index.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { HttpError, rateLimited } from '../../../platform/lib/errors.ts';
import { createChallengeRepository, createMfaRepository } from '../repositories/mfa.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { createUserRepository } from '../repositories/users.ts';
import type { MfaFactors } from './factors.ts';
import type { Passkeys } from './passkeys.ts';

/** An mfa_token lives this long (seconds) and allows this many wrong codes, then the password is asked again. */
export const MFA_TOKEN_SECONDS = 300;
export const MFA_TOKEN_ATTEMPTS = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The login's second step. A right password for an account with a second factor answers an mfa_token
 * (random, stored as its SHA-256, single-use, 5 minutes, 5 wrong codes) and no tokens;
 * POST /auth/token/mfa/ trades it with a code or a recovery code for the pair. Only someone who knew the
 * password holds a token, so the limits are keyed to the token's account and the caller's address (like
 * the login's): nobody without the password can spend the owner's attempts, and the per-account limit is
 * a growing delay, never a lockout.
 */
export function createMfaLogin(db: Db, config: Config, factors: MfaFactors, passkeys: Passkeys) {
  const challenges = createChallengeRepository(db);
  const mfa = createMfaRepository(db);
  const limiter = createRateLimiter(db);
  const users = createUserRepository(db);

  return {
    async challenge(userId: number): Promise<MfaChallenge> {
      const token = randomBytes(32).toString('base64url');
      await challenges.create({
        token_hash: sha256(token),
        purpose: 'login',
        user_id: userId,
        challenge: null,
        expires_at: new Date(Date.now() + MFA_TOKEN_SECONDS * 1000).toISOString(),
      });
      return { mfa_required: true, mfa_token: token, passkey: (await mfa.passkeyCount(userId)) > 0 };
    },

    /** The account a live mfa_token belongs to, or 401. */
    async tokenUser(mfaToken: string): Promise<number> {
      const row = await challenges.live(sha256(mfaToken), 'login', MFA_TOKEN_ATTEMPTS);
      if (!row?.user_id) throw new HttpError(401, MFA_MESSAGES.mfaTokenInvalid);
      return row.user_id;
    },

    /** The user id the second step proves (a code, a recovery code or a passkey), or the 401/429 to answer. */
    async complete(input: MfaLoginInput | MfaPasskeyInput, ip: string): Promise<number> {
      const hash = sha256(input.mfa_token);
      const row = await challenges.live(hash, 'login', MFA_TOKEN_ATTEMPTS);
      if (!row?.user_id) throw new HttpError(401, MFA_MESSAGES.mfaTokenInvalid);
      const userId = row.user_id;
      const pair = `mfa:pair:${userId}|${ip}`;
      const address = `mfa:addr:${ip}`;
      const account = `mfa:user:${userId}`;
      const window = config.loginWindowSeconds;
      const attempt = await limiter.attempt(
        [
          { key: pair, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: window },
          { key: address, max: config.loginMaxFailuresPerAddress, windowSeconds: window },
        ],
        [pair, address, account],
        {
          key: account,
          after: config.loginSlowdownAfterFailuresPerAccount,
          baseSeconds: 1,
          maxSeconds: config.loginSlowdownMaxSeconds,
          windowSeconds: window,
        },
      );
      if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
      if ('response' in input) {
        try {
          await passkeys.assert(input.response, 'passkey-mfa', userId, 401);
        } catch (error) {
          await challenges.failedAttempt(hash);
          throw error;
        }
      } else {
        const ok =
          'code' in input
            ? await factors.checkCode(userId, input.code)
            : await factors.useRecoveryCode(userId, input.recovery_code);
        if (!ok) {
          await challenges.failedAttempt(hash);
          throw new HttpError(401, 'code' in input ? MFA_MESSAGES.codeInvalid : MFA_MESSAGES.recoveryInvalid);
        }
      }
      // Single use: of two concurrent right answers, one gets the tokens.
      if (!(await challenges.use(hash))) throw new HttpError(401, MFA_MESSAGES.mfaTokenInvalid);
      const user = await users.findById(userId);
      if (!user?.is_active) throw new HttpError(401, MFA_MESSAGES.mfaTokenInvalid);
      await limiter.release(attempt);
      await limiter.clear(pair);
      await users.recordLogin(userId);
      return userId;
    },
  };
}
export type MfaLogin = ReturnType<typeof createMfaLogin>;
