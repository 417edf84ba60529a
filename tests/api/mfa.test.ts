import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { codeAt, enrolTotp, seedOf, useCodeClock } from './support/mfa.ts';

let ctx: TestContext;
/** The client address of the current test (each test of the second step sets its own). */
let address = '10.9.0.1';
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    config: { loginMaxFailuresPerAccountAddress: 3, logger: true },
    logStream: { write: (line) => logLines.push(line) },
  });
});
afterAll(async () => ctx?.close());

const { later } = useCodeClock();

const login = (username: string, ip = address) =>
  ctx.request({ method: 'POST', url: '/auth/token/', body: { username, password: 'password123' }, ip });
const second = (body: object, ip = address) => ctx.request({ method: 'POST', url: '/auth/token/mfa/', body, ip });
const mfaToken = async (username: string, ip?: string) => {
  const res = await login(username, ip);
  expect(res.status).toBe(200);
  return (res.body as { mfa_token: string }).mfa_token;
};

describe('setting up an authenticator app', () => {
  it('answers an otpauth URI and an SVG QR code; a code turns it on and answers 10 recovery codes once', async () => {
    const user = await ctx.user('meera');
    const setup = await ctx.request({ method: 'POST', url: '/auth/mfa/totp/setup/', token: user.access });
    expect(setup.status).toBe(200);
    const { otpauth_url, qr_svg } = setup.body as { otpauth_url: string; qr_svg: string };
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+meera\?secret=[A-Z2-7]{32}&/);
    expect(qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const seed = seedOf(otpauth_url);

    const wrong = await ctx.request({
      method: 'POST',
      url: '/auth/mfa/totp/confirm/',
      token: user.access,
      body: { code: codeAt(seed, 3) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: MFA_MESSAGES.codeInvalid });
    const bad = await ctx.request({ method: 'POST', url: '/auth/mfa/totp/confirm/', token: user.access, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: ['Code is required.'] });

    const confirm = await ctx.request({
      method: 'POST',
      url: '/auth/mfa/totp/confirm/',
      token: user.access,
      body: { code: codeAt(seed) },
    });
    expect(confirm.status).toBe(200);
    const codes = (confirm.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // Stored sealed and hashed: neither the seed nor a recovery code is in the database.
    const row = await ctx.db
      .selectFrom('totp_credentials')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row?.secret_encrypted).not.toContain(seed);
    const hashes = await ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);

    // Never shown again: set-up is refused while it is on, and the status tells only counts.
    const again = await ctx.request({ method: 'POST', url: '/auth/mfa/totp/setup/', token: user.access });
    expect(again.status).toBe(400);
    const status = await ctx.request({ url: '/auth/mfa/', token: user.access });
    expect(status.body).toEqual({ totp_enabled: true, recovery_codes_left: 10, passkeys: 0, step_up_until: null });
    expect(status.raw).not.toContain(seed);
    // Nor written to the log.
    expect(logLines.join('\n')).not.toContain(seed);

    const audit = await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toContain('mfa.totp_enabled');
  });

  it('needs a login', async () => {
    const res = await ctx.request({ method: 'POST', url: '/auth/mfa/totp/setup/' });
    expect(res.status).toBe(401);
  });
});

describe('the login second step', () => {
  let user: TestUser;
  let seed: string;
  let recovery: string[];
  beforeAll(async () => {
    vi.useRealTimers();
    user = await ctx.user('kavya');
  });
  beforeEach(async () => {
    if (!seed) ({ seed, recovery } = await enrolTotp(ctx, user));
    later(60); // past the step the set-up used
  });
  let ip = 0;
  /** Each test from an address of its own: the per-address limits count only its own attempts. */
  beforeEach(() => {
    address = `10.9.${++ip}.1`;
  });

  it('answers an mfa_token and no tokens for the right password; a code trades it for the pair, once', async () => {
    const first = await login('kavya');
    expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String), passkey: false });
    expect(first.raw).not.toMatch(/access|refresh/);
    const token = (first.body as { mfa_token: string }).mfa_token;
    const done = await second({ mfa_token: token, code: codeAt(seed) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await ctx.request({ url: '/classroom/auth/me/', token: (done.body as { access: string }).access });
    expect(me.status).toBe(200);
    // Single use.
    const reused = await second({ mfa_token: token, code: codeAt(seed, 1) });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ detail: MFA_MESSAGES.mfaTokenInvalid });
  });

  it('refuses the same code (the same time step) a second time, even on a new login', async () => {
    const code = codeAt(seed);
    expect((await second({ mfa_token: await mfaToken('kavya'), code })).status).toBe(200);
    const replay = await second({ mfa_token: await mfaToken('kavya'), code });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: MFA_MESSAGES.codeInvalid });
  });

  it('lets one of several concurrent logins with the same code through (the step is claimed atomically)', async () => {
    // Three logins (the pair limit of this app), one after another; then their second steps all at once.
    const tokens = [await mfaToken('kavya'), await mfaToken('kavya'), await mfaToken('kavya')];
    const code = codeAt(seed);
    const answers = await Promise.all(tokens.map((mfa_token) => second({ mfa_token, code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('accepts a code one step either side and nothing further', async () => {
    expect((await second({ mfa_token: await mfaToken('kavya'), code: codeAt(seed, -2) })).status).toBe(401);
    expect((await second({ mfa_token: await mfaToken('kavya'), code: codeAt(seed, 2) })).status).toBe(401);
    expect((await second({ mfa_token: await mfaToken('kavya'), code: codeAt(seed, -1) })).status).toBe(200);
    later(90);
    expect((await second({ mfa_token: await mfaToken('kavya'), code: codeAt(seed, 1) })).status).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const code = recovery[0]!.toUpperCase();
    expect((await second({ mfa_token: await mfaToken('kavya'), recovery_code: code })).status).toBe(200);
    const again = await second({ mfa_token: await mfaToken('kavya'), recovery_code: recovery[0] });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ detail: MFA_MESSAGES.recoveryInvalid });
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toContain('mfa.recovery_code_used');
  });

  it('ends an mfa_token after 5 minutes', async () => {
    const token = await mfaToken('kavya');
    later(301);
    expect((await second({ mfa_token: token, code: codeAt(seed) })).status).toBe(401);
  });

  it('limits wrong codes per account and address; the owner elsewhere and strangers without the password are unaffected', async () => {
    const attacker = '10.66.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await second({ mfa_token: await mfaToken('kavya', attacker), code: '000000' }, attacker);
      expect(res.status).toBe(401);
    }
    const blocked = await second({ mfa_token: await mfaToken('kavya', attacker), code: codeAt(seed) }, attacker);
    expect(blocked.status).toBe(429);
    // Without the password nobody reaches the second step, so nothing is counted against the account.
    const stranger = await second({ mfa_token: 'made-up-token', code: '123456' }, '10.66.0.2');
    expect(stranger.status).toBe(401);
    const owner = await second({ mfa_token: await mfaToken('kavya', '10.9.9.9'), code: codeAt(seed) }, '10.9.9.9');
    expect(owner.status).toBe(200);
  });

  it('refuses malformed second steps with field errors', async () => {
    const res = await second({ mfa_token: 'x' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('mfa_token with a code or a recovery_code');
  });
});
