import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/connect.ts';
import type { MailEvents } from './mail.ts';
import { newResetNonce, resetToken } from '../../platform/lib/reset-links.ts';
import { createPasswordResetRepository } from './repositories/password-resets.ts';

/** A reset link is valid this long. */
const RESET_LIFETIME_MS = 30 * 60_000;

export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a single-use reset link for an account, inside the caller's transaction: the reset (its token's
 * hash and the nonce the token derives from with the mail events' key) and its email commit together. The email is
 * stored with a placeholder for the link; the mail worker writes the link in as it sends
 * (server/platform/lib/reset-links.ts), so the token is in no stored row.
 */
export async function issuePasswordReset(
  trx: Db,
  mail: MailEvents,
  user: { id: number; email: string; first_name: string; username: string },
): Promise<void> {
  const nonce = newResetNonce();
  const expiresAt = new Date(Date.now() + RESET_LIFETIME_MS).toISOString();
  const resetId = await createPasswordResetRepository(trx).insert(
    user.id,
    sha256(resetToken(mail.resetLinkKey, nonce)),
    expiresAt,
    nonce,
  );
  await mail.passwordReset(trx, user, resetId);
}
