import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitedMessage } from '../../contract/index.ts';
import { createTestApp, type TestContext } from './support/harness.ts';
import { postJson, serverDatabase, startServerProcess } from './support/server-process.ts';

/** Limits decided atomically: bursts of concurrent attempts get at most the limit through. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** A name is letters only (contract/person-name.ts): 12 → "Visitor bc". */
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const counseling = (n: number) => ({
  name: `Visitor ${letters(n)}`,
  email: `visitor${n}@example.in`,
  phone: '9876543210',
  preferred_date: '2026-12-01',
  interest: 'Credit Analyst Program',
  message: '',
});
const signUp = (tag: string, n: number) => ({
  username: `${tag}${n}`,
  email: `${tag}${n}@example.in`,
  is_adult: true,
  password: 'long-enough-1',
  first_name: 'Burst',
  last_name: 'Tester',
});
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('failed logins under a burst', () => {
  it('40 concurrent wrong passwords for one account from one address: all but the limit meet 429', async () => {
    await ctx.user('burst1');
    const limit = ctx.config.loginMaxFailuresPerAccountAddress;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        ctx.request({
          method: 'POST',
          url: '/auth/token/',
          body: { username: 'burst1', password: 'wrong' },
          ip: '10.40.0.1',
        }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[401]).toBeLessThanOrEqual(limit);
    expect(counts[429]).toBe(40 - (counts[401] ?? 0));
    const refused = answers.find((a) => a.status === 429)!;
    const retryAfter = Number(refused.headers['retry-after']);
    // The window is 15 minutes and every failure is seconds old: the wait is (nearly) the whole window.
    expect(retryAfter).toBeGreaterThan(ctx.config.loginWindowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(ctx.config.loginWindowSeconds);
    expect(refused.body).toEqual({ detail: rateLimitedMessage(retryAfter) });
    expect((refused.body as { detail: string }).detail).toMatch(/try again in 1[45] minutes/);
    // The right password from the same address is refused too; from the owner's own device it works.
    const same = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'burst1', password: 'password123' },
      ip: '10.40.0.1',
    });
    expect(same.status).toBe(429);
    const owner = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'burst1', password: 'password123' },
      ip: '10.40.0.2',
    });
    expect(owner.status).toBe(200);
  });

  it('a burst with the right password last does not get past the limit', async () => {
    await ctx.user('burst2');
    const answers = await Promise.all(
      Array.from({ length: 41 }, (_, i) =>
        ctx.request({
          method: 'POST',
          url: '/auth/token/',
          body: { username: 'burst2', password: i === 40 ? 'password123' : 'wrong' },
          ip: '10.40.1.1',
        }),
      ),
    );
    expect(answers[40]!.status).toBe(429);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(
      ctx.config.loginMaxFailuresPerAccountAddress,
    );
  });
});

describe('sign-ups and counseling requests under a burst', () => {
  it('40 concurrent sign-ups from one address create at most the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        ctx.request({ method: 'POST', url: '/auth/register/', body: signUp('signburst', n), ip: '10.41.0.1' }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[201]).toBe(ctx.config.registerMaxPerAddress);
    expect(counts[429]).toBe(40 - ctx.config.registerMaxPerAddress);
    const created = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', 'like', 'signburst%')
      .executeTakeFirstOrThrow();
    expect(Number(created.n)).toBe(ctx.config.registerMaxPerAddress);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a refused sign-up (name taken) does not use up the address allowance', async () => {
    const first = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: signUp('dup', 1),
      ip: '10.41.1.1',
    });
    expect(first.status).toBe(201);
    for (let i = 0; i < ctx.config.registerMaxPerAddress + 2; i++) {
      const again = await ctx.request({
        method: 'POST',
        url: '/auth/register/',
        body: signUp('dup', 1),
        ip: '10.41.1.1',
      });
      expect(again.status).toBe(400);
    }
  });

  it('30 concurrent counseling requests from one address: at most the limit accepted', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        ctx.request({ method: 'POST', url: '/classroom/counseling-requests/', body: counseling(n), ip: '10.42.0.1' }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[201]).toBe(ctx.config.counselingMaxPerAddress);
    expect(counts[429]).toBe(30 - ctx.config.counselingMaxPerAddress);
    const stored = await ctx.db
      .selectFrom('counseling_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', 'visitor%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(ctx.config.counselingMaxPerAddress);
  });
});

describe('nobody can lock someone else out', () => {
  it('a shared address (campus) allows many students to mistype, and failures elsewhere never lock the owner out', async () => {
    // 30 different students behind one address each mistype once: nobody is refused.
    for (let n = 0; n < 30; n++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/auth/token/',
        body: { username: `campus${n}`, password: 'wrong' },
        ip: '10.43.0.1',
      });
      expect(res.status).toBe(401);
    }
  });

  it('failures from many addresses slow the account down with a short, growing delay instead of a lockout', async () => {
    const local = await createTestApp({
      config: { loginSlowdownAfterFailuresPerAccount: 3, loginSlowdownMaxSeconds: 8 },
    });
    try {
      await local.user('target');
      const attempt = (ip: string, password = 'wrong') =>
        local.request({ method: 'POST', url: '/auth/token/', body: { username: 'target', password }, ip });
      for (let i = 0; i < 3; i++) expect((await attempt(`10.44.0.${i}`)).status).toBe(401);
      // The next attempt, from anywhere, waits: a few seconds, never the whole window.
      const slowed = await attempt('10.44.1.1', 'password123');
      expect(slowed.status).toBe(429);
      const wait = Number(slowed.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(8);
      expect(slowed.body).toEqual({ detail: rateLimitedMessage(wait) });
    } finally {
      await local.close();
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const wrongLogin = (app: TestContext, username: string, forwardedFor?: string) =>
    app.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username, password: 'wrong' },
      ip: '127.0.0.1',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('counts each client by the address the proxy saw, not one limit for everyone behind it', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      await proxied.user('proxied');
      const limit = proxied.config.loginMaxFailuresPerAccountAddress;
      for (let i = 0; i < limit; i++) expect((await wrongLogin(proxied, 'proxied', '203.0.113.7')).status).toBe(401);
      expect((await wrongLogin(proxied, 'proxied', '203.0.113.7')).status).toBe(429);
      // Another student behind the same proxy is not locked out by the first one's failures.
      expect((await wrongLogin(proxied, 'proxied', '203.0.113.8')).status).toBe(401);
      // An address the client wrote into the header itself (the proxy appends the real one) changes nothing.
      expect((await wrongLogin(proxied, 'proxied', '198.51.100.1, 203.0.113.7')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY the header is ignored: a client cannot pick its own address', async () => {
    await ctx.user('direct');
    const limit = ctx.config.loginMaxFailuresPerAccountAddress;
    for (let i = 0; i < limit; i++) expect((await wrongLogin(ctx, 'direct', `198.51.100.${i}`)).status).toBe(401);
    expect((await wrongLogin(ctx, 'direct', '198.51.100.99')).status).toBe(429);
  });
});

describe('two server processes on one database', () => {
  it('share the limits', async () => {
    const { url, drop } = await serverDatabase();
    const env = { DATABASE_URL: url, DEMO_MODE: '0', COUNSELING_MAX_PER_ADDRESS: '4', REGISTER_MAX_PER_ADDRESS: '6' };
    const a = await startServerProcess(env);
    const b = await startServerProcess(env);
    try {
      const servers = [a, b];
      const signUps = await Promise.all(
        Array.from({ length: 20 }, (_, n) => postJson(servers[n % 2]!.base, '/auth/register/', signUp('twoproc', n))),
      );
      expect(signUps.filter((r) => r.status === 201)).toHaveLength(6);
      // Wrong passwords for one of them, half to each process.
      const logins = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          postJson(servers[n % 2]!.base, '/auth/token/', {
            username: 'twoproc-target',
            password: 'wrong',
          }),
        ),
      );
      expect(logins.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
      expect(logins.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
      const requests = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          postJson(servers[n % 2]!.base, '/classroom/counseling-requests/', counseling(n)),
        ),
      );
      expect(requests.filter((r) => r.status === 201)).toHaveLength(4);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await drop();
    }
  }, 180_000);
});
