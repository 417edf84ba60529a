import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/connect.ts';
import { createRefreshTokenRepository } from '../repositories/refresh-tokens.ts';
import { createSettingsRepository } from '../repositories/settings.ts';
import { HttpError, tokenInvalid } from '../lib/errors.ts';
import { withKeysLocked } from '../repositories/rate-limits.ts';
import { SERVER_MESSAGES } from '../../contract/index.ts';

/**
 * JWTs with SimpleJWT's semantics: HS256, claims token_type ("access" | "refresh"), jti, user_id, iat, exp.
 * Refresh tokens are also recorded by jti, so logout can revoke one and every instance sees it.
 * Refresh rotates (SimpleJWT's ROTATE_REFRESH_TOKENS with BLACKLIST_AFTER_ROTATION): each refresh answers a
 * new pair and retires the token presented; presenting a retired token again is reuse, a sign that it
 * was stolen, and ends the whole login (every token of its family).
 */

export type TokenLifetimes = {
  accessSeconds: number;
  refreshSeconds: number;
  /** A rotated token presented again within this many seconds is refused without ending the login (two tabs racing). */
  reuseGraceSeconds?: number;
};
type TokenType = 'access' | 'refresh';

/** The configured secret, else the one stored in the database (made once, shared by every instance). */
export async function resolveJwtSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  return createSettingsRepository(db).getOrInsert('jwt_secret', randomBytes(48).toString('base64url'));
}

/** Verified tokens remembered at most (then the memory starts over). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(db: Db, secret: string, lifetimes: TokenLifetimes) {
  const raw = new TextEncoder().encode(secret);
  // jose turns a byte secret into a WebCrypto key on every call; the key is made once instead.
  const keyReady = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const refreshTokens = createRefreshTokenRepository(db);
  /**
   * Tokens whose signature and claims were checked, by their exact text (signature included): a client
   * sends the same access token with every request until it expires, and checking the HMAC again proves
   * nothing new. Expiry is still checked on every use; revocation of refresh tokens is a database read
   * on every use (refreshAccess, revoke).
   */
  const verified = new Map<string, { type: TokenType; userId: number; jti: string; exp: number }>();

  async function sign(type: TokenType, userId: number, jti: string, lifetimeSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(await keyReady);
  }

  /** The token's user id, if the token is genuine, unexpired and of the type wanted. */
  async function verify(token: string, type: TokenType): Promise<{ userId: number; jti: string } | null> {
    const known = verified.get(token);
    if (known) {
      // jose's rule: expired when exp <= now (seconds, no tolerance).
      if (known.type !== type || known.exp <= Math.floor(Date.now() / 1000)) return null;
      return { userId: known.userId, jti: known.jti };
    }
    try {
      const { payload } = await jwtVerify(token, await keyReady, { algorithms: ['HS256'] });
      if (
        (payload.token_type !== 'access' && payload.token_type !== 'refresh') ||
        typeof payload.user_id !== 'number' ||
        typeof payload.jti !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
      verified.set(token, { type: payload.token_type, userId: payload.user_id, jti: payload.jti, exp: payload.exp });
      if (payload.token_type !== type) return null;
      return { userId: payload.user_id, jti: payload.jti };
    } catch {
      return null;
    }
  }

  /** A new pair; its refresh token starts a family (a login) or continues one (rotation). */
  async function issuePair(
    userId: number,
    family?: string,
    store = refreshTokens,
  ): Promise<{ access: string; refresh: string }> {
    const jti = randomUUID().replace(/-/g, '');
    const expiresAt = new Date(Date.now() + lifetimes.refreshSeconds * 1000).toISOString();
    await store.add(jti, userId, expiresAt, family ?? jti);
    return {
      access: await sign('access', userId, randomUUID().replace(/-/g, ''), lifetimes.accessSeconds),
      refresh: await sign('refresh', userId, jti, lifetimes.refreshSeconds),
    };
  }

  return {
    issuePair,
    /**
     * POST /auth/token/refresh/: a new pair for a usable refresh token, which is retired in the same
     * transaction (serialised per token, so two concurrent refreshes cannot both succeed).
     */
    async rotate(refresh: string): Promise<{ access: string; refresh: string }> {
      const claims = await verify(refresh, 'refresh');
      if (!claims) throw new HttpError(401, SERVER_MESSAGES.refreshInvalid);
      const outcome = await withKeysLocked(db, [`refresh:${claims.jti}`], async (trx) => {
        const store = createRefreshTokenRepository(trx);
        const row = await store.find(claims.jti);
        if (!row || row.expires_at <= new Date().toISOString()) return null;
        if (row.rotated_at !== null) {
          const sinceRotation = (Date.now() - Date.parse(row.rotated_at)) / 1000;
          if (sinceRotation > (lifetimes.reuseGraceSeconds ?? 0)) await store.revokeFamily(row.family);
          return null;
        }
        if (row.revoked_at !== null) return null;
        await store.markRotated(row.jti);
        return issuePair(row.user_id, row.family, store);
      });
      if (!outcome) throw new HttpError(401, SERVER_MESSAGES.refreshInvalid);
      return outcome;
    },
    /** POST /auth/logout/: ends the login the refresh token belongs to (its whole family). */
    async revoke(refresh: string): Promise<void> {
      const claims = await verify(refresh, 'refresh');
      if (!claims) throw new HttpError(401, SERVER_MESSAGES.refreshInvalid);
      const row = await refreshTokens.find(claims.jti);
      if (row) await refreshTokens.revokeFamily(row.family);
    },
    /** The user id an access token names, or the 401 to answer. */
    async verifyAccess(token: string): Promise<number> {
      const claims = await verify(token, 'access');
      if (!claims) throw tokenInvalid();
      return claims.userId;
    },
    sign,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
