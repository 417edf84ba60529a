import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, IDENTITY_MESSAGES, MFA_MESSAGES } from '../../contract/index.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const login = async (username: string, password = 'password123') =>
  (await ctx.request({ method: 'POST', url: API.token, body: { username, password } })).body as {
    access: string;
    refresh: string;
  };

describe('the account page endpoints', () => {
  it('needs a login for each', async () => {
    for (const [method, url] of [
      ['PATCH', '/auth/account/profile/'],
      ['POST', '/auth/account/password/'],
      ['GET', '/auth/sessions/'],
      ['DELETE', '/auth/sessions/abc/'],
      ['GET', '/auth/mfa/'],
    ] as const) {
      expect((await ctx.request({ method, url, body: {} })).status, url).toBe(401);
    }
  });

  it('edits the own name; the email address changes only with the password (its own endpoint)', async () => {
    const user = await ctx.user('divya');
    const { email } = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const res = await ctx.request({
      method: 'PATCH',
      url: '/auth/account/profile/',
      token: user.access,
      // The profile form sends the address unchanged (any case) with the names.
      body: { first_name: 'Divya', last_name: 'Menon', email: email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Divya', last_name: 'Menon', email });
    const me = await ctx.request({ url: API.me, token: user.access });
    expect(me.body).toMatchObject({ last_name: 'Menon' });
    // With a bare access token the address cannot change (decision record 063).
    const changed = await ctx.request({
      method: 'PATCH',
      url: '/auth/account/profile/',
      token: user.access,
      body: { email: 'divya.menon@example.in' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({ email: [IDENTITY_MESSAGES.profileEmail] });
    expect((await ctx.request({ url: API.me, token: user.access })).body).toMatchObject({ email });
    const bad = await ctx.request({
      method: 'PATCH',
      url: '/auth/account/profile/',
      token: user.access,
      body: { email: 'x' },
    });
    expect(bad.body).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('changes the password with the current one and signs every device out', async () => {
    const user = await ctx.user('farah');
    const laptop = await login('farah');
    const wrong = await ctx.request({
      method: 'POST',
      url: '/auth/account/password/',
      token: user.access,
      body: { current_password: 'nope', new_password: 'N3w-passw0rd' },
    });
    expect(wrong.body).toEqual({ current_password: [MFA_MESSAGES.passwordWrong] });
    const ok = await ctx.request({
      method: 'POST',
      url: '/auth/account/password/',
      token: user.access,
      body: { current_password: 'password123', new_password: 'N3w-passw0rd' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const old = await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: laptop.refresh } });
    expect(old.status).toBe(401);
    expect((await login('farah', 'N3w-passw0rd')).access).toEqual(expect.any(String));
  });

  it('lists the signed-in devices and signs one out; another user’s device is not found', async () => {
    const user = await ctx.user('gita');
    const phone = await login('gita');
    const list = await ctx.request({ url: '/auth/sessions/', token: user.access });
    const devices = list.body as { id: string; signed_in_at: string }[];
    expect(devices).toHaveLength(2);
    expect(list.raw).not.toContain(phone.refresh.split('.')[1]);
    const stranger = await ctx.user('hari');
    const notTheirs = await ctx.request({
      method: 'DELETE',
      url: `/auth/sessions/${devices[0]!.id}/`,
      token: stranger.access,
    });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ detail: MFA_MESSAGES.sessionNotFound });
    // Sign out the newest login (the phone's): its refresh token stops working.
    const out = await ctx.request({ method: 'DELETE', url: `/auth/sessions/${devices[0]!.id}/`, token: user.access });
    expect(out.status).toBe(204);
    expect(
      (await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: phone.refresh } })).status,
    ).toBe(401);
    expect((await ctx.request({ url: '/auth/sessions/', token: user.access })).body).toHaveLength(1);
  });
});
