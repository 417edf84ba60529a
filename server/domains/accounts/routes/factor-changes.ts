import type { FastifyRequest } from 'fastify';
import { FIRST_FACTOR_LOGIN_SECONDS, MFA_MESSAGES } from '../../../../contract/index.ts';
import type { UserRow } from '../../../platform/db/schema.ts';
import { BusinessError, rateLimited } from '../../../platform/lib/errors.ts';
import { verifyPassword } from '../../../platform/lib/passwords.ts';
import { enqueueEmail } from '../../../platform/mail/outbox.ts';
import { secondFactorChangedEmail, type FactorChange } from '../templates.ts';
import { requireStepUp, requireUser } from '../../../platform/http/auth.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { createRefreshTokenRepository } from '../repositories/refresh-tokens.ts';

/**
 * Adding a second factor (decision record 064's companion rule, issue 32). An account that has one
 * already needs a fresh step-up of it; the account's FIRST factor (authenticator app or passkey) needs the
 * current password, unless this login began less than FIRST_FACTOR_LOGIN_SECONDS ago, so a stolen access
 * token alone cannot put the thief's phone or passkey on the account. Password attempts count against the
 * same per-account limit as a code's.
 */
export async function mayAddFactor(request: FastifyRequest, password: string | undefined): Promise<UserRow> {
  const user = requireUser(request);
  if (user.mfa_enabled) return requireStepUp(request);
  const { db, config } = request.server.deps;
  if (password === undefined) {
    const began = request.login ? await createRefreshTokenRepository(db).startedAt(request.login) : undefined;
    if (began && Date.now() - Date.parse(began) < FIRST_FACTOR_LOGIN_SECONDS * 1000) return user;
    throw new BusinessError(MFA_MESSAGES.passwordNeeded);
  }
  const limiter = createRateLimiter(db);
  const key = `mfa:code:${user.id}`;
  const attempt = await limiter.attempt(
    [{ key, max: config.loginMaxFailuresPerAccountAddress, windowSeconds: config.loginWindowSeconds }],
    [key],
  );
  if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
  if (!(await verifyPassword(password, user.password_hash))) throw new BusinessError(MFA_MESSAGES.passwordWrong);
  await limiter.release(attempt);
  return user;
}

/** Tells the account's owner, at the account's address, that one of their second factors changed. */
export async function noticeFactorChange(request: FastifyRequest, user: UserRow, change: FactorChange): Promise<void> {
  const { db, config } = request.server.deps;
  const ctx = { institute: config.institute, publicUrl: config.publicUrl };
  await enqueueEmail(db, {
    template: 'second_factor_changed',
    to: [user.email],
    ...secondFactorChangedEmail(ctx, { firstName: user.first_name || user.username, change }),
  });
}
