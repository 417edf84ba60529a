import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import type { MailEvents } from '../mail/events.ts';
import { createPasswordResetRepository } from '../repositories/password-resets.ts';

/** A reset link is valid this long. */
const RESET_LIFETIME_MS = 30 * 60_000;

export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a single-use reset link for an account, inside the caller's transaction: the token's hash is
 * stored and the email written to the outbox together (the token itself is only in the email).
 */
export async function issuePasswordReset(
  trx: Db,
  mail: MailEvents,
  publicUrl: string,
  user: { id: number; email: string; first_name: string; username: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LIFETIME_MS).toISOString();
  await createPasswordResetRepository(trx).insert(user.id, sha256(token), expiresAt);
  await mail.passwordReset(trx, user, `${publicUrl}/reset-password?token=${token}`);
}
