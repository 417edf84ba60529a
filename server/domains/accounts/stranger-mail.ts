import type { Db } from '../../platform/db/connect.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';

/** A day, the window of the allowance below. */
const DAY_SECONDS = 24 * 3600;

/**
 * Whether one more email that anyone can trigger by typing an address (a welcome, a counseling
 * acknowledgement, a note about a sign-up attempt) may go to `address`, counting it if so: at most `max`
 * such emails per recipient per day (MAIL_MAX_PER_RECIPIENT_PER_DAY), across every form and client address,
 * so nobody can use the site to flood a stranger's inbox. Over the allowance the request is answered as
 * usual and the email is not written.
 */
export async function mayMailStranger(
  limiter: ReturnType<typeof createRateLimiter>,
  max: number,
  address: string,
): Promise<boolean> {
  const key = recipientKey(address);
  return (await limiter.attempt([{ key, max, windowSeconds: DAY_SECONDS }], [key])).ok;
}

const recipientKey = (address: string) => `mail:to:${address.trim().toLowerCase()}`;

/**
 * The same allowance, decided inside the transaction that writes the email (a payment's billing copy,
 * whose address the buyer typed: decision record 065).
 */
export async function mayMailStrangerWithin(trx: Db, max: number, address: string): Promise<boolean> {
  const key = recipientKey(address);
  return (await createRateLimiter(trx).attemptWithin(trx, [{ key, max, windowSeconds: DAY_SECONDS }], [key])).ok;
}
