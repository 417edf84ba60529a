import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, MFA_MESSAGES, MFA_PATHS, PASSKEY_PATHS } from '../../contract/index.ts';
import type { TestUser } from './support/harness.ts';
import { codeAt, seedOf } from './support/mfa.ts';
import { ctx, enrol, post, usePasskeysApp } from './support/passkeys-app.ts';
import { SoftAuthenticator } from './support/webauthn.ts';

/**
 * Adding the first second factor (authenticator app or passkey) needs the current password, unless the
 * login began less than 5 minutes ago, so a stolen access token alone cannot enrol the thief's phone or
 * passkey; and every factor added or removed emails the account's owner (issue 32).
 */

usePasskeysApp();
afterEach(() => vi.useRealTimers());

/** A login that began 10 minutes ago, its access token refreshed just now (the same login). */
async function oldLogin(name: string): Promise<TestUser> {
  vi.useFakeTimers({ toFake: ['Date'] });
  const user = await ctx.user(name);
  vi.setSystemTime(Date.now() + 10 * 60_000);
  const refreshed = await post(API.tokenRefresh, { refresh: user.refresh });
  expect(refreshed.status, refreshed.raw).toBe(200);
  return { ...user, ...(refreshed.body as { access: string; refresh: string }) };
}

const notices = async (user: TestUser) =>
  (
    await ctx.db
      .selectFrom('outbox')
      .select(['recipients', 'subject', 'text_body'])
      .where('template', '=', 'second_factor_changed')
      .execute()
  ).filter((mail) => mail.recipients.includes(`${user.username}.`));

describe('the first second factor', () => {
  it('an authenticator app: a login older than 5 minutes must give the password', async () => {
    const user = await oldLogin('tanvi');
    const bare = await post(MFA_PATHS.totpSetup, {}, user.access);
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ error: MFA_MESSAGES.passwordNeeded });
    const wrong = await post(MFA_PATHS.totpSetup, { password: 'not-it' }, user.access);
    expect(wrong.body).toEqual({ error: MFA_MESSAGES.passwordWrong });
    const right = await post(MFA_PATHS.totpSetup, { password: user.password }, user.access);
    expect(right.status, right.raw).toBe(200);
  });

  it('a passkey: a login older than 5 minutes must give the password for the challenge', async () => {
    const user = await oldLogin('uday');
    const bare = await post(PASSKEY_PATHS.registrationOptions, {}, user.access);
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ error: MFA_MESSAGES.passwordNeeded });
    const options = await post(PASSKEY_PATHS.registrationOptions, { password: user.password }, user.access);
    expect(options.status, options.raw).toBe(200);
    const authenticator = new SoftAuthenticator();
    const registered = await post(
      PASSKEY_PATHS.registration,
      { name: 'Phone', response: authenticator.register(options.body as Parameters<SoftAuthenticator['register']>[0]) },
      user.access,
    );
    expect(registered.status, registered.raw).toBe(201);
  });

  it('a login that began minutes ago needs no password', async () => {
    const user = await ctx.user('veda');
    expect((await post(MFA_PATHS.totpSetup, {}, user.access)).status).toBe(200);
    expect((await post(PASSKEY_PATHS.registrationOptions, {}, user.access)).status).toBe(200);
  });
});

describe('a notice to the owner', () => {
  it('when an authenticator app is set up, recovery codes are renewed and the app is turned off', async () => {
    const user = await ctx.user('wamiq');
    const setup = await post(MFA_PATHS.totpSetup, {}, user.access);
    const seed = seedOf((setup.body as { otpauth_url: string }).otpauth_url);
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await post(MFA_PATHS.totpConfirm, { code: codeAt(seed) }, user.access)).status).toBe(200);
    expect((await notices(user)).map((mail) => mail.text_body)).toEqual([
      expect.stringContaining('An authenticator app was set up'),
    ]);
    vi.setSystemTime(Date.now() + 30_000);
    expect((await post(MFA_PATHS.recoveryCodes, { code: codeAt(seed) }, user.access)).status).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    const off = await post(MFA_PATHS.totpDisable, { password: user.password, code: codeAt(seed) }, user.access);
    expect(off.status, off.raw).toBe(204);
    const mails = await notices(user);
    expect(mails.map((mail) => mail.subject)).toEqual(Array(3).fill('Your sign-in security changed'));
    expect(mails.map((mail) => mail.text_body)).toEqual([
      expect.stringContaining('An authenticator app was set up'),
      expect.stringContaining('New recovery codes were made'),
      expect.stringContaining('The authenticator app was turned off'),
    ]);
  });

  it('when a passkey is added and removed', async () => {
    const user = await ctx.user('xerxes');
    const authenticator = await enrol(user);
    const options = await post(PASSKEY_PATHS.stepUpOptions, {}, user.access);
    const stepUp = await post(
      '/auth/step-up/',
      { response: authenticator.assert(options.body as { challenge: string }) },
      user.access,
    );
    expect(stepUp.status).toBe(200);
    const removed = await ctx.request({
      method: 'DELETE',
      url: PASSKEY_PATHS.one(authenticator.id),
      token: user.access,
    });
    expect(removed.status).toBe(204);
    expect((await notices(user)).map((mail) => mail.text_body)).toEqual([
      expect.stringContaining('A passkey was added'),
      expect.stringContaining('A passkey was removed'),
    ]);
  });
});
