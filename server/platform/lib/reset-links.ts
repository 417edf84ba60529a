import { createHmac, randomBytes } from 'node:crypto';
import { IDENTITY_PAGES } from '../../../contract/identity.ts';

/**
 * Password reset links, and the email confirmation and undo links (decision record 063), that no stored
 * copy can give back (decision record 042). The database keeps, per
 * reset, a random nonce and the SHA-256 of the token; the token is HMAC-SHA256(key, nonce) with a key
 * derived from the server's secret (JWT_SECRET), which the database does not hold when JWT_SECRET is set.
 * The outbox stores the email with RESET_LINK_PLACEHOLDER where the link goes; the mail worker derives the
 * token again as it sends (any process, any attempt: the same link) and writes it only into the message
 * handed to SMTP.
 */

/** What the outbox (and so the admin Outbox) shows in place of the link. */
export const RESET_LINK_PLACEHOLDER = '[password reset link: written into the email only as it is sent]';

/** The key for reset tokens, derived from the server's secret (so it is not the JWT signing key itself). */
export function resetLinkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('password-reset-link/v1').digest();
}

/** A fresh nonce for one reset (stored; useless without the key). */
export const newResetNonce = (): string => randomBytes(32).toString('base64url');

/** The token of a reset: the same from the same key and nonce, in every process and on every attempt. */
export function resetToken(key: Buffer, nonce: string): string {
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

/**
 * The emailed link. The token rides in the fragment, which browsers never send to a server: no request
 * log, proxy log or Referer header carries it; the page posts it in a request body.
 */
export const resetLink = (publicUrl: string, token: string): string => `${publicUrl}/reset-password#token=${token}`;

/** What the outbox stores in place of an email confirmation or undo link (decision record 063). */
export const EMAIL_LINK_PLACEHOLDERS = {
  confirm: '[email confirmation link: written into the email only as it is sent]',
  undo: '[link that undoes the change: written into the email only as it is sent]',
} as const;

/** The pages the email links open; the token rides in the fragment, as a reset link's does. */
export const emailLink = (publicUrl: string, purpose: 'confirm' | 'undo', token: string): string =>
  `${publicUrl}${purpose === 'confirm' ? IDENTITY_PAGES.confirmEmail : IDENTITY_PAGES.undoEmailChange}#token=${token}`;
/** What the outbox shows in place of a parent's confirmation link (decision record 065). */
export const GUARDIAN_LINK_PLACEHOLDER = '[parent confirmation link: written into the email only as it is sent]';

/** A parent's confirmation token: the reset key under its own label, so it can never be a reset token. */
export const guardianToken = (key: Buffer, nonce: string): string =>
  createHmac('sha256', key).update(`guardian-consent/${nonce}`).digest('base64url');

export const guardianLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/guardian-confirm?token=${token}`;
