import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SERVER_MESSAGES, TokenPair } from '../../contract/index.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import * as generations from '../../server/platform/db/migrations/009_refresh_token_generations.ts';
import { createTestApp, freshDatabase, type TestContext } from './support/harness.ts';

/** Refresh tokens rotate; a rotated token presented again ends the whole login (reuse detection). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { refreshReuseGraceSeconds: 0 } });
});
afterAll(async () => ctx?.close());

const refresh = (token: string) => ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: token } });
const login = async (username: string) => {
  const res = await ctx.request({ method: 'POST', url: API.token, body: { username, password: 'password123' } });
  return TokenPair.parse(res.body);
};

describe('POST /auth/token/refresh/ rotates', () => {
  it('answers {access, refresh}; the new refresh token works, the presented one is retired', async () => {
    await ctx.user('rotor');
    const first = await login('rotor');
    const res = await refresh(first.refresh);
    expect(res.status).toBe(200);
    const second = TokenPair.parse(res.body);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await ctx.request({ url: API.me, token: second.access })).status).toBe(200);
    const third = await refresh(second.refresh);
    expect(third.status).toBe(200);
  });

  it('reuse of a rotated token revokes the whole login, and only that login', async () => {
    await ctx.user('victim');
    const stolen = await login('victim');
    const otherDevice = await login('victim');
    // The owner refreshes; the thief later presents the token it copied.
    const owner = TokenPair.parse((await refresh(stolen.refresh)).body);
    const reuse = await refresh(stolen.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ detail: SERVER_MESSAGES.refreshInvalid });
    // The whole family is over: the owner's current token no longer refreshes either.
    expect((await refresh(owner.refresh)).status).toBe(401);
    // The other login (another device) is untouched.
    expect((await refresh(otherDevice.refresh)).status).toBe(200);
  });

  it("the same holds when the thief uses it first: the owner's next refresh ends the thief's login", async () => {
    await ctx.user('victim2');
    const pair = await login('victim2');
    const thief = TokenPair.parse((await refresh(pair.refresh)).body);
    expect((await refresh(pair.refresh)).status).toBe(401);
    expect((await refresh(thief.refresh)).status).toBe(401);
  });

  it('two concurrent refreshes of one token: exactly one succeeds', async () => {
    await ctx.user('racer');
    const pair = await login('racer');
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(pair.refresh)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
  });

  it('a login keeps one row however often it refreshes (the database does not grow with refreshes)', async () => {
    const user = await ctx.user('frequent');
    let token = user.refresh;
    for (let i = 0; i < 5; i++) token = TokenPair.parse((await refresh(token)).body).refresh;
    const rows = await ctx.db
      .selectFrom('refresh_families')
      .select(['generation'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ generation: 5 }]);
  });

  it('logout ends the login: neither the token presented nor its successors refresh', async () => {
    await ctx.user('leaver');
    const pair = await login('leaver');
    const next = TokenPair.parse((await refresh(pair.refresh)).body);
    expect((await ctx.request({ method: 'POST', url: API.logout, body: { refresh: next.refresh } })).status).toBe(204);
    expect((await refresh(next.refresh)).status).toBe(401);
  });
});

describe('within the grace period (two tabs refreshing at the same moment)', () => {
  it('a just-rotated token is refused without ending the login', async () => {
    const graceful = await createTestApp({ handle: undefined, config: { refreshReuseGraceSeconds: 30 } });
    try {
      const user = await graceful.user('twotabs');
      const r = (token: string) =>
        graceful.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: token } });
      const next = TokenPair.parse((await r(user.refresh)).body);
      expect((await r(user.refresh)).status).toBe(401);
      expect((await r(next.refresh)).status).toBe(200);
    } finally {
      await graceful.close();
    }
  });

  it('a token older than the one retired last is reuse even then: the login ends', async () => {
    const graceful = await createTestApp({ config: { refreshReuseGraceSeconds: 30 } });
    try {
      const user = await graceful.user('threetabs');
      const r = (token: string) =>
        graceful.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: token } });
      const second = TokenPair.parse((await r(user.refresh)).body);
      const third = TokenPair.parse((await r(second.refresh)).body);
      expect((await r(user.refresh)).status).toBe(401);
      expect((await r(third.refresh)).status).toBe(401);
    } finally {
      await graceful.close();
    }
  });
});

describe('migration 009 (one row per login) on a database with tokens from before it', () => {
  it('a live token still refreshes, and so does its successor; retired, revoked and expired ones do not', async () => {
    const handle = await freshDatabase();
    const app = await createTestApp({ handle, config: { refreshReuseGraceSeconds: 0 } });
    try {
      const user = await app.user('veteran');
      // Back to the table of one row per token, with a token issued by this version in it.
      await generations.down(handle.db);
      await handle.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '009_refresh_token_generations' as never)
        .execute();
      const hour = (sign: 1 | -1) => new Date(Date.now() + sign * 3_600_000).toISOString();
      const now = new Date().toISOString();
      const oldToken = async (state: { rotated?: boolean; revoked?: boolean; expired?: boolean } = {}) => {
        const jti = randomUUID().replace(/-/g, '');
        await sql`INSERT INTO refresh_tokens (jti, user_id, expires_at, revoked_at, created_at, family, rotated_at)
          VALUES (${jti}, ${user.id}, ${state.expired ? hour(-1) : hour(1)}, ${state.revoked ? now : null},
                  ${now}, ${jti}, ${state.rotated ? now : null})`.execute(handle.db);
        return app.app.deps.tokens.sign('refresh', user.id, jti, 3600);
      };
      const live = await oldToken();
      const retired = await oldToken({ rotated: true });
      const revoked = await oldToken({ revoked: true });
      const expired = await oldToken({ expired: true });

      expect(await migrateToLatest(handle.db)).toEqual(['009_refresh_token_generations']);

      const r = (token: string) => app.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: token } });
      const next = await r(live);
      expect(next.status).toBe(200);
      expect((await r(TokenPair.parse(next.body).refresh)).status).toBe(200);
      expect((await r(user.refresh)).status).toBe(200);
      for (const token of [retired, revoked, expired]) expect((await r(token)).status).toBe(401);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
