import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PRIVACY_PATHS } from '../../contract/index.ts';
import { GUARDIAN_MESSAGES } from '../../server/domains/privacy/age.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { startResetMailbox } from './support/reset-mail.ts';

/**
 * Emails to an address someone else typed (decision record 065): a parent's confirmation email and a
 * payment's billing copy count against MAIL_MAX_PER_RECIPIENT_PER_DAY like a welcome or a counseling
 * acknowledgement; the parent's link is in no stored row (the admin Outbox shows a placeholder) and
 * expires 7 days after the registration.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ config: { mailMaxPerRecipientPerDay: 2 } });
  admin = await ctx.user('mailadmin', 'admin');
});
afterAll(async () => ctx?.close());

const dob = () => `${new Date().getUTCFullYear() - 15}-06-01`;
const registerMinor = (username: string, parentEmail: string) =>
  ctx.request({
    method: 'POST',
    url: API.register,
    body: {
      username,
      email: `${username}@example.in`,
      password: 'long-enough-1',
      first_name: 'Teen',
      last_name: 'Ager',
      date_of_birth: dob(),
      parent_name: 'A Parent',
      parent_email: parentEmail,
    },
  });
const mailsTo = async (template: string, address: string) =>
  (await ctx.db.selectFrom('outbox').selectAll().where('template', '=', template).execute()).filter((row) =>
    (JSON.parse(row.recipients) as string[]).includes(address),
  );

describe('a parent’s confirmation email', () => {
  it('obeys the per-recipient limit: the sign-ups succeed, the emails beyond it are not written', async () => {
    for (const n of [1, 2, 3])
      expect((await registerMinor(`floodteen${n}`, 'stranger.parent@example.in')).status).toBe(201);
    expect(await mailsTo('guardian_consent', 'stranger.parent@example.in')).toHaveLength(2);
  });

  it('keeps its link out of the admin Outbox and works for 7 days only', async () => {
    expect((await registerMinor('lateteen', 'late.parent@example.in')).status).toBe(201);
    const outbox = await ctx.request({ url: API.admin.outbox, token: admin.access });
    const shown = JSON.stringify(outbox.body);
    expect(shown).toContain('late.parent@example.in');
    expect(shown).toContain('[parent confirmation link: written into the email only as it is sent]');
    expect(shown).not.toMatch(/guardian-confirm\?token=/);

    const mailbox = await startResetMailbox(ctx);
    const text = await mailbox.textFor('late.parent@example.in');
    await mailbox.close();
    const token = /guardian-confirm\?token=([\w-]+)/.exec(text)![1]!;
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'lateteen')
      .executeTakeFirstOrThrow();
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await ctx.db.updateTable('age_records').set({ created_at: eightDaysAgo }).where('user_id', '=', user.id).execute();
    const late = await ctx.request({ method: 'POST', url: PRIVACY_PATHS.guardianConfirm, body: { token } });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: GUARDIAN_MESSAGES.linkInvalid });
    // Six days old: it still works.
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await ctx.db.updateTable('age_records').set({ created_at: sixDaysAgo }).where('user_id', '=', user.id).execute();
    expect((await ctx.request({ method: 'POST', url: PRIVACY_PATHS.guardianConfirm, body: { token } })).status).toBe(
      200,
    );
  });
});

describe('a payment’s billing copy', () => {
  it('goes to a typed billing address within the per-recipient limit; the buyer always gets theirs', async () => {
    const buyer = await ctx.user('billbuyer');
    const billing = {
      first_name: 'Someone',
      last_name: 'Else',
      email: 'billing.stranger@example.in',
      phone: '9876543210',
    };
    for (const n of [1, 2, 3]) {
      const programId = await createProgram(ctx, admin.access, { title: `Billing copy ${n}`, price: 1000 + n });
      const start = await ctx.request({
        method: 'POST',
        url: API.programs.payment(programId),
        token: buyer.access,
        body: { payment_method: 'upi', billing },
      });
      expect(start.status).toBe(201);
      expect((await completeThroughGateway(ctx, buyer.access, (start.body as { id: number }).id)).status).toBe(200);
    }
    const confirmations = await ctx.db
      .selectFrom('outbox')
      .select('recipients')
      .where('template', '=', 'payment_confirmation')
      .execute();
    const to = confirmations.map((row) => JSON.parse(row.recipients) as string[]);
    expect(to.filter((r) => r.some((a) => a.startsWith('billbuyer.')))).toHaveLength(3);
    expect(to.filter((r) => r.includes('billing.stranger@example.in'))).toHaveLength(2);
  });
});
