import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, CERTIFICATE_PATHS, COUPON_PATHS, INSTALMENT_PATHS, MFA_MESSAGES } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { codeAt, enrolTotp, useCodeClock } from './support/mfa.ts';

/** REQUIRE_ADMIN_MFA, step-up before sensitive actions, turning the second factor off and an administrator's reset. */

const { later } = useCodeClock();

const SETUP_REQUIRED = { detail: MFA_MESSAGES.setupRequired, code: 'mfa_setup_required' };
const STEP_UP_REQUIRED = { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' };

describe('REQUIRE_ADMIN_MFA on (outside demo mode)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { requireAdminMfa: true, demoMode: false } });
    admin = await ctx.user('root', 'admin');
  });
  afterAll(async () => ctx?.close());

  it('refuses an administrator without a second factor on admin endpoints, until they set one up', async () => {
    for (const url of [API.admin.users, API.admin.payments, API.admin.reconciliation]) {
      const res = await ctx.request({ url, token: admin.access });
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual(SETUP_REQUIRED);
    }
    // Their own account and the set-up itself work.
    expect((await ctx.request({ url: API.me, token: admin.access })).status).toBe(200);
    const { seed } = await enrolTotp(ctx, admin);
    expect((await ctx.request({ url: API.admin.users, token: admin.access })).status).toBe(200);
    // Every sensitive action then needs a step-up, whoever the administrator is.
    const exported = await ctx.request({ url: API.admin.exports.users, token: admin.access });
    expect(exported.body).toEqual(STEP_UP_REQUIRED);
    later(30);
    const step = await ctx.request({
      method: 'POST',
      url: '/auth/step-up/',
      token: admin.access,
      body: { code: codeAt(seed) },
    });
    expect(step.status).toBe(200);
    expect((await ctx.request({ url: API.admin.exports.users, token: admin.access })).status).toBe(200);
  });

  it('leaves students alone', async () => {
    const student = await ctx.user('lata');
    expect((await ctx.request({ url: API.me, token: student.access })).status).toBe(200);
    expect((await ctx.request({ url: API.admin.users, token: student.access })).status).toBe(403);
  });
});

describe('step-up (REQUIRE_ADMIN_MFA off, as in demo mode)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let plain: TestUser;
  let other: TestUser;
  let seed: string;
  beforeAll(async () => {
    vi.useRealTimers();
    ctx = await createTestApp();
    admin = await ctx.user('chief', 'admin');
    plain = await ctx.user('demoadmin', 'admin');
    other = await ctx.user('ravi');
    ({ seed } = await enrolTotp(ctx, admin));
  });
  afterAll(async () => ctx?.close());
  // The clock moves by minutes here: every test starts with access tokens issued now.
  beforeEach(async () => {
    for (const u of [admin, plain, other]) u.access = (await ctx.app.deps.tokens.issuePair(u.id)).access;
  });

  const stepUp = (code: string) =>
    ctx.request({ method: 'POST', url: '/auth/step-up/', token: admin.access, body: { code } });

  it('lets an administrator without a second factor work as before', async () => {
    expect((await ctx.request({ url: API.admin.exports.users, token: plain.access })).status).toBe(200);
    const patch = await ctx.request({
      method: 'PATCH',
      url: API.admin.user(other.id),
      token: plain.access,
      body: { role: 'instructor' },
    });
    expect(patch.status).toBe(200);
  });

  it('asks one with a second factor for a proof less than 5 minutes old before exports, role changes, deactivation, refunds, coupon and plan changes and revoking certificates', async () => {
    const sensitive = [
      { url: API.admin.exports.payments },
      { method: 'PATCH' as const, url: API.admin.user(other.id), body: { role: 'student' } },
      { method: 'PATCH' as const, url: API.admin.user(other.id), body: { is_active: false } },
      {
        method: 'POST' as const,
        url: API.admin.refundPayment(999_999),
        body: { reason: 'Course cancelled', revoke_access: true },
        headers: { 'idempotency-key': 'mfa-step-up-test' },
      },
      // Coupon, scholarship and plan changes, a moved due date and a revoked certificate (decisions 052-054).
      { method: 'POST' as const, url: COUPON_PATHS.adminList, body: { code: 'X', kind: 'fixed', value: 1 } },
      { method: 'PATCH' as const, url: COUPON_PATHS.adminOne(1), body: { is_active: false } },
      { method: 'POST' as const, url: COUPON_PATHS.scholarships(other.id), body: {} },
      { method: 'POST' as const, url: INSTALMENT_PATHS.adminProgramPlans(1), body: {} },
      { method: 'PATCH' as const, url: INSTALMENT_PATHS.adminPlan(1), body: { is_active: false } },
      { method: 'DELETE' as const, url: INSTALMENT_PATHS.adminPlan(1) },
      { method: 'PATCH' as const, url: INSTALMENT_PATHS.adminInstalment(1), body: {} },
      { method: 'POST' as const, url: CERTIFICATE_PATHS.revoke('x'), body: { reason: 'y' } },
    ];
    for (const r of sensitive) {
      const res = await ctx.request({ ...r, token: admin.access });
      expect(res.status, r.url).toBe(403);
      expect(res.body).toEqual(STEP_UP_REQUIRED);
    }
    // Any change of another person's account is (decision record 064: an email or a name alike); reading
    // the list is not.
    const rename = await ctx.request({
      method: 'PATCH',
      url: API.admin.user(other.id),
      token: admin.access,
      body: { first_name: 'Ravi' },
    });
    expect(rename.body).toEqual(STEP_UP_REQUIRED);
    expect((await ctx.request({ url: API.admin.users, token: admin.access })).status).toBe(200);

    expect((await stepUp('000000')).body).toEqual({ error: MFA_MESSAGES.codeInvalid });
    const ok = await stepUp(codeAt(seed));
    expect(ok.status).toBe(200);
    expect(Date.parse((ok.body as { step_up_until: string }).step_up_until)).toBe(Date.now() + 300_000);
    expect((await ctx.request({ ...sensitive[0]!, token: admin.access })).status).toBe(200);
    expect((await ctx.request({ ...sensitive[1]!, token: admin.access })).status).toBe(200);
    // The refund guard passes; the unknown payment is the answer now.
    const refund = await ctx.request({ ...sensitive[3]!, token: admin.access });
    expect(refund.status, refund.raw).toBe(404);
    // The same code cannot step up twice.
    expect((await stepUp(codeAt(seed))).status).toBe(400);

    later(299);
    expect((await ctx.request({ ...sensitive[0]!, token: admin.access })).status).toBe(200);
    later(2);
    admin.access = (await ctx.app.deps.tokens.issuePair(admin.id)).access; // the old one expired too
    expect((await ctx.request({ ...sensitive[0]!, token: admin.access })).body).toEqual(STEP_UP_REQUIRED);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', admin.id).execute();
    expect(audit.filter((a) => a.action === 'mfa.step_up')).toHaveLength(1);
  });

  it('lets an administrator remove another user’s authenticator app only with a reason, audited, and emails the owner', async () => {
    const { seed: otherSeed } = await enrolTotp(ctx, other);
    expect(otherSeed).toBeTruthy();
    const url = `/api/admin/users/${other.id}/mfa/reset/`;
    // The Users tab knows who has a second factor (it offers Remove second factor for them only).
    const listed = async () =>
      (
        (await ctx.request({ url: `${API.admin.users}?search=ravi`, token: admin.access })).body as {
          results: { id: number; mfa_enabled: boolean }[];
        }
      ).results.find((u) => u.id === other.id)?.mfa_enabled;
    expect(await listed()).toBe(true);
    expect(
      (await ctx.request({ method: 'POST', url, token: other.access, body: { reason: 'lost phone' } })).status,
    ).toBe(403);
    later(30);
    await stepUp(codeAt(seed));
    const noReason = await ctx.request({ method: 'POST', url, token: admin.access, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ reason: ['A reason is required.'] });
    const done = await ctx.request({
      method: 'POST',
      url,
      token: admin.access,
      body: { reason: 'Lost phone, called the office' },
    });
    expect(done.status).toBe(204);
    expect(await listed()).toBe(false);
    const status = await ctx.request({ url: '/auth/mfa/', token: other.access });
    expect(status.body).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'changes'])
      .where('entity_id', '=', other.id)
      .where('action', '=', 'mfa.reset_by_admin')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect(JSON.parse(audit.changes)).toEqual({ reason: 'Lost phone, called the office' });
    const mail = await ctx.db
      .selectFrom('outbox')
      .select(['recipients', 'text_body'])
      .where('template', '=', 'second_factor_removed')
      .executeTakeFirstOrThrow();
    expect(mail.recipients).toContain('ravi.');
    expect(mail.text_body).toContain('Lost phone, called the office');
    // The password alone signs them in again.
    const login = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: 'ravi', password: 'password123' },
    });
    expect(login.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it('turns the owner’s app off only with the password and a current code', async () => {
    const user = await ctx.user('neha');
    const { seed: own } = await enrolTotp(ctx, user);
    later(30);
    const url = '/auth/mfa/totp/disable/';
    const wrongPassword = await ctx.request({
      method: 'POST',
      url,
      token: user.access,
      body: { password: 'nope', code: codeAt(own) },
    });
    expect(wrongPassword.body).toEqual({ error: MFA_MESSAGES.passwordWrong });
    const wrongCode = await ctx.request({
      method: 'POST',
      url,
      token: user.access,
      body: { password: 'password123', code: '000000' },
    });
    expect(wrongCode.body).toEqual({ error: MFA_MESSAGES.codeInvalid });
    const off = await ctx.request({
      method: 'POST',
      url,
      token: user.access,
      body: { password: 'password123', code: codeAt(own) },
    });
    expect(off.status).toBe(204);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['mfa.totp_enabled', 'mfa.totp_disabled']));
  });

  it('limits wrong passwords and codes when turning it off (no password guessing through it)', async () => {
    const user = await ctx.user('tara');
    const { seed: own } = await enrolTotp(ctx, user);
    const url = '/auth/mfa/totp/disable/';
    for (let i = 0; i < 5; i++) {
      const res = await ctx.request({
        method: 'POST',
        url,
        token: user.access,
        body: { password: `guess-${i}`, code: '000000' },
      });
      expect(res.status).toBe(400);
    }
    later(30);
    const blocked = await ctx.request({
      method: 'POST',
      url,
      token: user.access,
      body: { password: 'password123', code: codeAt(own) },
    });
    expect(blocked.status).toBe(429);
  });

  it('regenerates recovery codes with a current code; the old ones stop working', async () => {
    const user = await ctx.user('arjun');
    const { seed: own, recovery } = await enrolTotp(ctx, user);
    later(30);
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/mfa/recovery-codes/',
      token: user.access,
      body: { code: codeAt(own) },
    });
    expect(res.status).toBe(200);
    const fresh = (res.body as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    const token = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: 'arjun', password: 'password123' },
    });
    const mfaToken = (token.body as { mfa_token: string }).mfa_token;
    const old = await ctx.request({
      method: 'POST',
      url: '/auth/token/mfa/',
      body: { mfa_token: mfaToken, recovery_code: recovery[0] },
    });
    expect(old.status).toBe(401);
    const ok = await ctx.request({
      method: 'POST',
      url: '/auth/token/mfa/',
      body: { mfa_token: mfaToken, recovery_code: fresh[0] },
    });
    expect(ok.status).toBe(200);
  });
});
