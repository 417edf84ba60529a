import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PRIVACY_PATHS, checkoutBilling, EMPTY_CHECKOUT_FORM, type ConsentState } from '../../contract/index.ts';
import { DEMO_GRIEVANCE_OFFICER } from '../../server/domains/privacy/config.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Consents given at checkout reach the account's consent record; a breach notice goes once, one email per
 * affected person, and says what happened, what data, what the institute is doing and whom to ask.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('breachadmin', 'admin');
});
afterAll(async () => ctx?.close());

/** The payment start exactly as the checkout page sends it (the contract's checkoutBilling). */
const checkoutBody = (consents: Record<string, unknown>) =>
  checkoutBilling({
    ...EMPTY_CHECKOUT_FORM,
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha.checkout@example.in',
    phone: '9876543210',
    stateCode: '27',
    address: '12 Marine Drive, Mumbai 400020',
    consents,
  });

const consentsOf = async (token: string) =>
  (await ctx.request({ url: PRIVACY_PATHS.consents, token })).body as ConsentState;

describe('consents at checkout', () => {
  it('records the ticked purposes with the notice version; an unticked box withdraws nothing; no duplicate grant', async () => {
    const asha = await ctx.user('checkoutconsent');
    const programId = await createProgram(ctx, admin.access, { title: 'Consent course', price: 3000 });
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: checkoutBody({ notice_version: '2026-11', marketing_email: false, whatsapp: true, sms: false }),
    });
    expect(start.status).toBe(201);
    const state = await consentsOf(asha.access);
    expect(state.purposes.map((p) => [p.purpose, p.granted])).toEqual([
      ['marketing_email', false],
      ['whatsapp', true],
      ['sms', false],
    ]);
    expect(state.history.map((h) => [h.purpose, h.granted, h.source, h.notice_version])).toEqual([
      ['notice', true, 'checkout', '2026-11'],
      ['whatsapp', true, 'checkout', '2026-11'],
    ]);

    // The same checkout again, nothing ticked: WhatsApp stays granted and no purpose is recorded twice.
    const again = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: checkoutBody({ notice_version: '2026-11', marketing_email: false, whatsapp: false, sms: false }),
    });
    expect(again.status).toBeLessThan(300);
    const after = await consentsOf(asha.access);
    expect(after.purposes.find((p) => p.purpose === 'whatsapp')?.granted).toBe(true);
    expect(after.history.filter((h) => h.purpose === 'whatsapp')).toHaveLength(1);
  });
});

const breachMails = async () =>
  (await ctx.db.selectFrom('outbox').selectAll().where('template', '=', 'breach_notice').orderBy('id').execute()).map(
    (m) => ({ to: JSON.parse(m.recipients) as string[], text: m.text_body }),
  );

async function recordIncident(affected_emails?: string[]) {
  const res = await ctx.request({
    method: 'POST',
    url: PRIVACY_PATHS.adminIncidents,
    token: admin.access,
    body: {
      aware_at: '2026-11-20T10:00:00.000Z',
      data_categories: 'names, email addresses and phone numbers',
      people_affected: affected_emails?.length ?? 0,
      description: 'A spreadsheet of enquiries was emailed to a wrong address.',
      notice_text: 'We asked the recipient to delete it and restricted who can export lists. Beware of calls.',
      ...(affected_emails ? { affected_emails } : {}),
    },
  });
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
}

const notify = (id: number) =>
  ctx.request({ method: 'POST', url: PRIVACY_PATHS.adminIncidentNotify(id), token: admin.access });

describe('breach notice', () => {
  it('with explicit addresses: one email per person, once; a second notify sends none', async () => {
    const before = (await breachMails()).length;
    const id = await recordIncident(['one@example.in', 'two@example.in', 'one@example.in']);
    const sent = await notify(id);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ notified_count: 2 });
    const mails = (await breachMails()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([['one@example.in'], ['two@example.in']]);

    const twice = await notify(id);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ error: 'The affected people were already notified.' });
    expect((await breachMails()).length).toBe(before + 2);
  });

  it('the email names what happened, what data, what the institute is doing and the grievance contact', async () => {
    const before = (await breachMails()).length;
    await notify(await recordIncident(['reader@example.in']));
    const [mail] = (await breachMails()).slice(before);
    expect(mail!.text).toContain('What happened: A spreadsheet of enquiries was emailed to a wrong address.');
    expect(mail!.text).toContain('20 Nov 2026');
    expect(mail!.text).toContain('What personal data was affected: names, email addresses and phone numbers.');
    expect(mail!.text).toContain(
      'What we are doing, and what you can do: We asked the recipient to delete it and restricted who can export lists.',
    );
    expect(mail!.text).toContain(DEMO_GRIEVANCE_OFFICER.name);
    expect(mail!.text).toContain(DEMO_GRIEVANCE_OFFICER.email);
    expect(mail!.text).toContain(DEMO_GRIEVANCE_OFFICER.phone);
  });

  it('with no addresses: every active account gets its own email, and a deactivated one none', async () => {
    await ctx.user('affected1');
    await ctx.user('affected2');
    const gone = await ctx.user('deactivated');
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
    const active = (
      await ctx.db.selectFrom('users').select('email').where('is_active', '=', 1).where('email', '<>', '').execute()
    ).map((u) => u.email);
    expect(active.length).toBeGreaterThan(2);
    const before = (await breachMails()).length;
    const sent = await notify(await recordIncident());
    expect(sent.body).toMatchObject({ notified_count: active.length });
    const mails = (await breachMails()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(active.map((a) => [a]).sort());
    const goneEmail = (await ctx.db.selectFrom('users').select('email').where('id', '=', gone.id).executeTakeFirst())!
      .email;
    expect(mails.flatMap((m) => m.to)).not.toContain(goneEmail);
  });
});
