import { describe, expect, it } from 'vitest';
import { rateLimitedMessage, SERVER_MESSAGES } from '../../contract/index.ts';
import { scryptCost } from '../../server/platform/lib/passwords.ts';
import { ctx, student, useAuthApp } from './support/auth-app.ts';

useAuthApp();

describe('POST /auth/token/', () => {
  it('answers an access and a refresh token for good credentials', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'asha', password: 'password123' },
      ip: '10.0.0.1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await ctx.request({ url: '/classroom/auth/me/', token: (res.body as { access: string }).access });
    expect(me.status).toBe(200);
  });

  it('refuses wrong credentials with the SimpleJWT message', async () => {
    for (const body of [
      { username: 'asha', password: 'wrong-password' },
      { username: 'nobody-here', password: 'password123' },
    ]) {
      const res = await ctx.request({ method: 'POST', url: '/auth/token/', body, ip: '10.0.0.2' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: SERVER_MESSAGES.badCredentials });
    }
  });

  it('answers field errors when username or password is missing', async () => {
    const res = await ctx.request({ method: 'POST', url: '/auth/token/', body: {}, ip: '10.0.0.3' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: ['Username is required.'], password: ['Password is required.'] });
    const notObject = await ctx.request({ method: 'POST', url: '/auth/token/', body: [1, 2], ip: '10.0.0.3' });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toHaveProperty('non_field_errors');
  });

  it('rate-limits failed logins per (account, address) pair (429), even for the right password afterwards', async () => {
    await ctx.user('target');
    for (let i = 0; i < 3; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/auth/token/',
        body: { username: 'target', password: 'nope' },
        ip: '10.1.0.1',
      });
      expect(res.status).toBe(401);
    }
    const blocked = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'TARGET', password: 'password123' },
      ip: '10.1.0.1',
    });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(blocked.body).toEqual({ detail: rateLimitedMessage(retryAfter) });
    // Stored in the database, so every instance sharing it agrees.
    const rows = await ctx.db
      .selectFrom('rate_events')
      .select('key')
      .where('key', '=', 'login:pair:target|10.1.0.1')
      .execute();
    expect(rows).toHaveLength(3);
    // The owner, from another address, is not locked out.
    const owner = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'target', password: 'password123' },
      ip: '10.1.0.9',
    });
    expect(owner.status).toBe(200);
  });

  it('rate-limits failed logins per client address (429)', async () => {
    for (let i = 0; i < 6; i++) {
      await ctx.request({
        method: 'POST',
        url: '/auth/token/',
        body: { username: `ghost${i}`, password: 'nope' },
        ip: '10.2.0.1',
      });
    }
    const blocked = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'asha', password: 'password123' },
      ip: '10.2.0.1',
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await ctx.request({
      method: 'POST',
      url: '/auth/token/',
      body: { username: 'asha', password: 'password123' },
      ip: '10.2.0.2',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('stores passwords as salted scrypt hashes', async () => {
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'asha')
      .executeTakeFirstOrThrow();
    // The cost in force (N=2^17 outside the tests: credential-storage.test.ts), with a 16-byte salt.
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${scryptCost().N}\\$8\\$1\\$[\\w+/]{22}==\\$`));
    expect(row.password_hash).not.toContain('password123');
  });
});

describe('POST /auth/token/refresh/', () => {
  it('answers a new token pair for a refresh token (rotation)', async () => {
    const res = await ctx.request({ method: 'POST', url: '/auth/token/refresh/', body: { refresh: student.refresh } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect((res.body as { refresh: string }).refresh).not.toBe(student.refresh);
  });

  it('refuses an access token, garbage, or nothing', async () => {
    const asAccess = await ctx.request({
      method: 'POST',
      url: '/auth/token/refresh/',
      body: { refresh: student.access },
    });
    expect(asAccess.status).toBe(401);
    expect(asAccess.body).toEqual({ detail: SERVER_MESSAGES.refreshInvalid });
    const garbage = await ctx.request({
      method: 'POST',
      url: '/auth/token/refresh/',
      body: { refresh: 'not.a.token' },
    });
    expect(garbage.status).toBe(401);
    const missing = await ctx.request({ method: 'POST', url: '/auth/token/refresh/', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ refresh: ['Refresh token is required.'] });
  });
});

describe('POST /auth/logout/', () => {
  it('revokes the refresh token: refreshing with it is refused afterwards', async () => {
    const user = await ctx.user('leaving');
    const out = await ctx.request({ method: 'POST', url: '/auth/logout/', body: { refresh: user.refresh } });
    expect(out.status).toBe(204);
    const res = await ctx.request({ method: 'POST', url: '/auth/token/refresh/', body: { refresh: user.refresh } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: SERVER_MESSAGES.refreshInvalid });
  });

  it('validates its body and refuses invalid tokens', async () => {
    expect((await ctx.request({ method: 'POST', url: '/auth/logout/', body: {} })).status).toBe(400);
    expect(
      (await ctx.request({ method: 'POST', url: '/auth/logout/', body: { refresh: student.access } })).status,
    ).toBe(401);
  });
});
