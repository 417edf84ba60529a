import type { Db } from '../../platform/db/connect.ts';
import { createEmailLinkRepository } from './repositories/email-links.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { createUserRepository } from './repositories/users.ts';

/** What other domains use of accounts. */

/**
 * Of these logins (the `sid` of access tokens: refresh families), those that ended: signed out, signed out
 * everywhere (a password reset, a deactivation), expired or deleted. An open stream of an ended login closes
 * (decision record 080).
 */
export const endedLogins = (db: Db, logins: string[]): Promise<string[]> =>
  createRefreshTokenRepository(db).endedAmong(logins);

/**
 * When an access token expires (its `exp`, in milliseconds), read from a token the request's auth hook has
 * verified already (tokens.ts), or null when it names none. An open stream ends then (decision record 080).
 */
export function accessExpiresAt(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Every login of the account ends (its refresh families revoked), in the caller's transaction: a deactivation. */
export const endAllLogins = (db: Db, userId: number): Promise<void> =>
  createRefreshTokenRepository(db).revokeAllOf(userId);

/** An account by its id (in the caller's transaction when given one), or undefined. */
export const findUserById = (db: Db, id: number) => createUserRepository(db).findById(id);

/** Deletes the email confirmation and undo links that expired before `before`; answers how many went. */
export const pruneExpiredEmailLinks = (db: Db, before: string): Promise<number> =>
  createEmailLinkRepository(db).pruneExpired(before);

export { toUser } from './present.ts';
/** The emails' common frame (every domain's templates compose with it) and the payment emails. */
export {
  compose,
  paymentConfirmationEmail,
  paymentFailedEmail,
  refundEmail,
  type MailContext,
  type Rendered,
} from './templates.ts';
/** The key signing tokens, which also keys the links written into emails as they are sent. */
export { resolveJwtSecret } from './tokens.ts';
export { issuePasswordReset, sha256 } from './password-resets.ts';
/** The daily allowance of emails anyone can trigger by typing an address. */
export { mayMailStranger, mayMailStrangerWithin } from './stranger-mail.ts';
