import { COUPON_MESSAGES } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { BusinessError, rateLimited } from '../../platform/lib/errors.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';

/**
 * Wrong coupon codes count as guesses (decision record 053), limited per account like failed logins
 * (decision record 030): at the checkout's check and at a payment start alike.
 */

/** How many codes that do not apply an account may try per window (the login's limits, decision 030). */
export type GuessLimits = { loginMaxFailuresPerAccountAddress: number; loginWindowSeconds: number };

const m = COUPON_MESSAGES;
const REFUSALS = new Set<string>([
  m.notFound,
  m.notStarted,
  m.ended,
  m.inactive,
  m.notForCourse,
  m.usedUp,
  m.usedByYou,
]);

/** Whether an error is a coupon code's refusal (it counts as a guess). */
export function isCouponRefusal(error: unknown): boolean {
  if (!(error instanceof BusinessError)) return false;
  return REFUSALS.has(error.error) || error.error.startsWith('This code applies to orders of');
}

/**
 * Records one guess of a code by this account before it is checked (429 when the account is over the
 * limit); `release()` takes it back when the code turned out to apply (or was never judged).
 */
export async function recordGuess(
  db: Db,
  limits: GuessLimits,
  userId: number,
): Promise<{ release: () => Promise<void> }> {
  const limiter = createRateLimiter(db);
  const key = `coupon:check:${userId}`;
  const attempt = await limiter.attempt(
    [{ key, max: limits.loginMaxFailuresPerAccountAddress, windowSeconds: limits.loginWindowSeconds }],
    [key],
  );
  if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
  return { release: () => limiter.release(attempt) };
}
