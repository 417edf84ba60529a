import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createRefreshTokenRepository } from './repositories/refresh-tokens.ts';
import { createSettingsRepository } from '../../platform/db/settings.ts';
import { HttpError, tokenInvalid } from '../../platform/lib/errors.ts';
import { withKeysLocked } from '../../platform/db/key-locks.ts';
import { SERVER_MESSAGES } from '../../../contract/index.ts';
import { signHs256, verifyHs256 } from './jws.ts';

/**
 * JWTs with SimpleJWT's semantics: HS256, claims token_type ("access" | "refresh"), jti, user_id, iat, exp.
 * Refresh tokens are also recorded, one row per login (a family) in the database, so logout can revoke
 * one and every instance sees it. Refresh rotates (SimpleJWT's ROTATE_REFRESH_TOKENS with
 * BLACKLIST_AFTER_ROTATION): each refresh answers a new pair and retires the token presented; presenting a
 * retired token again is reuse, a sign that it was stolen, and ends the whole login (every token of its
 * family). A refresh token's jti names its family and generation (`refreshJti`): the family's row says
 * which generation is current (decision record 040).
 */

export type TokenLifetimes = {
  accessSeconds: number;
  refreshSeconds: number;
  /** A rotated token presented again within this many seconds is refused without ending the login (two tabs racing). */
  reuseGraceSeconds?: number;
  absoluteSeconds?: number; // REFRESH_ABSOLUTE_DAYS: a login ends then, however often it refreshed (decision 065)
};
type TokenType = 'access' | 'refresh';

/** The lifetimes the configuration sets. */
export const tokenLifetimes = (config: Config): TokenLifetimes => ({
  accessSeconds: config.accessTokenLifetimeSeconds,
  refreshSeconds: config.refreshTokenLifetimeSeconds,
  reuseGraceSeconds: config.refreshReuseGraceSeconds,
  absoluteSeconds: config.hardening.refreshAbsoluteSeconds,
});

/** The configured secret, else the one stored in the database (made once, shared by every instance). */
export async function resolveJwtSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  return createSettingsRepository(db).getOrInsert('jwt_secret', randomBytes(48).toString('base64url'));
}

/** Verified tokens remembered at most (then the memory starts over). */
const VERIFIED_CACHE_SIZE = 10_000;

const newJti = () => randomUUID().replace(/-/g, '');

/** A rotation's successor: the user and the jti of the new refresh token. */
export type Rotated = { userId: number; jti: string };

type RefreshTokenStore = ReturnType<typeof createRefreshTokenRepository>;

/**
 * A refresh token's jti: its family (the login's key, 32 hex characters for logins since migration 009,
 * a whole earlier jti for a login carried over by it) alone for generation 0, `<family>.<n>` after n
 * refreshes. Unique, since a family's generations only grow; unguessable, since the family key is random.
 */
function refreshJti(family: string, generation: number): string {
  return generation === 0 ? family : `${family}.${generation}`;
}

const REFRESH_JTI = /^([0-9A-Za-z_-]{1,64})(?:\.([1-9][0-9]{0,14}))?$/;

/** The login (family) and generation a refresh token names. */
type Presented = { family: string; generation: number };

/** The family and generation a refresh token's jti names, or null when it names none. */
function parseRefreshJti(jti: string): Presented | null {
  const match = REFRESH_JTI.exec(jti);
  return match ? { family: match[1]!, generation: match[2] ? Number(match[2]) : 0 } : null;
}

const expiryAfter = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Retires the refresh token `jti` and records its successor: the successor, or null (answered 401). */
export type Rotate = (jti: string) => Promise<Rotated | null>;

/** The database side of a refresh: rotations of many requests batched into one transaction (below). */
export function createRotator(db: Db, lifetimes: TokenLifetimes): Rotate {
  /**
   * One rotation inside the batch's transaction: the successor's user and jti, or null (401). The usual
   * case is one statement: the presented generation, if current and live, becomes the next. Only when
   * that changes nothing is the family read, to tell reuse of a retired token from the rest (unknown,
   * expired, revoked). A retired token is reuse, ending the login, unless it is the one retired last and
   * that happened within the grace period (two tabs refreshing at the same moment); an older one is reuse
   * at any time.
   */
  async function rotateIn(store: RefreshTokenStore, { family, generation }: Presented): Promise<Rotated | null> {
    const advanced = await store.advance(family, generation, lifetimes);
    if (advanced) return { userId: advanced.user_id, jti: refreshJti(family, advanced.generation) };
    const row = await store.find(family);
    if (!row || row.revoked_at !== null || row.expires_at <= new Date().toISOString()) return null;
    if (generation < row.generation) {
      // A grace of 0 is none: a reuse in the very millisecond of the rotation is still reuse.
      const grace = lifetimes.reuseGraceSeconds ?? 0;
      const withinGrace =
        grace > 0 &&
        generation === row.generation - 1 &&
        row.rotated_at !== null &&
        (Date.now() - Date.parse(row.rotated_at)) / 1000 <= grace;
      if (!withinGrace) await store.revokeFamily(family);
    }
    return null;
  }

  /**
   * Group commit: the rotations asked for in one turn of the event loop share one transaction (one commit,
   * so one disk flush with SQLite's synchronous=FULL) holding the locks of all their logins. Within it they
   * run one after another, so the same token presented twice is rotated once and refused the second time,
   * as with one transaction each. Only database work holds the lock; tokens are signed after the commit.
   */
  const rotations = (() => {
    let waiting: Array<{ presented: Presented; settle: (outcome: Promise<Rotated | null>) => void }> = [];
    async function runBatch(batch: typeof waiting): Promise<Array<Rotated | null>> {
      return withKeysLocked(
        db,
        batch.map((r) => `refresh:${r.presented.family}`),
        async (trx) => {
          const store = createRefreshTokenRepository(trx);
          const outcomes: Array<Rotated | null> = [];
          for (const r of batch) outcomes.push(await rotateIn(store, r.presented));
          return outcomes;
        },
      );
    }
    function flush(): void {
      const batch = waiting;
      waiting = [];
      const done = runBatch(batch);
      batch.forEach((r, i) => r.settle(done.then((outcomes) => outcomes[i]!)));
    }
    return {
      rotate(jti: string): Promise<Rotated | null> {
        // A jti that names no login is refused at once, without joining a transaction.
        const presented = parseRefreshJti(jti);
        if (!presented) return Promise.resolve(null);
        return new Promise((resolve) => {
          if (waiting.length === 0) setImmediate(flush);
          waiting.push({ presented, settle: resolve });
        });
      },
    };
  })();

  return rotations.rotate;
}

export function createTokenService(
  db: Db,
  secret: string,
  lifetimes: TokenLifetimes,
  /** Where rotations are done: here by default; in a SQLite cluster's worker, by the primary (rotation-channel.ts). */
  rotate: Rotate = createRotator(db, lifetimes),
) {
  const raw = new TextEncoder().encode(secret);
  const refreshTokens = createRefreshTokenRepository(db);
  /**
   * Tokens whose signature and claims were checked, by their exact text (signature included): a client
   * sends the same access token with every request until it expires, and checking the HMAC again proves
   * nothing new. Expiry is still checked on every use; revocation of refresh tokens is a database read
   * on every use (refreshAccess, revoke).
   */
  const verified = new Map<
    string,
    { type: TokenType; userId: number; jti: string; exp: number; login: string | null }
  >();

  /**
   * A compact HS256 JWT (RFC 7515/7519), the same bytes jose's SignJWT makes, signed synchronously with
   * node:crypto: no hop to WebCrypto's thread pool on every login and refresh.
   */
  function sign(type: TokenType, userId: number, jti: string, lifetimeSeconds: number, login?: string): string {
    const now = Math.floor(Date.now() / 1000);
    // An access token names its login (`sid`, the refresh family): a step-up proof counts for that login only.
    const claims = {
      token_type: type,
      user_id: userId,
      jti,
      ...(login ? { sid: login } : {}),
      iat: now,
      exp: now + lifetimeSeconds,
    };
    return signHs256(claims, raw);
  }

  /** The token's user id, if the token is genuine, unexpired and of the type wanted. */
  function verify(token: string, type: TokenType): { userId: number; jti: string; login: string | null } | null {
    const known = verified.get(token);
    if (known) {
      // jose's rule: expired when exp <= now (seconds, no tolerance).
      if (known.type !== type || known.exp <= Math.floor(Date.now() / 1000)) return null;
      return { userId: known.userId, jti: known.jti, login: known.login };
    }
    const payload = verifyHs256(token, raw);
    if (
      !payload ||
      (payload.token_type !== 'access' && payload.token_type !== 'refresh') ||
      typeof payload.user_id !== 'number' ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    const login = typeof payload.sid === 'string' ? payload.sid : null;
    // Only access tokens are remembered: a refresh token is presented once (rotation retires it).
    if (payload.token_type === 'access') {
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
      verified.set(token, { type: 'access', userId: payload.user_id, jti: payload.jti, exp: payload.exp, login });
    }
    if (payload.token_type !== type) return null;
    return { userId: payload.user_id, jti: payload.jti, login };
  }

  /** The pair answered for a recorded refresh token: the access token names the login (the family). */
  const pairFor = (userId: number, jti: string) => ({
    access: sign('access', userId, newJti(), lifetimes.accessSeconds, parseRefreshJti(jti)?.family),
    refresh: sign('refresh', userId, jti, lifetimes.refreshSeconds),
  });

  /** A new pair starting a family (a login): its generation 0. */
  async function issuePair(userId: number): Promise<{ access: string; refresh: string }> {
    const family = newJti();
    await refreshTokens.start(family, userId, expiryAfter(lifetimes.refreshSeconds));
    return pairFor(userId, refreshJti(family, 0));
  }

  return {
    issuePair,
    /**
     * POST /auth/token/refresh/: a new pair for a usable refresh token, which is retired in the same
     * transaction (serialised per login, so two concurrent refreshes cannot both succeed).
     */
    async rotate(refresh: string): Promise<{ access: string; refresh: string }> {
      const claims = verify(refresh, 'refresh');
      if (!claims) throw new HttpError(401, SERVER_MESSAGES.refreshInvalid);
      const outcome = await rotate(claims.jti);
      if (!outcome) throw new HttpError(401, SERVER_MESSAGES.refreshInvalid);
      return pairFor(outcome.userId, outcome.jti);
    },
    /** POST /auth/logout/: ends the login the refresh token belongs to (its whole family). */
    async revoke(refresh: string): Promise<void> {
      const claims = verify(refresh, 'refresh');
      if (!claims) throw new HttpError(401, SERVER_MESSAGES.refreshInvalid);
      const presented = parseRefreshJti(claims.jti);
      if (presented) await refreshTokens.revokeFamily(presented.family);
    },
    /** The user id and the login (null for a token older than logins in tokens) an access token names, or the 401. */
    async verifyAccess(token: string): Promise<{ userId: number; login: string | null }> {
      const claims = verify(token, 'access');
      if (!claims) throw tokenInvalid();
      return { userId: claims.userId, login: claims.login };
    },
    sign,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
