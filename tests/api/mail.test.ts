import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail, type Paginated } from '../../contract/index.ts';
import { createMailWorker, type MailWorker } from '../../server/platform/mail/worker.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { pdfText } from './support/pdf-text.ts';
import { recipients, startInbox, type Inbox } from './support/smtp.ts';

let ctx: TestContext;
let inbox: Inbox;
let worker: MailWorker;
let admin: TestUser;
let admin2: TestUser;

beforeAll(async () => {
  inbox = await startInbox();
  ctx = await createTestApp({ config: { smtpUrl: inbox.url, publicUrl: 'https://cci.example.in' } });
  worker = createMailWorker({
    db: ctx.db,
    dialect: ctx.app.deps.dialect,
    config: { ...ctx.config, mail: { ...ctx.config.mail, retryBaseMs: 50 } },
  });
  admin = await ctx.user('admin', 'admin');
  admin2 = await ctx.user('deputy', 'admin');
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await inbox?.close();
});

/** Sends what is due and answers the messages that arrived since `before`. */
async function deliver(before: number) {
  await worker.runOnce();
  return inbox.messages.slice(before);
}

describe('emails through a real SMTP server', () => {
  it('welcomes a new account at its email, with text and HTML parts and the institute’s contact details', async () => {
    const before = inbox.messages.length;
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: {
        username: 'neha',
        email: 'neha@example.in',
        is_adult: true,
        password: 'Str0ng!pass',
        first_name: 'Neha',
        last_name: 'Rao',
      },
    });
    expect(res.status).toBe(201);
    const [mail, ...rest] = await deliver(before);
    expect(rest).toHaveLength(0);
    expect(recipients(mail!)).toEqual(['neha@example.in']);
    expect(mail!.subject).toBe(`Welcome to ${ctx.config.institute.legalName}`);
    // Anyone can type an address into the sign-up form: the welcome quotes nothing they typed.
    expect(mail!.text).toContain('Hello,');
    expect(mail!.text).not.toContain('Neha');
    expect(mail!.text).toContain(ctx.config.institute.phone);
    expect(mail!.html).toContain('https://cci.example.in/dashboard');
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@creditcareers\.example\.in>$/);
  });

  it('acknowledges a counseling request to the visitor and notifies every administrator', async () => {
    const before = inbox.messages.length;
    const res = await ctx.request({
      method: 'POST',
      url: '/classroom/counseling-requests/',
      body: { name: 'Vikram Shah', email: 'vikram@example.in', phone: '9812345678', interest: 'Credit analysis' },
    });
    expect(res.status).toBe(201);
    const mails = await deliver(before);
    const ack = mails.find((m) => m.subject === 'We received your counseling request');
    const notice = mails.find((m) => m.subject === 'New counseling request: Vikram Shah');
    expect(recipients(ack!)).toEqual(['vikram@example.in']);
    expect(ack!.text).toContain('A counselor will call you on the number you gave.');
    expect(ack!.text).not.toContain('Vikram');
    expect(recipients(notice!)).toEqual(
      [await ctx.app.deps.db.selectFrom('users').select('email').where('id', 'in', [admin.id, admin2.id]).execute()]
        .flat()
        .map((u) => u.email)
        .sort(),
    );
  });

  it('confirms a completed payment to the account and the billing email, with the tax invoice PDF attached', async () => {
    const asha = await ctx.user('asha');
    const programId = await createProgram(ctx, admin.access, { price: 65000, title: 'Credit Analyst Foundation' });
    const start = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: asha.access,
      body: {
        payment_method: 'upi',
        billing: { first_name: 'Asha', last_name: 'Verma', email: 'accounts@employer.example.in', phone: '9876543210' },
      },
    });
    const paymentId = (start.body as { id: number }).id;
    const before = inbox.messages.length;
    await ctx.pay(paymentId, { webhooks: false });
    const done = await ctx.request({
      method: 'POST',
      url: `/classroom/payments/${paymentId}/complete/`,
      token: asha.access,
    });
    expect(done.status).toBe(200);
    const mails = await deliver(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const account = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', asha.id)
      .executeTakeFirstOrThrow();
    expect(recipients(mail)).toEqual([account.email, 'accounts@employer.example.in'].sort());
    expect(mail.subject).toBe('Payment received: Credit Analyst Foundation');
    expect(mail.text).toContain('₹65,000');
    const invoice = await ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(invoice.number);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.filename).toBe(`Invoice ${invoice.number.replaceAll('/', '-')}.pdf`);
    // The admin Outbox names the attachment by the same file name.
    const outbox = (await ctx.request({ url: '/api/admin/outbox/', token: admin.access }))
      .body as Paginated<OutboxEmail>;
    const listed = outbox.results.find((e) => e.template === 'payment_confirmation')!;
    expect(listed.attachments).toEqual([`Invoice ${invoice.number.replaceAll('/', '-')}.pdf`]);
    const text = (await pdfText(mail.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain('Total ₹65,000.00');
  });

  it('writes nothing when the completing transaction rolls back', async () => {
    const ravi = await ctx.user('ravi');
    const programId = await createProgram(ctx, admin.access, { price: 1000 });
    const start = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: ravi.access,
    });
    const paymentId = (start.body as { id: number }).id;
    const countOutbox = async () => (await ctx.db.selectFrom('outbox').select('id').execute()).length;
    const outboxBefore = await countOutbox();
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('payments').set({ status: 'completed' }).where('id', '=', paymentId).execute();
        await ctx.app.deps.mail.paymentCompleted(trx, paymentId);
        throw new Error('gateway said no after all');
      }),
    ).rejects.toThrow('gateway said no');
    expect(await countOutbox()).toBe(outboxBefore);
    expect(await ctx.db.selectFrom('tax_documents').select('id').where('payment_id', '=', paymentId).execute()).toEqual(
      [],
    );
  });

  it('sends the refund email with the credit note, and the payment-failed email with a link to try again', async () => {
    const kiran = await ctx.user('kiran');
    const programId = await createProgram(ctx, admin.access, { price: 20000, title: 'Credit Risk Workshop Series' });
    const start = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: kiran.access,
    });
    const paymentId = (start.body as { id: number }).id;
    await ctx.pay(paymentId, { webhooks: false });
    await ctx.request({ method: 'POST', url: `/classroom/payments/${paymentId}/complete/`, token: kiran.access });
    const before = inbox.messages.length;
    await ctx.db
      .transaction()
      .execute((trx) => ctx.app.deps.mail.refundIssued(trx, { paymentId, refundId: 501, amountPaise: 500_000 }));
    await ctx.db.transaction().execute((trx) => ctx.app.deps.mail.paymentFailed(trx, paymentId));
    const mails = (await deliver(before)).filter((m) => !m.subject?.startsWith('Payment received'));
    const refund = mails.find((m) => m.subject === 'Refund of ₹5,000: Credit Risk Workshop Series')!;
    expect(refund.attachments[0]!.filename).toMatch(/^Credit note CCI-\d{2}-\d{2}-C\d{4}\.pdf$/);
    const text = (await pdfText(refund.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Total credited ₹5,000.00');
    const failed = mails.find((m) => m.subject === 'Payment failed: Credit Risk Workshop Series')!;
    expect(failed.text).toContain(`https://cci.example.in/payment/program/${programId}`);
    expect(failed.html).toContain(`href="https://cci.example.in/payment/program/${programId}"`);
  });

  it('retries a temporary SMTP refusal with backoff, keeping the same Message-ID', async () => {
    inbox.failNext(2);
    const before = inbox.messages.length;
    await ctx.db.transaction().execute((trx) => ctx.app.deps.mail.registrationAttempted(trx, 'retry@example.in'));
    await worker.runOnce(); // refused (on a slow machine the 50 ms backoff may pass within the same run: twice)
    const row = await ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect([1, 2]).toContain(row.attempts);
    expect(row.last_error).toContain('451');
    for (let i = 0; i < 50 && inbox.messages.length === before; i++) {
      await new Promise((r) => setTimeout(r, 60));
      await worker.runOnce();
    }
    const [mail] = inbox.messages.slice(before);
    expect(recipients(mail!)).toEqual(['retry@example.in']);
    expect(mail!.messageId).toBe(`<${row.message_id}@creditcareers.example.in>`);
    expect(
      await ctx.db.selectFrom('outbox').select(['status', 'attempts']).where('id', '=', row.id).executeTakeFirst(),
    ).toEqual({
      status: 'sent',
      attempts: 3,
    });
  });
});

describe('without SMTP_URL', () => {
  it('keeps every email in the outbox as sent-to-nowhere, readable by administrators only', async () => {
    const quiet = await createTestApp({ config: { smtpUrl: null } });
    try {
      const boss = await quiet.user('boss', 'admin');
      const student = await quiet.user('sita');
      await quiet.request({
        method: 'POST',
        url: '/classroom/counseling-requests/',
        body: { name: 'Anil Kumar', email: 'anil@example.in', phone: '9812345670' },
      });
      const nowhere = createMailWorker({ db: quiet.db, dialect: quiet.app.deps.dialect, config: quiet.config });
      expect(await nowhere.runOnce()).toBe(2);
      const res = await quiet.request({ url: '/api/admin/outbox/', token: boss.access });
      expect(res.status).toBe(200);
      const page = res.body as Paginated<OutboxEmail>;
      expect(page.count).toBe(2);
      for (const email of page.results) OutboxEmail.parse(email);
      expect(page.results.map((e) => e.status)).toEqual(['nowhere', 'nowhere']);
      expect(page.results.map((e) => e.subject).sort()).toEqual([
        'New counseling request: Anil Kumar',
        'We received your counseling request',
      ]);
      expect((await quiet.request({ url: '/api/admin/outbox/', token: student.access })).status).toBe(403);
      expect((await quiet.request({ url: '/api/admin/outbox/' })).status).toBe(401);
    } finally {
      await quiet.close();
    }
  });
});
