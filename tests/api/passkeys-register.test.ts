import { describe, expect, it } from 'vitest';
import { MFA_ERROR_CODES, MFA_PATHS, PASSKEY_MESSAGES, PASSKEY_PATHS } from '../../contract/index.ts';
import { SoftAuthenticator, TEST_RP_ID } from './support/webauthn.ts';
import {
  auditActions,
  ctx,
  enrol,
  passwordLogin,
  post,
  registrationOptions,
  usePasskeysApp,
} from './support/passkeys-app.ts';

usePasskeysApp();

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
