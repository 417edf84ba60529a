import { describe, expect, it } from 'vitest';
import { API, PASSKEY_MESSAGES, PASSKEY_PATHS } from '../../contract/index.ts';
import { createTestApp, type TestUser } from './support/harness.ts';
import { SoftAuthenticator, TEST_ORIGIN } from './support/webauthn.ts';
import { auditActions, ctx, enrol, passwordLogin, post, usePasskeysApp } from './support/passkeys-app.ts';

usePasskeysApp();

type Tokens = { access: string; refresh: string };

/** Signs in with the password and completes the second step with `authenticator`. */
async function secondStep(user: TestUser, authenticator: SoftAuthenticator, counter?: number) {
  const { mfa_token } = (await passwordLogin(user)).body as { mfa_token: string };
  const options = await post(PASSKEY_PATHS.mfaOptions, { mfa_token });
  expect(options.status).toBe(200);
  const body = options.body as { challenge: string; allowCredentials: { id: string }[] };
  expect(body.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
  return post(PASSKEY_PATHS.mfa, {
    mfa_token,
    response: authenticator.assert(body, counter === undefined ? {} : { counter }),
  });
}

describe('a passkey as the second factor', () => {
  it('trades the mfa_token for tokens, and records the use', async () => {
    const user = await ctx.user('harini');
    const authenticator = await enrol(user);
    const res = await secondStep(user, authenticator);
    expect(res.status).toBe(200);
    const tokens = res.body as Tokens;
    const me = await ctx.request({ url: API.me, token: tokens.access });
    expect(me.body).toMatchObject({ username: 'harini' });
    const [row] = await ctx.request({ url: PASSKEY_PATHS.list, token: tokens.access }).then((r) => r.body as never[]);
    expect(row).toMatchObject({ last_used_at: expect.any(String) });
  });

  it('refuses a counter that does not go up (a cloned authenticator), and audits it', async () => {
    const user = await ctx.user('ila');
    const authenticator = await enrol(user);
    expect((await secondStep(user, authenticator)).status).toBe(200); // counter 1
    expect((await secondStep(user, authenticator)).status).toBe(200); // counter 2
    const clone = await secondStep(user, authenticator, 2);
    expect(clone.status).toBe(401);
    expect(clone.body).toEqual({ detail: PASSKEY_MESSAGES.cloned });
    expect(await auditActions(user.id)).toContain('passkey.counter_regression');
    expect((await secondStep(user, authenticator, 1)).status).toBe(401);
    // The real authenticator, further on, still works.
    expect((await secondStep(user, authenticator, 3)).status).toBe(200);
  });

  it("refuses another account's passkey at the second step", async () => {
    const user = await ctx.user('jaya');
    const stranger = await ctx.user('kiran');
    await enrol(user);
    const strangers = await enrol(stranger);
    const { mfa_token } = (await passwordLogin(user)).body as { mfa_token: string };
    const options = (await post(PASSKEY_PATHS.mfaOptions, { mfa_token })).body as { challenge: string };
    const res = await post(PASSKEY_PATHS.mfa, { mfa_token, response: strangers.assert(options) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: PASSKEY_MESSAGES.unknown });
  });
});

describe('signing in with a passkey alone', () => {
  async function passkeyLogin(authenticator: SoftAuthenticator, uv = true) {
    const options = await post(PASSKEY_PATHS.loginOptions, {});
    expect(options.status).toBe(200);
    const body = options.body as { challenge: string; allowCredentials?: unknown; userVerification: string };
    expect(body.allowCredentials).toBeUndefined();
    expect(body.userVerification).toBe('required');
    return post(PASSKEY_PATHS.login, { response: authenticator.assert(body, { uv }) });
  }

  it('answers tokens for a discoverable passkey that verified its user', async () => {
    const user = await ctx.user('lata');
    const authenticator = await enrol(user);
    const res = await passkeyLogin(authenticator);
    expect(res.status).toBe(200);
    const me = await ctx.request({ url: API.me, token: (res.body as Tokens).access });
    expect(me.body).toMatchObject({ username: 'lata' });
  });

  it('refuses a replayed assertion: its challenge was spent', async () => {
    const user = await ctx.user('latika');
    const authenticator = await enrol(user);
    const options = (await post(PASSKEY_PATHS.loginOptions, {})).body as { challenge: string };
    const response = authenticator.assert(options);
    expect((await post(PASSKEY_PATHS.login, { response })).status).toBe(200);
    const replay = await post(PASSKEY_PATHS.login, { response });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: PASSKEY_MESSAGES.challengeInvalid });
  });

  it('refuses a passkey that did not verify its user', async () => {
    const user = await ctx.user('mohini');
    const authenticator = await enrol(user);
    const res = await passkeyLogin(authenticator, false);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: PASSKEY_MESSAGES.userNotVerified });
  });

  it('refuses a response for another origin, and an unknown passkey', async () => {
    const user = await ctx.user('nandini');
    const authenticator = await enrol(user);
    const options = (await post(PASSKEY_PATHS.loginOptions, {})).body as { challenge: string };
    const wrong = await post(PASSKEY_PATHS.login, {
      response: authenticator.assert(options, { origin: TEST_ORIGIN.replace('localhost', 'evil.example') }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: PASSKEY_MESSAGES.notVerified });
    const fresh = (await post(PASSKEY_PATHS.loginOptions, {})).body as { challenge: string };
    const unknown = await post(PASSKEY_PATHS.login, { response: new SoftAuthenticator().assert(fresh) });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: PASSKEY_MESSAGES.unknown });
  });
});

describe('access', () => {
  it('needs a login for the owner endpoints', async () => {
    expect((await ctx.request({ url: PASSKEY_PATHS.list })).status).toBe(401);
    expect((await post(PASSKEY_PATHS.registrationOptions, {})).status).toBe(401);
    expect((await post(PASSKEY_PATHS.registration, {})).status).toBe(401);
    expect((await post(PASSKEY_PATHS.stepUpOptions, {})).status).toBe(401);
    expect((await ctx.request({ method: 'DELETE', url: PASSKEY_PATHS.one('abc') })).status).toBe(401);
  });

  it("answers 404 for another user's passkey, and leaves it", async () => {
    const owner = await ctx.user('pallavi');
    const other = await ctx.user('qadira');
    const authenticator = await enrol(owner);
    const res = await ctx.request({ method: 'DELETE', url: PASSKEY_PATHS.one(authenticator.id), token: other.access });
    expect(res.status).toBe(404);
    expect((await ctx.request({ url: PASSKEY_PATHS.list, token: owner.access })).body).toHaveLength(1);
    expect((await ctx.request({ url: PASSKEY_PATHS.list, token: other.access })).body).toEqual([]);
  });

  it('refuses second-step options without a live mfa_token', async () => {
    const res = await post(PASSKEY_PATHS.mfaOptions, { mfa_token: 'not-a-token' });
    expect(res.status).toBe(401);
  });
});

describe('limits', () => {
  it('counts passkey sign-in options per client address, like the login', async () => {
    const limited = await createTestApp({ config: { loginMaxFailuresPerAddress: 2 } });
    try {
      const options = (ip: string) =>
        limited.request({ method: 'POST', url: PASSKEY_PATHS.loginOptions, body: {}, ip });
      expect((await options('10.7.0.1')).status).toBe(200);
      expect((await options('10.7.0.1')).status).toBe(200);
      const third = await options('10.7.0.1');
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await options('10.7.0.2')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
