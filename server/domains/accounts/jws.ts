import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JSON Web Signatures (RFC 7515, RFC 7519) as SimpleJWT writes them, signed and checked with
 * node:crypto: the tokens of tokens.ts.
 */

/** Every token's header, already in base64url: `{"alg":"HS256","typ":"JWT"}`. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A compact JWS part: base64url without padding, nothing else (Buffer's decoder would skip other characters). */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a compact HS256 JWT signed with `key`, or null: what jose's jwtVerify with
 * `algorithms: ['HS256']` accepts, checked synchronously with node:crypto (jose verifies through WebCrypto,
 * a hop to the thread pool that cost five times the HMAC on every refresh). The header must say HS256 and
 * carry no `crit` (no extension is understood); the signature is compared in constant time; `exp`, `nbf`
 * and `iat` must be numbers when present, and the token is refused from its `exp` second on and before its
 * `nbf` second (no clock tolerance, as jose's default).
 */
export function verifyHs256(token: string, key: Uint8Array): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!header || !payload || !BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature))
    return null;
  const protectedHeader = decodeJson(header);
  if (!protectedHeader || protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader || 'b64' in protectedHeader)
    return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodeJson(payload);
  if (!claims) return null;
  const now = Math.floor(Date.now() / 1000);
  for (const name of ['exp', 'nbf', 'iat'])
    if (name in claims && (typeof claims[name] !== 'number' || !Number.isFinite(claims[name]))) return null;
  if (typeof claims.exp === 'number' && claims.exp <= now) return null;
  if (typeof claims.nbf === 'number' && claims.nbf > now) return null;
  return claims;
}

/** A compact HS256 JWT of `claims`, signed with `key`. */
export function signHs256(claims: Record<string, unknown>, key: Uint8Array): string {
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}
