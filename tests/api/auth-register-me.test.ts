import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { rateLimitedMessage, SERVER_MESSAGES, User } from '../../contract/index.ts';
import { createTestApp, JWT_SECRET } from './support/harness.ts';
import { ctx, student, useAuthApp } from './support/auth-app.ts';

useAuthApp();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /auth/register/', () => {
  const valid = {
    username: 'new.student',
    email: 'new.student@example.in',
    is_adult: true,
    password: 'long-enough-1',
    first_name: 'New',
    last_name: 'Student',
  };

  it('creates a student and answers 201 with tokens', async () => {
    const res = await ctx.request({ method: 'POST', url: '/auth/register/', body: valid });
    expect(res.status).toBe(201);
    const { access } = res.body as { access: string };
    const me = await ctx.request({ url: '/classroom/auth/me/', token: access });
    expect(me.body).toMatchObject({
      username: 'new.student',
      profile: { role: 'student', is_student: true, is_admin: false },
    });
  });

  it('refuses a taken username (any case) with a field error; a taken e-mail is not said (decision 042)', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: { ...valid, email: 'NEW.student@example.in' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: [SERVER_MESSAGES.usernameTaken] });
  });

  it('validates every field with the contract messages', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: { username: 'bad name!', email: 'x', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      username: ['Username may contain only letters, digits and @ . + - _'],
      email: ['Enter a valid email address.'],
      password: ['Password must be at least 8 characters.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
    });
  });

  it('never makes an administrator, whatever the body says', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: { ...valid, username: 'sneaky', email: 'sneaky@example.in', role: 'admin', is_admin: true },
    });
    expect(res.status).toBe(201);
    const me = await ctx.request({ url: '/classroom/auth/me/', token: (res.body as { access: string }).access });
    expect((me.body as User).profile.role).toBe('student');
  });

  it('limits the accounts one address can create, and only that address', async () => {
    const register = (n: number, ip: string) =>
      ctx.request({
        method: 'POST',
        url: '/auth/register/',
        ip,
        body: { ...valid, username: `batch${ip.replaceAll('.', '')}x${n}`, email: `batch${n}.${ip}@example.in` },
      });
    const statuses: number[] = [];
    for (let n = 0; n < ctx.config.registerMaxPerAddress; n++) statuses.push((await register(n, '10.9.2.1')).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await register(99, '10.9.2.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: rateLimitedMessage(Number(refused.headers['retry-after'])) });
    expect((await register(0, '10.9.2.2')).status).toBe(201);
  });
});

describe('GET /classroom/auth/me/ and access tokens', () => {
  it('answers the user with its profile', async () => {
    const admin = await ctx.user('boss', 'admin');
    const me = await ctx.request({ url: '/classroom/auth/me/', token: admin.access });
    expect(me.status).toBe(200);
    expect(User.parse(me.body)).toMatchObject({
      username: 'boss',
      profile: { role: 'admin', is_admin: true, is_instructor: false, is_student: false },
    });
    const instructor = await ctx.user('teacher', 'instructor');
    const meToo = await ctx.request({ url: '/classroom/auth/me/', token: instructor.access });
    expect((meToo.body as User).profile).toEqual({
      role: 'instructor',
      is_admin: false,
      is_instructor: true,
      is_student: false,
    });
  });

  it('answers 401 "not provided" without a token', async () => {
    const res = await ctx.request({ url: '/classroom/auth/me/' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: SERVER_MESSAGES.notAuthenticated });
  });

  const sign = (claims: object, secret = JWT_SECRET, expiresIn = 300) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ user_id: student.id, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti('abc123')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + expiresIn)
      .sign(new TextEncoder().encode(secret));
  };

  const refusals: Array<[string, () => Promise<string>]> = [
    ['expired', () => sign({ token_type: 'access' }, JWT_SECRET, -5)],
    ['signed with another secret', () => sign({ token_type: 'access' }, 'some-other-secret-entirely-0000000000')],
    ['a refresh token used as access', async () => student.refresh],
    ['missing token_type', () => sign({})],
    [
      'tampered payload',
      async () => {
        const [header, , signature] = student.access.split('.');
        return `${header}.${b64({ token_type: 'access', user_id: 1, jti: 'x', exp: 9_999_999_999 })}.${signature}`;
      },
    ],
    [
      'alg none',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ token_type: 'access', user_id: student.id, jti: 'x', exp: 9_999_999_999 })}.`,
    ],
    ['not a JWT at all', async () => 'hello'],
    ['for a user that does not exist', () => sign({ token_type: 'access', user_id: 999_999 })],
  ];
  it.each(refusals)('refuses a token that is %s with 401', async (_label, make) => {
    const res = await ctx.request({ url: '/classroom/auth/me/', token: await make() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: SERVER_MESSAGES.tokenInvalid });
  });

  it('ignores a bad token on public pages (they answer as for a visitor)', async () => {
    const res = await ctx.request({ url: '/classroom/programs/', token: 'garbage' });
    expect(res.status).toBe(200);
  });

  it('expires access tokens after the configured lifetime', async () => {
    const short = await createTestApp({ config: { accessTokenLifetimeSeconds: 1 } });
    try {
      // The server's time (Date) stands still while the token is made and used, then moves past its second:
      // a loaded machine taking a second between the two calls decides nothing.
      vi.useFakeTimers({ toFake: ['Date'] });
      const user = await short.user('brief');
      expect((await short.request({ url: '/classroom/auth/me/', token: user.access })).status).toBe(200);
      vi.setSystemTime(Date.now() + 2100);
      const res = await short.request({ url: '/classroom/auth/me/', token: user.access });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: SERVER_MESSAGES.tokenInvalid });
      // The refresh token still works and gives a fresh access token.
      const refreshed = await short.request({
        method: 'POST',
        url: '/auth/token/refresh/',
        body: { refresh: user.refresh },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});
