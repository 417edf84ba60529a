import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { pdfText } from './support/pdf-text.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
});
afterAll(async () => ctx?.close());

describe('downloading invoices', () => {
  it('issues the invoice in the completion and answers it as a PDF named by its number', async () => {
    const asha = await ctx.user('asha');
    const programId = await createProgram(ctx, admin.access, { price: 48000, title: 'Banking Operations' });
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: {},
    });
    const paymentId = (start.body as { id: number }).id;
    expect((await ctx.request({ url: API.payments.invoice(paymentId), token: asha.access })).status).toBe(404);
    await ctx.pay(paymentId, { webhooks: false });
    await ctx.request({ method: 'POST', url: API.payments.complete(paymentId), token: asha.access });
    const res = await ctx.app.inject({
      url: API.payments.invoice(paymentId),
      headers: { authorization: `Bearer ${asha.access}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = /filename="Invoice (.+)\.pdf"/.exec(String(res.headers['content-disposition']))![1]!;
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(number.replace(/^(\w+)-(\d\d-\d\d)-/, '$1/$2/'));
    expect(text).toContain('Banking Operations');
    expect(text).toContain('Total ₹48,000.00');
  });

  it('issues one invoice per completion even when the student and an administrator complete it at once', async () => {
    const ravi = await ctx.user('ravi');
    const programId = await createProgram(ctx, admin.access, { price: 5000 });
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: ravi.access,
      body: {},
    });
    const paymentId = (start.body as { id: number }).id;
    const resolve = {
      status: 'completed',
      admin_notes: '',
      failure_reason: '',
      issue_description: '',
      is_urgent: false,
    };
    await ctx.pay(paymentId, { webhooks: false });
    const answers = await Promise.all([
      ctx.request({ method: 'POST', url: API.payments.complete(paymentId), token: ravi.access }),
      ctx.request({ method: 'POST', url: API.admin.resolvePayment(paymentId), token: admin.access, body: resolve }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const docs = await ctx.db
      .selectFrom('tax_documents')
      .select('number')
      .where('payment_id', '=', paymentId)
      .execute();
    expect(docs).toHaveLength(1);
    const emails = await ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('template', '=', 'payment_confirmation')
      .execute();
    expect(emails.length).toBe(2); // this payment's and the first test's
  });
});
