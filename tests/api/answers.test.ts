import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { BAD_URL_MESSAGE } from '../../server/platform/lib/framework-errors.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ config: { counselingMaxPerAddress: 1 } });
  admin = await ctx.user('hdradmin', 'admin');
  student = await ctx.user('hdrstudent');
});
afterAll(async () => ctx?.close());

const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
  expect(headers['content-security-policy'], what).toContain("default-src 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['x-request-id'], what).toEqual(expect.any(String));
};

describe('Cache-Control: no-store on every authenticated or token answer', () => {
  it('token, refresh, sign-up and profile answers, admin and student lists', async () => {
    const answers = [
      await ctx.request({ method: 'POST', url: API.token, body: { username: 'hdrstudent', password: 'password123' } }),
      await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: student.refresh } }),
      await ctx.request({
        method: 'POST',
        url: API.register,
        body: {
          username: 'nsx',
          email: 'nsx@example.in',
          password: 'long-enough-1',
          first_name: 'N',
          last_name: 'S',
          is_adult: true,
        },
      }),
      await ctx.request({ url: API.me, token: student.access }),
      await ctx.request({ url: API.payments.list, token: student.access }),
      await ctx.request({ url: API.enrollments.list, token: student.access }),
      await ctx.request({ url: API.adminStats, token: admin.access }),
      await ctx.request({ url: API.admin.payments, token: admin.access }),
      await ctx.request({ url: API.admin.counselingRequests, token: admin.access }),
      await ctx.request({ url: API.programs.list, token: admin.access }),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.status, `answer ${i}: ${res.raw}`).toBeLessThan(300);
      expect(res.headers['cache-control'], `answer ${i}`).toBe('no-store');
    }
  });

  it("failed token answers too; a visitor's catalogue page is left cacheable", async () => {
    const bad = await ctx.request({ method: 'POST', url: API.token, body: { username: 'x', password: 'y' } });
    expect(bad.status).toBe(401);
    expect(bad.headers['cache-control']).toBe('no-store');
    const visitor = await ctx.request({ url: API.programs.list });
    expect(visitor.headers['cache-control']).not.toBe('no-store');
  });
});

describe("every error answer: the project's shape, the security headers and a request id", () => {
  it('malformed URLs', async () => {
    for (const url of ['/classroom/%zz/', '/classroom/programs/%E0%A4%A/', '/%', '/auth/token/%']) {
      const res = await ctx.request({ url });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ detail: BAD_URL_MESSAGE });
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('404, 401, 403, 400, 413, 415, 429', async () => {
    const answers = [
      await ctx.request({ url: '/classroom/nothing/' }),
      await ctx.request({ url: API.me }),
      await ctx.request({ url: API.adminStats, token: student.access }),
      await ctx.request({
        method: 'POST',
        url: API.token,
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      await ctx.request({
        method: 'POST',
        url: API.token,
        body: 'x'.repeat(200_000),
        headers: { 'content-type': 'application/json' },
      }),
      await ctx.request({
        method: 'POST',
        url: API.token,
        body: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ];
    const counseling = {
      name: 'Meera',
      email: 'meera@example.in',
      phone: '9876543210',
      preferred_date: '',
      interest: '',
      message: '',
    };
    await ctx.request({ method: 'POST', url: API.counseling.create, body: counseling, ip: '10.90.0.1' });
    answers.push(await ctx.request({ method: 'POST', url: API.counseling.create, body: counseling, ip: '10.90.0.1' }));
    expect(answers.map((a) => a.status)).toEqual([404, 401, 403, 400, 413, 415, 429]);
    for (const res of answers) {
      expect(res.body).toEqual({ detail: expect.any(String) });
      expectSecurityHeaders(res.headers, String(res.status));
    }
  });

  it('request ids differ per request', async () => {
    const a = await ctx.request({ url: API.health });
    const b = await ctx.request({ url: API.health });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
