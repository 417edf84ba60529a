import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBilling, parseDocument } from '../../server/domains/billing/documents.ts';
import { financialYear, formatDocumentDate } from '../../contract/time.ts';
import { renderTaxDocument } from '../../server/domains/billing/pdf.ts';
import { DEMO_INSTITUTE } from '../../server/config.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { pdfText } from './support/pdf-text.ts';

let ctx: TestContext;
let admin: TestUser;
const billing = createBilling(DEMO_INSTITUTE);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
});
afterAll(async () => ctx?.close());

let fixtures = 0;
/** A completed payment written straight to the table (the completion paths are tested in payments.test.ts). */
async function completedPayment(
  student: TestUser,
  price: number,
  billingFields: { state?: string; gstin?: string; gstinName?: string; totalPaise?: number } = {},
) {
  const programId = await createProgram(ctx, admin.access, { price, title: `Course at ${price}` });
  const now = new Date().toISOString();
  const row = await ctx.db
    .insertInto('payments')
    .values({
      student_id: student.id,
      course_type: 'program',
      course_id: programId,
      status: 'completed',
      amount: price,
      payment_method: 'upi',
      gateway_payment_id: `pay_Fixture${++fixtures}`,
      billing_first_name: 'Asha',
      billing_last_name: 'Verma',
      billing_email: 'asha@example.in',
      billing_phone: '9876543210',
      billing_state_code: billingFields.state ?? null,
      billing_address: '12 MG Road, Bengaluru 560001',
      billing_gstin: billingFields.gstin ?? null,
      billing_gstin_name: billingFields.gstinName ?? null,
      total_paise: billingFields.totalPaise ?? price * 100,
      failure_reason: null,
      admin_notes: '',
      is_urgent: 0,
      created_at: now,
      completed_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('tax invoices', () => {
  it('prints what a GST tax invoice needs, with CGST + SGST in the institute’s state, and the text reads back', async () => {
    const asha = await ctx.user('asha');
    const paymentId = await completedPayment(asha, 65000, {
      state: '27',
      gstin: '27AAPFU0939F1ZV',
      gstinName: 'Acme Finance LLP',
    });
    const invoice = await ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, paymentId));
    expect(invoice!.number).toMatch(new RegExp(`^CCI/${financialYear(new Date())}/\\d{5}$`));
    expect(invoice!.number.length).toBeLessThanOrEqual(16);
    const text = await pdfText(await renderTaxDocument(parseDocument(invoice!)));
    for (const expected of [
      'TAX INVOICE',
      DEMO_INSTITUTE.legalName,
      `GSTIN: ${DEMO_INSTITUTE.gstin}`,
      invoice!.number,
      'Acme Finance LLP',
      'GSTIN: 27AAPFU0939F1ZV',
      'Place of supply: Maharashtra (27)',
      'ORIGINAL FOR RECIPIENT TAX INVOICE',
      // The itemised line: description, SAC, quantity, rate, taxable value.
      'Description of service SAC Qty Rate Taxable value',
      'Training programme: Course at 65000 (commercial training and coaching services) 999293 1 ₹55,084.74 ₹55,084.74',
      `Gateway payment id: pay_Fixture${fixtures} (Razorpay) on ${formatDocumentDate(invoice!.issued_at)}`,
      `For ${DEMO_INSTITUTE.legalName} Authorised Signatory`,
      'Course at 65000',
      'Taxable value ₹55,084.74',
      'CGST @ 9% ₹4,957.63',
      'SGST @ 9% ₹4,957.63',
      'Total ₹65,000.00',
      'Indian Rupees Sixty Five Thousand Only',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    // The rupee sign itself (an embedded font that has U+20B9), never "INR".
    expect(text).toContain('\u20B9');
    expect(text).not.toContain('INR');
  });

  it('charges IGST 18% when the place of supply is another state, and is issued once per payment', async () => {
    const ravi = await ctx.user('ravi');
    const paymentId = await completedPayment(ravi, 1499, { state: '29' });
    const first = await ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, paymentId));
    const again = await ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, paymentId));
    expect(again!.number).toBe(first!.number);
    expect(first).toMatchObject({
      igst_paise: 22866,
      cgst_paise: 0,
      sgst_paise: 0,
      taxable_paise: 127034,
      total_paise: 149900,
    });
    const text = (await pdfText(await renderTaxDocument(parseDocument(first!)))).replace(/\s+/g, ' ');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('IGST @ 18% ₹228.66');
    expect(text).toContain('Indian Rupees One Thousand Four Hundred Ninety Nine Only');
  });

  it('prints the price plus GST when prices exclude it', async () => {
    const meera = await ctx.user('meera');
    const paymentId = await completedPayment(meera, 10000, { totalPaise: 1_180_000 });
    const invoice = await ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, paymentId));
    expect(invoice).toMatchObject({
      taxable_paise: 1_000_000,
      cgst_paise: 90_000,
      sgst_paise: 90_000,
      total_paise: 1_180_000,
    });
  });

  it('numbers concurrent issues consecutively with no gap, and a rolled-back issue uses no number', async () => {
    const students = await Promise.all(Array.from({ length: 12 }, (_, i) => ctx.user(`racer${i}`)));
    const ids = await Promise.all(students.map((s, i) => completedPayment(s, 1000 + i)));
    const before = await ctx.db.selectFrom('tax_documents').select('number').where('kind', '=', 'invoice').execute();
    // One issue rolls back after taking its number.
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await billing.issueInvoice(trx, ids[0]!);
        throw new Error('payment rolled back');
      }),
    ).rejects.toThrow('payment rolled back');
    const issued = await Promise.all(
      ids.map((id) => ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, id))),
    );
    const counters = issued.map((d) => Number(d!.number.split('/')[2])).sort((a, b) => a - b);
    const start = before.length + 1;
    expect(counters).toEqual(Array.from({ length: 12 }, (_, i) => start + i));
  });
});

describe('credit notes', () => {
  it('credits a partial then the rest of an invoice in proportion, from their own series, refusing more', async () => {
    const kiran = await ctx.user('kiran');
    const paymentId = await completedPayment(kiran, 65000, { state: '27' });
    const invoice = await ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, paymentId));
    const first = await ctx.db
      .transaction()
      .execute((trx) => billing.issueCreditNote(trx, { paymentId, refundId: 9001, amountPaise: 2_000_000 }));
    const retry = await ctx.db
      .transaction()
      .execute((trx) => billing.issueCreditNote(trx, { paymentId, refundId: 9001, amountPaise: 2_000_000 }));
    expect(retry.number).toBe(first.number);
    expect(first.number).toMatch(/^CCI\/\d{2}-\d{2}\/C\d{4}$/);
    expect(first.cgst_paise).toBe(first.sgst_paise);
    expect(first.taxable_paise + first.cgst_paise + first.sgst_paise).toBe(2_000_000);
    await expect(
      ctx.db
        .transaction()
        .execute((trx) => billing.issueCreditNote(trx, { paymentId, refundId: 9002, amountPaise: 4_500_001 })),
    ).rejects.toThrow(/exceed/);
    const rest = await ctx.db
      .transaction()
      .execute((trx) => billing.issueCreditNote(trx, { paymentId, refundId: 9003, amountPaise: 4_500_000 }));
    expect(Number(rest.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    const text = (await pdfText(await renderTaxDocument(parseDocument(rest)))).replace(/\s+/g, ' ');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice: ${invoice!.number}`);
    expect(text).toContain('Total credited ₹45,000.00');
    expect(text).toContain('Indian Rupees Forty Five Thousand Only');
    expect(text).toContain('ORIGINAL FOR RECIPIENT CREDIT NOTE');
    expect(text).toContain('Gateway payment id: pay_Fixture');
  });

  it('carries the refund’s reason and the gateway’s refund id', async () => {
    const student = await ctx.user('reasonable');
    const paymentId = await completedPayment(student, 20000, { state: '27' });
    await ctx.db.transaction().execute((trx) => billing.issueInvoice(trx, paymentId));
    const refund = await ctx.db
      .insertInto('refunds')
      .values({
        payment_id: paymentId,
        idempotency_key: 'credit-note-reason',
        amount: 5000,
        reason: 'Batch moved to a date the student cannot attend',
        revoke_access: 0,
        status: 'processed',
        gateway_refund_id: 'rfnd_Reason123',
        error: '',
        created_by: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const note = await ctx.db
      .transaction()
      .execute((trx) => billing.issueCreditNote(trx, { paymentId, refundId: refund.id, amountPaise: 500_000 }));
    const text = (await pdfText(await renderTaxDocument(parseDocument(note)))).replace(/\s+/g, ' ');
    expect(text).toContain('Reason for credit: Batch moved to a date the student cannot attend');
    expect(text).toContain('Refund reference: rfnd_Reason123 (Razorpay)');
    expect(text).toContain('Total credited ₹5,000.00');
  });
});
