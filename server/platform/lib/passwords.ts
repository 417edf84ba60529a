import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt with a per-password salt, stored as scrypt$N$r$p$salt$hash (base64). The cost is OWASP's minimum
 * for scrypt (Password Storage Cheat Sheet: N=2^17, r=8, p=1; decision record 065): 128 MiB and a few
 * hundred milliseconds per hash. A hash stored with other parameters still verifies, and `needsRehash`
 * says so, so the login stores a new one (transparently, with the password it just checked).
 */
export type ScryptCost = { N: number; r: number; p: number };

/** What production (and any server) hashes with. */
export const PRODUCTION_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The cost in force: PRODUCTION_SCRYPT, except in the tests, which hash thousands of passwords and sign in on
 * every journey: tests/support/scrypt-cost.ts sets SCRYPT_TEST_LOG2_N for the API suite (vite.config.ts; the
 * server processes those tests start inherit it) and the end-to-end suite's servers (decision record 095), and
 * it is never read with NODE_ENV=production.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): ScryptCost {
  const log2n = env.NODE_ENV === 'production' ? NaN : Number(env.SCRYPT_TEST_LOG2_N);
  return Number.isInteger(log2n) && log2n >= 10 && log2n < 17
    ? { ...PRODUCTION_SCRYPT, N: 2 ** log2n }
    : PRODUCTION_SCRYPT;
}

const COST = scryptCost();
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8); Node refuses above maxmem (32 MiB by default).
  const maxmem = 128 * N * r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The parameters a stored hash was made with, or null when it is not one of ours. */
function storedCost(stored: string): ScryptCost | null {
  const [scheme, n, r, p] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !Object.values(cost).every((v) => Number.isInteger(v) && v > 0)) return null;
  // Nothing above the production cost's memory is attempted (a crafted row cannot exhaust the server).
  return cost.N * cost.r <= PRODUCTION_SCRYPT.N * PRODUCTION_SCRYPT.r * 2 && cost.p <= 16 ? cost : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const cost = storedCost(stored);
  const [, , , , salt, hash] = stored.split('$');
  if (!cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a (verified) hash was made with other parameters than today's: the login stores a new one. */
export function needsRehash(stored: string): boolean {
  const cost = storedCost(stored);
  return !cost || cost.N !== COST.N || cost.r !== COST.r || cost.p !== COST.p;
}

/** A hash of nothing anyone knows: unknown usernames take as long to refuse as wrong passwords. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
