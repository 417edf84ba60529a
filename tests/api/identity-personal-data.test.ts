import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { API, IDENTITY_PATHS, PRIVACY_PATHS, type PrivacyRequest, type TokenPair } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import type { TestUser } from './support/harness.ts';
import { admin, ctx, mailbox, usePrivacyRightsApp } from './support/privacy-rights-app.ts';

// Identity decides which rows are a person's (decision record 063): by id, and by address only within the
// span of an address they confirmed. On the old code the export and the erasure took every row under the
// account's address, confirmed or not: the first test fails there (the stranger's request is exported and
// deleted), as do the copies the second one looks for.

usePrivacyRightsApp();

let visitor = 0;
/** A counseling request from a visitor's own address (the form's limit is per client address). */
async function counsel(email: string, name: string, message: string, phone = '9876543210') {
  const res = await ctx.request({
    method: 'POST',
    url: API.counseling.create,
    body: { name, email, phone, message, consents: { sms: true } },
    ip: `10.9.0.${++visitor}`,
  });
  expect(res.status).toBe(201);
}

async function exported(access: string): Promise<Record<string, string>> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: PRIVACY_PATHS.dataExport,
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

async function erase(user: { access: string; password: string }) {
  const made = await ctx.request({
    method: 'POST',
    url: PRIVACY_PATHS.erasureRequest,
    token: user.access,
    body: { password: user.password },
  });
  expect(made.status).toBe(201);
  const id = (made.body as PrivacyRequest).id;
  for (const action of ['verify', 'complete']) {
    const res = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.adminRequest(id),
      token: admin.access,
      body: { action },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const requests = async () =>
  (await ctx.db.selectFrom('counseling_requests').select(['message', 'email']).orderBy('id').execute()).map(
    (r) => r.message,
  );

describe('rows kept by address', () => {
  it('registering a stranger’s address exports and erases nothing of the stranger’s', async () => {
    await counsel('stranger@example.in', 'Sunita Stranger', 'stranger private message', '9822222222');
    const registered = await ctx.request({
      method: 'POST',
      url: API.register,
      body: {
        username: 'impostor',
        email: 'Stranger@Example.in',
        password: 'password123',
        first_name: 'Imp',
        last_name: 'Ostor',
        is_adult: true,
      },
    });
    expect(registered.status).toBe(201);
    const impostor = { ...(registered.body as TokenPair), password: 'password123' };
    const files = await exported(impostor.access);
    expect(JSON.parse(files['counseling_requests.json']!)).toEqual([]);
    const whole = Object.values(files).join('\n');
    expect(whole).not.toContain('stranger private message');
    expect(whole).not.toContain('9822222222');
    expect(whole).not.toContain('Sunita');
    expect(files['README.txt']).toContain('CGST Act');

    await erase(impostor);
    expect(await requests()).toContain('stranger private message');
    const consents = await ctx.db.selectFrom('consent_events').select('email').where('user_id', 'is', null).execute();
    expect(consents.map((c) => c.email)).toContain('stranger@example.in');
    const notice = await ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('template', '=', 'counseling_admin_notice')
      .where('text_body', 'like', '%stranger private message%')
      .executeTakeFirst();
    expect(notice).toBeDefined();
  });

  it('a confirmed address is the person’s from its confirmation until changed away; erasure reaches those rows and pseudonymises every copy', async () => {
    const keeper: TestUser = await ctx.user('keeper');
    const first = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', keeper.id).executeTakeFirstOrThrow()
    ).email;
    await counsel(first, 'Before Confirming', 'asked before confirming');
    await mailbox.confirm(keeper);
    await counsel(first, 'Keeper Tester', 'asked while confirmed', '9811111111');
    // The address changes: the first address's span ends; a request under it afterwards is not theirs.
    const changed = await ctx.request({
      method: 'POST',
      url: IDENTITY_PATHS.email,
      token: keeper.access,
      body: { email: 'keeper.second@example.in', current_password: keeper.password },
    });
    expect(changed.status).toBe(200);
    const tokens = changed.body as TokenPair;
    await counsel(first, 'Next Owner', 'asked after leaving');
    await counsel('keeper.second@example.in', 'Keeper Tester', 'asked before the second is confirmed');
    const session = { ...keeper, ...tokens };
    await mailbox.confirm(session);
    await counsel('keeper.second@example.in', 'Keeper Tester', 'asked under the second address', '9811111111');

    const files = await exported(session.access);
    const mine = (JSON.parse(files['counseling_requests.json']!) as { message: string }[]).map((r) => r.message);
    expect(mine).toEqual(['asked while confirmed', 'asked under the second address']);
    const addresses = JSON.parse(files['verified_addresses.json']!) as { email: string; released_at: string | null }[];
    expect(addresses.map((a) => [a.email, a.released_at === null])).toEqual([
      [first.toLowerCase(), false],
      ['keeper.second@example.in', true],
    ]);

    // Copies: an administrator's edit (audit log), a paid order's gateway messages, the notices.
    const renamed = await ctx.request({
      method: 'PATCH',
      url: API.admin.user(keeper.id),
      token: admin.access,
      body: { first_name: 'Kiran', last_name: 'Keeperson' },
    });
    expect(renamed.status).toBe(200);
    const programId = await createProgram(ctx, admin.access, { title: 'Copies course', price: 2000 });
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: session.access,
      body: {
        billing: {
          first_name: 'Kiran',
          last_name: 'Keeperson',
          email: 'kiran.billing@example.in',
          phone: '9833333333',
          state_code: '27',
        },
      },
    });
    const paymentId = (start.body as { id: number }).id;
    await ctx.pay(paymentId);
    const events = () =>
      ctx.db
        .selectFrom('gateway_events')
        .select(['payload', 'amount', 'gateway_payment_id'])
        .where('payment_id', '=', paymentId)
        .execute();
    const before = await events();
    expect(before.length).toBeGreaterThan(0);
    expect(before.map((e) => e.payload).join()).toContain('"contact"');

    await erase(session);
    expect(await requests()).toEqual(
      expect.arrayContaining([
        'asked before confirming',
        'asked after leaving',
        'asked before the second is confirmed',
      ]),
    );
    expect(await requests()).not.toContain('asked while confirmed');
    expect(await requests()).not.toContain('asked under the second address');

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'user')
      .where('entity_id', '=', keeper.id)
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    const auditText = audit.map((a) => a.changes).join();
    expect(auditText).not.toMatch(/Kiran|Keeperson|keeper/i);
    expect(auditText).toContain('erased');

    const after = await events();
    const payloads = after.map((e) => e.payload).join();
    expect(payloads).not.toContain('student@example.in');
    expect(payloads).not.toContain('+919000000000');
    // Ids and amounts stay for reconciliation.
    expect(after.map((e) => [e.amount, e.gateway_payment_id])).toEqual(
      before.map((e) => [e.amount, e.gateway_payment_id]),
    );
    for (const e of after) expect(payloads).toContain(e.gateway_payment_id!);

    const notices = await ctx.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('template', '=', 'counseling_admin_notice')
      .execute();
    const noticeText = notices.map((n) => `${n.subject} ${n.text_body}`).join('\n');
    expect(noticeText).not.toContain('asked while confirmed');
    expect(noticeText).not.toContain('asked under the second address');
    expect(noticeText).toContain('asked after leaving');
    // No email to either confirmed address keeps its address or body.
    const toThem = await ctx.db
      .selectFrom('outbox')
      .select(['recipients', 'template'])
      .where('recipients', 'like', '%keeper.second@example.in%')
      .execute();
    // (The acknowledgement of the request made before the second address was confirmed is not theirs.)
    expect(toThem.map((m) => m.template)).toEqual(['counseling_acknowledged', 'erasure_done']);
  });

  it('an account holding the rename target (made before the rule) does not block an erasure', async () => {
    const leaver = await ctx.user('leaver');
    await ctx.db
      .insertInto('users')
      .values({
        username: `erased-${leaver.id}`,
        email: 'old.squatter@example.in',
        first_name: 'Old',
        last_name: 'Squatter',
        password_hash: '!',
        role: 'student',
        created_at: new Date().toISOString(),
      })
      .execute();
    await erase(leaver);
    const row = await ctx.db
      .selectFrom('users')
      .select(['username', 'is_active'])
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(row.username.startsWith(`erased-${leaver.id}-`)).toBe(true);
    expect(row.is_active).toBe(0);
  });
});
