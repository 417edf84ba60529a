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

/** The rule of an account that may act, as a subquery for a statement that proves the caller (decision record 103). */
export { activeAccounts } from './repositories/users.ts';

/** The account by its id when it may act (exists, active), else undefined: the auth hook's rule. */
export const findActiveUser = (db: Db, id: number) => createUserRepository(db).findActive(id);

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

/*
 * The office's account administration (users, counseling assignees, exports, impact reads) reads and writes
 * accounts through these, not the users repository.
 */
type Users = ReturnType<typeof createUserRepository>;
/** An account by its username, or undefined. */
export const findUserByUsername = (db: Db, ...args: Parameters<Users['findByUsername']>) =>
  createUserRepository(db).findByUsername(...args);
/** Whether the username is taken (by any account, whatever its case). */
export const usernameTaken = (db: Db, ...args: Parameters<Users['usernameTaken']>) =>
  createUserRepository(db).usernameTaken(...args);
/** Whether the email is taken by an account other than `exceptId`. */
export const emailTaken = (db: Db, ...args: Parameters<Users['emailTaken']>) =>
  createUserRepository(db).emailTaken(...args);
/** Creates an account; answers its row. */
export const createUser = (db: Db, ...args: Parameters<Users['create']>) => createUserRepository(db).create(...args);
/** Changes an account's stored fields. */
export const updateUser = (db: Db, ...args: Parameters<Users['update']>) => createUserRepository(db).update(...args);
/** The ids of the active administrators (`lock`: held until the caller's transaction ends). */
export const activeAdminIds = (db: Db, ...args: Parameters<Users['activeAdminIds']>) =>
  createUserRepository(db).activeAdminIds(...args);
/** Whether the account is an active instructor or administrator. */
export const isActiveStaff = (db: Db, ...args: Parameters<Users['isActiveStaff']>) =>
  createUserRepository(db).isActiveStaff(...args);
/** How many accounts the admin Users list's filters match. */
export const countUsers = (db: Db, ...args: Parameters<Users['count']>) => createUserRepository(db).count(...args);
/** One page of the admin Users list. */
export const usersPage = (db: Db, ...args: Parameters<Users['page']>) => createUserRepository(db).page(...args);
/** The next accounts after an id, for an export read in batches. */
export const usersAfter = (db: Db, ...args: Parameters<Users['batchAfter']>) =>
  createUserRepository(db).batchAfter(...args);
