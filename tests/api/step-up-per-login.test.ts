import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, MFA_MESSAGES, MFA_PATHS } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { codeAt, enrolTotp, useCodeClock } from './support/mfa.ts';

/**
 * A step-up proof counts for the login (device) that gave it (decision record 056): an administrator who
 * confirmed a code on the office laptop has not thereby armed a token of theirs that leaked from another
 * sign-in. Each login below is a real password + code sign-in over HTTP.
 */

const { later } = useCodeClock();

const STEP_UP_REQUIRED = { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' };

describe('step-up per login', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let seed: string;
  beforeAll(async () => {
    vi.useRealTimers();
    ctx = await createTestApp();
    admin = await ctx.user('chief', 'admin');
    ({ seed } = await enrolTotp(ctx, admin));
  });
  afterAll(async () => ctx?.close());

  /** A sign-in with the password and a code `steps` time steps away (each sign-in uses its own code). */
  async function signIn(steps: number): Promise<{ access: string; refresh: string }> {
    const first = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: admin.username, password: admin.password },
    });
    expect(first.status, first.raw).toBe(200);
    const { mfa_token } = first.body as { mfa_token: string };
    const done = await ctx.request({
      method: 'POST',
      url: MFA_PATHS.tokenMfa,
      body: { mfa_token, code: codeAt(seed, steps) },
    });
    expect(done.status, done.raw).toBe(200);
    return done.body as { access: string; refresh: string };
  }
  const exportUsers = (token: string) => ctx.request({ url: API.admin.exports.users, token });
  const status = async (token: string) =>
    ((await ctx.request({ url: MFA_PATHS.status, token })).body as { step_up_until: string | null }).step_up_until;

  it('arms only the login that gave the proof, and that login keeps it across a token refresh', async () => {
    const laptop = await signIn(-1);
    const phone = await signIn(0);
    expect((await exportUsers(laptop.access)).body).toEqual(STEP_UP_REQUIRED);

    const proof = await ctx.request({
      method: 'POST',
      url: MFA_PATHS.stepUp,
      token: laptop.access,
      body: { code: codeAt(seed, 1) },
    });
    expect(proof.status, proof.raw).toBe(200);
    expect((await exportUsers(laptop.access)).status).toBe(200);
    expect(await status(laptop.access)).toBe((proof.body as { step_up_until: string }).step_up_until);

    // The same account's other sign-in is asked for its own proof.
    const other = await exportUsers(phone.access);
    expect(other.status).toBe(403);
    expect(other.body).toEqual(STEP_UP_REQUIRED);
    expect(await status(phone.access)).toBeNull();

    // A refreshed token is the same login: the proof still counts.
    const refreshed = await ctx.request({
      method: 'POST',
      url: API.tokenRefresh,
      body: { refresh: laptop.refresh },
    });
    expect(refreshed.status, refreshed.raw).toBe(200);
    expect((await exportUsers((refreshed.body as { access: string }).access)).status).toBe(200);

    // The phone's own proof moves the proof to the phone's login.
    later(30);
    const again = await ctx.request({
      method: 'POST',
      url: MFA_PATHS.stepUp,
      token: phone.access,
      body: { code: codeAt(seed, 1) },
    });
    expect(again.status, again.raw).toBe(200);
    expect((await exportUsers(phone.access)).status).toBe(200);
    expect((await exportUsers(laptop.access)).body).toEqual(STEP_UP_REQUIRED);
  });

  it('answers 401 to a proof sent with a token that names no login, so the app refreshes it first', async () => {
    const unnamed = ctx.app.deps.tokens.sign('access', admin.id, 'no-login-named', 300);
    const res = await ctx.request({
      method: 'POST',
      url: MFA_PATHS.stepUp,
      token: unnamed,
      body: { code: codeAt(seed) },
    });
    expect(res.status).toBe(401);
  });
});
