import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { hashPassword, PRODUCTION_SCRYPT, scryptCost, verifyPassword } from '../../server/platform/lib/passwords.ts';
import { createTestApp, freshDatabase, type TestContext } from './support/harness.ts';
import { enrolTotp, useCodeClock } from './support/mfa.ts';

/**
 * How passwords and recovery codes are stored (decision record 065): scrypt at OWASP's N=2^17, r=8, p=1,
 * older hashes replaced at the next login; recovery codes of 80 bits under a keyed hash, the codes of
 * before (a bare SHA-256) still working after their rows are upgraded at start.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());
useCodeClock();

const storedHash = async (userId: number) =>
  (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;

describe('passwords', () => {
  it('are hashed at N=2^17, r=8, p=1 outside the tests; production never reads the tests’ lower cost', async () => {
    expect(PRODUCTION_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(scryptCost({})).toEqual(PRODUCTION_SCRYPT);
    expect(scryptCost({ NODE_ENV: 'production', SCRYPT_TEST_LOG2_N: '12' })).toEqual(PRODUCTION_SCRYPT);
    expect(scryptCost({ NODE_ENV: 'development' })).toEqual(PRODUCTION_SCRYPT);
    expect(scryptCost({ NODE_ENV: 'test', SCRYPT_TEST_LOG2_N: '12' })).toEqual({ N: 4096, r: 8, p: 1 });
    expect(scryptCost({ NODE_ENV: 'test', SCRYPT_TEST_LOG2_N: '8' })).toEqual(PRODUCTION_SCRYPT);
    // A real hash at the production cost (128 MiB: above Node's default maxmem) verifies.
    const hash = await hashPassword('Correct-horse-1', PRODUCTION_SCRYPT);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Correct-horse-1', hash)).toBe(true);
  });

  it('a hash made at the old cost (N=2^14) is replaced at the next successful login, never at a failed one', async () => {
    const user = await ctx.user('oldhash');
    const old = await hashPassword(user.password, { N: 2 ** 14, r: 8, p: 1 });
    await ctx.db.updateTable('users').set({ password_hash: old }).where('id', '=', user.id).execute();
    const login = (password: string) =>
      ctx.request({ method: 'POST', url: API.token, body: { username: user.username, password } });
    expect((await login('wrong-password-1')).status).toBe(401);
    expect(await storedHash(user.id)).toBe(old);
    expect((await login(user.password)).status).toBe(200);
    const rehashed = await storedHash(user.id);
    expect(rehashed).not.toBe(old);
    expect(rehashed.startsWith(`scrypt$${scryptCost().N}$8$1$`)).toBe(true);
    expect((await login(user.password)).status).toBe(200);
    expect(await storedHash(user.id)).toBe(rehashed);
  });
});

describe('recovery codes', () => {
  it('are 16 characters of a 32-letter alphabet (80 bits), stored as a keyed hash, not a bare SHA-256', async () => {
    const user = await ctx.user('codes80');
    const { recovery } = await enrolTotp(ctx, user);
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const rows = await ctx.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    const sha = (code: string) => createHash('sha256').update(code.replace(/-/g, '')).digest('hex');
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^h1:[\w-]{43}$/);
      expect(recovery.map(sha)).not.toContain(row.code_hash);
    }
  });

  it('a code stored before (bare SHA-256 of 10 characters) is upgraded at start and still signs in, once', async () => {
    const handle = await freshDatabase();
    const first = await createTestApp({ handle });
    try {
      const user = await first.user('oldcodes');
      await enrolTotp(first, user);
      const legacy = 'abcde-fghjk';
      const legacyHash = createHash('sha256').update('abcdefghjk').digest('hex');
      await first.db.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
      await first.db
        .insertInto('recovery_codes')
        .values({ user_id: user.id, code_hash: legacyHash, created_at: new Date().toISOString() })
        .execute();
      await first.close();
      // The next start (same database) rewrites the row to the keyed hash.
      const second = await createTestApp({ handle });
      try {
        const stored = await second.db
          .selectFrom('recovery_codes')
          .select('code_hash')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(stored.code_hash).toMatch(/^h1:/);
        const signIn = async () => {
          const login = await second.request({
            method: 'POST',
            url: API.token,
            body: { username: user.username, password: user.password },
          });
          const mfaToken = (login.body as { mfa_token: string }).mfa_token;
          return second.request({
            method: 'POST',
            url: '/auth/token/mfa/',
            body: { mfa_token: mfaToken, recovery_code: legacy.toUpperCase() },
          });
        };
        expect((await signIn()).status).toBe(200);
        expect((await signIn()).status).toBe(401);
      } finally {
        await second.close();
      }
    } finally {
      await handle.close();
    }
  });
});
