import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  COUPON_PATHS,
  INSTALMENT_PATHS,
  istToday,
  paymentTotalPaise,
  RevenueRow,
  type Gstr1Summary,
  type Instalment,
  type PaymentCompletion,
} from '../../contract/index.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Issue 32: refunds are counted in paise of what was charged (GST on top here, PRICES_INCLUDE_GST off, and
 * the discount taken off), not in the list price's rupees. A full refund of a discounted payment, of one
 * instalment, and of every instalment of a plan that costs more than the list price (Pay in 3: ₹84,000 for
 * an ₹80,000 program) gives back exactly what the gateway captured and marks each payment refunded; the
 * credit notes, revenue and GSTR-1 follow.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;
const billing = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  state_code: '27',
  address: 'Pune',
};

beforeAll(async () => {
  ctx = await createTestApp({ config: { pricesIncludeGst: false } });
  admin = await ctx.user('admin', 'admin');
  asha = await ctx.user('asha');
  ravi = await ctx.user('ravi');
});
afterAll(async () => ctx?.close());

const paymentRow = (id: number) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Pays the payment's order at the sandbox (no webhooks) and verifies it as the checkout does. */
async function payAndVerify(student: TestUser, paymentId: number): Promise<PaymentCompletion> {
  const paid = await ctx.pay(paymentId, { webhooks: false });
  if (!paid?.ok) throw new Error('the sandbox did not pay');
  const res = await ctx.request({
    method: 'POST',
    url: API.payments.verify(paymentId),
    token: student.access,
    body: {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body as PaymentCompletion;
}

const refund = (paymentId: number, key: string) =>
  ctx.request({
    method: 'POST',
    url: API.admin.refundPayment(paymentId),
    token: admin.access,
    body: { reason: 'Withdrew', revoke_access: false },
    headers: { 'idempotency-key': key },
  });

/** Refunded in full: the payment says so, the gateway gave back all it captured, one credit note of that total. */
async function expectRefundedInFull(paymentId: number) {
  const row = await paymentRow(paymentId);
  expect(row.status).toBe('refunded');
  expect(Number(row.refunded_paise)).toBe(paymentTotalPaise(row));
  const captured = ctx.gateway.payments.get(row.gateway_payment_id!)!;
  expect(captured.amount_refunded).toBe(captured.amount);
  expect(captured.amount).toBe(paymentTotalPaise(row));
  const notes = await ctx.db
    .selectFrom('tax_documents')
    .select('total_paise')
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'credit_note')
    .execute();
  expect(notes.reduce((sum, n) => sum + Number(n.total_paise), 0)).toBe(paymentTotalPaise(row));
}

describe('refunds in paise of what was charged', () => {
  let workshopId: number;
  let programId: number;

  it('refunds a discounted payment in full: ₹9,000 + 18% GST, not the ₹10,000 list price', async () => {
    workshopId = await createWorkshop(ctx, admin.access, { price: 10000, max_participants: 10 });
    const coupon = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'TENOFF', kind: 'percent', value: 10, is_active: true },
    });
    expect(coupon.status).toBe(201);
    const started = await ctx.request({
      method: 'POST',
      url: API.workshops.payment(workshopId),
      token: asha.access,
      body: { payment_method: 'upi', billing, coupon: 'TENOFF' },
    });
    expect(started.status).toBe(201);
    const paymentId = (started.body as { id: number }).id;
    expect(paymentTotalPaise(await paymentRow(paymentId))).toBe(1_062_000);
    await payAndVerify(asha, paymentId);
    const res = await refund(paymentId, 'discounted');
    expect(res.status, res.raw).toBe(200);
    // The refunded share of the price after its discount (revenue's refunded: gross − discount − refunded = 0).
    expect(res.body).toMatchObject({ status: 'refunded', refunded_amount: 9000 });
    await expectRefundedInFull(paymentId);
  });

  it('refunds one instalment, then every other instalment of Pay in 3 (₹84,000 for an ₹80,000 program)', async () => {
    programId = await createProgram(ctx, admin.access, { price: 80000 });
    const made = await ctx.request({
      method: 'POST',
      url: INSTALMENT_PATHS.adminProgramPlans(programId),
      token: admin.access,
      body: {
        name: 'Pay in 3',
        instalments: [0, 30, 60].map((days) => ({ amount: 28000, due_after_days: days })),
        is_active: true,
      },
    });
    expect(made.status).toBe(201);
    const started = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: ravi.access,
      body: { payment_method: 'upi', billing, plan: (made.body as { id: number }).id },
    });
    expect(started.status).toBe(201);
    const first = (started.body as { id: number }).id;
    const { enrollment } = await payAndVerify(ravi, first);
    const schedule = async () =>
      (await ctx.request({ url: INSTALMENT_PATHS.enrollmentInstalments(enrollment.id), token: ravi.access }))
        .body as Instalment[];
    const paymentIds = [first];
    for (const instalment of (await schedule()).filter((i) => i.status !== 'paid')) {
      const opened = await ctx.request({
        method: 'POST',
        url: INSTALMENT_PATHS.instalmentPayment(instalment.id),
        token: ravi.access,
      });
      expect([200, 201], opened.raw).toContain(opened.status);
      const id = (opened.body as { id: number }).id;
      await payAndVerify(ravi, id);
      paymentIds.push(id);
    }
    expect(paymentIds).toHaveLength(3);
    for (const id of paymentIds) expect(paymentTotalPaise(await paymentRow(id))).toBe(3_304_000);

    // One instalment refunded by itself, in full (₹33,040 with its GST, not its ₹28,000).
    const one = await refund(first, 'first-instalment');
    expect(one.status, one.raw).toBe(200);
    await expectRefundedInFull(first);
    // Then the whole enrollment: each instalment still paid is refunded in full.
    const all = await ctx.request({
      method: 'POST',
      url: INSTALMENT_PATHS.adminEnrollmentRefund(enrollment.id),
      token: admin.access,
      body: { reason: 'Left the program', revoke_access: true },
      headers: { 'idempotency-key': 'all-instalments' },
    });
    expect(all.status, all.raw).toBe(200);
    for (const id of paymentIds) await expectRefundedInFull(id);
  });

  it('revenue and GSTR-1 follow: everything paid came back, so both net to nothing', async () => {
    const rows = (
      (await ctx.request({ url: `${API.admin.revenue}?group=course`, token: admin.access })).body as unknown[]
    )
      .map((r) => RevenueRow.parse(r))
      .map(({ key, gross, refunded, net, discount }) => ({ key, gross, refunded, net, discount }));
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: `workshop:${workshopId}`, gross: 10000, refunded: 9000, net: 0, discount: 1000 },
        { key: `program:${programId}`, gross: 84000, refunded: 84000, net: 0, discount: 0 },
      ]),
    );
    const period = istToday().slice(0, 7);
    const summary = (
      await ctx.request({ url: `${API.admin.gstr1}?period=${period}&format=summary`, token: admin.access })
    ).body as Gstr1Summary;
    expect(summary).toMatchObject({ invoices: 4, credit_notes: 4, net_taxable_paise: 0 });
    const documents = await ctx.db.selectFrom('tax_documents').select(['kind', 'total_paise']).execute();
    const total = (kind: string) =>
      documents.filter((d) => d.kind === kind).reduce((sum, d) => sum + Number(d.total_paise), 0);
    expect(total('credit_note')).toBe(total('invoice'));
    expect(total('invoice')).toBe(1_062_000 + 3 * 3_304_000);
  });
});
