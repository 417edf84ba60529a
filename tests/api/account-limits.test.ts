import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, MFA_PATHS, PRIVACY_PATHS, rateLimitedMessage, TokenPair } from '../../contract/index.ts';
import { secretsInLog } from '../../scripts/run-log-secrets.ts';
import { setClock } from '../../server/platform/lib/clock.ts';
import { GUARDIAN_MESSAGES } from '../../server/domains/privacy/age.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * Issue 32's hardening of the account's own endpoints (decision record 065): per-account rate limits on
 * the data export, the password change and the erasure request; a login's absolute end; the age
 * declaration at registration; request logs without search terms or path secrets.
 */

const DAY_MS = 86_400_000;
const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    config: {
      logger: true,
      hardening: {
        exportMaxPerHour: 2,
        passwordChangeMaxFailures: 3,
        erasureRequestMaxPerDay: 2,
        refreshAbsoluteSeconds: 30 * 86_400,
      },
    },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => ctx?.close());
afterEach(() => setClock(null));

/** A 429 as the login limiter answers it: JSON with a message naming the wait, and Retry-After. */
function expectLimited(res: Awaited<ReturnType<TestContext['request']>>) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(res.body).toEqual({ detail: rateLimitedMessage(wait) });
}

describe('rate limits on the account’s own endpoints', () => {
  it('the data export: DATA_EXPORT_MAX_PER_HOUR per account, then 429; another account is not affected', async () => {
    const asha = await ctx.user('exporter');
    const ravi = await ctx.user('otherexporter');
    const exportAs = (token: string) =>
      ctx.app.inject({ method: 'GET', url: PRIVACY_PATHS.dataExport, headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 2; i++) expect((await exportAs(asha.access)).statusCode).toBe(200);
    expectLimited(await ctx.request({ url: PRIVACY_PATHS.dataExport, token: asha.access }));
    expect((await exportAs(ravi.access)).statusCode).toBe(200);
  });

  it('the password change: wrong current passwords are counted, then 429 even with the right one', async () => {
    const user = await ctx.user('changer');
    const change = (current: string) =>
      ctx.request({
        method: 'POST',
        url: MFA_PATHS.password,
        token: user.access,
        body: { current_password: current, new_password: 'Brand-new-pass-1' },
      });
    for (let i = 0; i < 3; i++) expect((await change(`wrong-guess-${i}`)).status).toBe(400);
    expectLimited(await change(user.password));
    // Another account's change is its own count.
    const other = await ctx.user('otherchanger');
    const ok = await ctx.request({
      method: 'POST',
      url: MFA_PATHS.password,
      token: other.access,
      body: { current_password: other.password, new_password: 'Brand-new-pass-1' },
    });
    expect(ok.status).toBe(200);
  });

  it('the erasure request: ERASURE_REQUEST_MAX_PER_DAY attempts per account (refused ones count), then 429', async () => {
    const user = await ctx.user('eraser');
    const ask = (password: string) =>
      ctx.request({ method: 'POST', url: PRIVACY_PATHS.erasureRequest, token: user.access, body: { password } });
    expect((await ask('not-my-password')).status).toBe(403);
    expect((await ask('still-not-it')).status).toBe(403);
    expectLimited(await ask(user.password));
    expect(await ctx.db.selectFrom('privacy_requests').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
  });
});

describe('a login’s absolute end (REFRESH_ABSOLUTE_DAYS)', () => {
  it('refreshes every day for 30 days, and not a minute after, however recently it refreshed', async () => {
    const user = await ctx.user('longlived');
    let refresh = user.refresh;
    const start = Date.now();
    for (const days of [1, 10, 20, 29.99]) {
      setClock(() => start + days * DAY_MS);
      const res = await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh } });
      expect(res.status).toBe(200);
      refresh = TokenPair.parse(res.body).refresh;
    }
    setClock(() => start + 30 * DAY_MS + 60_000);
    const ended = await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh } });
    expect(ended.status).toBe(401);
    // A new login starts a new 30 days.
    const login = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: user.username, password: user.password },
    });
    expect(login.status).toBe(200);
    const again = await ctx.request({
      method: 'POST',
      url: API.tokenRefresh,
      body: { refresh: TokenPair.parse(login.body).refresh },
    });
    expect(again.status).toBe(200);
  });
});

describe('registration', () => {
  it('refuses a sign-up without the age declaration, naming the field', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.register,
      body: {
        username: 'noage',
        email: 'noage@example.in',
        password: 'long-enough-1',
        first_name: 'N',
        last_name: 'A',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ date_of_birth: [GUARDIAN_MESSAGES.ageRequired] });
    expect(await ctx.db.selectFrom('users').select('id').where('username', '=', 'noage').execute()).toEqual([]);
  });
});

describe('request logs', () => {
  it('keep the route pattern and query names, never a search term or a token in a path or a query', async () => {
    const admin = await ctx.user('logsearcher', 'admin');
    lines.length = 0;
    const feedToken = 'Zx81kQ2aP0vB7nQ2aP0vB7nQ2aP0';
    const calls = [
      { url: `/classroom/calendar/${feedToken}/feed.ics` },
      { url: `${API.admin.payments}?search=asha.private%40example.in&page=2`, token: admin.access },
      { url: '/guardian-confirm?token=Q2hvb3NlIGEgdG9rZW4gdGhhdA' },
      { url: '/api/nowhere/aB3dE5fG7hJ9kL1mN3pQ5rS7/' },
    ];
    for (const call of calls) await ctx.request(call);
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual([
      '/classroom/calendar/:token/feed.ics',
      `${API.admin.payments}?search=[removed]&page=[removed]`,
      '/guardian-confirm?token=[removed]',
      '/api/nowhere/[removed]/',
    ]);
    const log = lines.join('\n');
    for (const secret of [feedToken, 'asha.private', 'Q2hvb3NlIGEgdG9rZW4', 'aB3dE5fG7hJ9kL1mN3pQ5rS7'])
      expect(log).not.toContain(secret);
    expect(secretsInLog(log)).toEqual([]);
  });
});
