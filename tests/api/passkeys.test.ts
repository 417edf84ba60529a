import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MFA_ERROR_CODES, MFA_PATHS, PASSKEY_MESSAGES, PASSKEY_PATHS } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { SoftAuthenticator, TEST_ORIGIN, TEST_RP_ID } from './support/webauthn.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string };
type Tokens = { access: string; refresh: string };

const post = (url: string, body: unknown, token?: string, ip?: string) =>
  ctx.request({ method: 'POST', url, body, token, ip });

async function registrationOptions(user: TestUser): Promise<Options> {
  const res = await post(PASSKEY_PATHS.registrationOptions, {}, user.access);
  expect(res.status).toBe(200);
  return res.body as Options;
}

/** Registers a new software passkey for `user` through the API (the first one needs no step-up). */
async function enrol(user: TestUser, name = 'Laptop'): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator();
  const options = await registrationOptions(user);
  const res = await post(PASSKEY_PATHS.registration, { name, response: authenticator.register(options) }, user.access);
  expect(res.status).toBe(201);
  return authenticator;
}

const auditActions = async (userId: number) =>
  (await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', userId).execute()).map(
    (row) => row.action,
  );

const passwordLogin = (user: TestUser) => post('/auth/token/', { username: user.username, password: user.password });

describe('registering a passkey', () => {
  it('answers options for the configured RP, excluding the passkeys the user has; the passkey is listed and audited', async () => {
    const user = await ctx.user('anika');
    const options = await registrationOptions(user);
    expect(options.rp.id).toBe(TEST_RP_ID);
    expect(options).toMatchObject({
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      attestation: 'none',
    });
    const authenticator = new SoftAuthenticator();
    const res = await post(
      PASSKEY_PATHS.registration,
      { name: 'Work laptop', response: authenticator.register(options) },
      user.access,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: authenticator.id,
      name: 'Work laptop',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const list = await ctx.request({ url: PASSKEY_PATHS.list, token: user.access });
    expect(list.body).toEqual([res.body]);
    expect(await auditActions(user.id)).toContain('passkey.registered');

    // A passkey is a second factor: the password alone no longer signs in, and the second step offers it.
    const login = await passwordLogin(user);
    expect(login.body).toEqual({ mfa_required: true, mfa_token: expect.any(String), passkey: true });
    const status = await ctx.request({ url: '/auth/mfa/', token: user.access });
    expect(status.body).toMatchObject({ totp_enabled: false, passkeys: 1 });

    // Another passkey now needs a fresh step-up; the options then exclude the first.
    const again = await post(PASSKEY_PATHS.registrationOptions, {}, user.access);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: MFA_ERROR_CODES.stepUpRequired });
  });

  it('refuses a response made for another origin', async () => {
    const user = await ctx.user('bhavna');
    const options = await registrationOptions(user);
    const response = new SoftAuthenticator().register(options, { origin: 'https://evil.example' });
    const res = await post(PASSKEY_PATHS.registration, { name: 'Phone', response }, user.access);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PASSKEY_MESSAGES.notVerified });
    expect((await ctx.request({ url: PASSKEY_PATHS.list, token: user.access })).body).toEqual([]);
  });

  it('refuses a response made for another RP ID', async () => {
    const user = await ctx.user('chitra');
    const options = await registrationOptions(user);
    const response = new SoftAuthenticator().register(options, { rpId: 'evil.example' });
    const res = await post(PASSKEY_PATHS.registration, { name: 'Phone', response }, user.access);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PASSKEY_MESSAGES.notVerified });
    expect((await ctx.request({ url: PASSKEY_PATHS.list, token: user.access })).body).toEqual([]);
  });

  it('checks a challenge once: a second response to it is refused', async () => {
    const user = await ctx.user('deepa');
    const options = await registrationOptions(user);
    const authenticator = new SoftAuthenticator();
    const first = authenticator.register(options, { origin: 'https://evil.example' });
    expect((await post(PASSKEY_PATHS.registration, { name: 'Key', response: first }, user.access)).status).toBe(400);
    const second = await post(
      PASSKEY_PATHS.registration,
      { name: 'Key', response: authenticator.register(options) },
      user.access,
    );
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: PASSKEY_MESSAGES.challengeInvalid });
  });

  it("refuses another user's challenge", async () => {
    const owner = await ctx.user('esha');
    const other = await ctx.user('farah');
    const options = await registrationOptions(owner);
    const response = new SoftAuthenticator().register(options);
    const res = await post(PASSKEY_PATHS.registration, { name: 'Key', response }, other.access);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PASSKEY_MESSAGES.challengeInvalid });
  });

  it('asks for a name', async () => {
    const user = await ctx.user('gauri');
    const options = await registrationOptions(user);
    const res = await post(
      PASSKEY_PATHS.registration,
      { name: '  ', response: new SoftAuthenticator().register(options) },
      user.access,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ['Give the passkey a name (e.g. "Work laptop").'] });
  });
});

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

describe('removing a passkey', () => {
  it('needs a step-up, which a passkey gives; removal is audited and the last factor gone turns mfa off', async () => {
    const user = await ctx.user('ojas');
    const authenticator = await enrol(user);
    const url = PASSKEY_PATHS.one(authenticator.id);
    const refused = await ctx.request({ method: 'DELETE', url, token: user.access });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: MFA_ERROR_CODES.stepUpRequired });

    const options = await post(PASSKEY_PATHS.stepUpOptions, {}, user.access);
    expect(options.status).toBe(200);
    const stepUp = await post(
      '/auth/step-up/',
      { response: authenticator.assert(options.body as { challenge: string }) },
      user.access,
    );
    expect(stepUp.status).toBe(200);
    expect(stepUp.body).toEqual({ step_up_until: expect.any(String) });

    const removed = await ctx.request({ method: 'DELETE', url, token: user.access });
    expect(removed.status).toBe(204);
    expect((await ctx.request({ url: PASSKEY_PATHS.list, token: user.access })).body).toEqual([]);
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['passkey.registered', 'mfa.step_up', 'passkey.removed']),
    );
    const login = await passwordLogin(user);
    expect(login.body).toMatchObject({ access: expect.any(String) });
  });
});

describe("an administrator's reset (a lost device)", () => {
  it('removes the passkeys too, with the reason audited', async () => {
    const owner = await ctx.user('ritika');
    const admin = await ctx.user('sunil', 'admin');
    await enrol(owner);
    const res = await post(MFA_PATHS.adminResetMfa(owner.id), { reason: 'Lost her phone' }, admin.access);
    expect(res.status).toBe(204);
    expect((await ctx.request({ url: PASSKEY_PATHS.list, token: owner.access })).body).toEqual([]);
    expect((await passwordLogin(owner)).body).toMatchObject({ access: expect.any(String) });
    expect(await auditActions(owner.id)).toContain('mfa.reset_by_admin');
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
