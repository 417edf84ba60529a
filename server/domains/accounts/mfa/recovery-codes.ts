import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/connect.ts';
import { createMfaRepository } from '../repositories/mfa.ts';

/**
 * Recovery codes (decision record 065). Ten codes of 16 characters from a 32-letter alphabet: 80 bits each.
 * Stored as a keyed hash: HMAC-SHA256, with a key derived from the second factor's key
 * (MFA_ENCRYPTION_KEY), of the SHA-256 of the normalised code, written `h1:<base64url>`. A copy of the
 * database alone therefore cannot test a single guess (NIST SP 800-63B section 5.1.1.2's secret salt kept
 * apart from the hashes); with the key as well, one code still takes about 2^79 guesses. Codes made before
 * (10 characters, stored as a bare SHA-256 in 64 hex digits) keep working: `upgradeRecoveryCodes` rewrites
 * their rows to the keyed form at start, which needs only the stored digest, not the code.
 */

/**
 * Crockford's base32 in lower case (no i, l, o or u, so nothing reads as 0 or 1 by mistake): 5 bits a
 * character, so a random byte's low 5 bits pick one without bias.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_COUNT = 10;
const CODE_LENGTH = 16;
const KEYED = 'h1:';

/** Ten new codes, shown once as `abcd-efgh-jkmn-2345`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: CODE_COUNT }, () => {
    const chars = [...randomBytes(CODE_LENGTH)].map((b) => ALPHABET[b & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** The SHA-256 (hex) of a code without its dashes, in lower case: what codes before decision 065 stored. */
const digest = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');

/** The key of the recovery codes' hash, derived from the second factor's key (not that key itself). */
export const recoveryCodeKey = (mfaKey: Buffer): Buffer =>
  createHmac('sha256', mfaKey).update('recovery-codes/v1').digest();

const keyed = (key: Buffer, sha256Hex: string) =>
  KEYED + createHmac('sha256', key).update(sha256Hex).digest('base64url');

/** The stored form of a code. */
export const recoveryCodeHash = (key: Buffer, code: string): string => keyed(key, digest(code));

/** Rewrites every recovery code still stored as a bare SHA-256 to its keyed hash (idempotent). */
export async function upgradeRecoveryCodes(db: Db, key: Buffer): Promise<number> {
  const repo = createMfaRepository(db);
  const legacy = await repo.recoveryCodesWithout(KEYED);
  for (const row of legacy) await repo.rewriteRecoveryCode(row.id, row.code_hash, keyed(key, row.code_hash));
  return legacy.length;
}
