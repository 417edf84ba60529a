import type { Db } from '../../platform/db/connect.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';

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
export { toUser } from './present.ts';
export { resolveJwtSecret } from './tokens.ts';
