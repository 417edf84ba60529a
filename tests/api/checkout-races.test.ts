import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  Batch,
  COUPON_PATHS,
  DELIVERY_PATHS,
  INSTALMENT_PATHS,
  paymentTotalPaise,
  type Coupon,
  type InstalmentPlan,
} from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Issue 32, decision record 062: two payment starts of one student a few hundred milliseconds apart, the
 * first re-priced by the second (a plan or none, a coupon or none, another batch) while the gateway is
 * still making the first one's order (the sandbox answers order creation in ORDER_DELAY_MS). Then the
 * cheapest order the gateway made for the payment is paid and verified, as a student who kept the first
 * checkout open would. Whatever the timing: the order stored on the payment is for what the payment costs,
 * a completed payment never grants more than was captured, and every discount granted holds a coupon use.
 */

const ORDER_DELAY_MS = 300;
const OFFSETS_MS = [0, 50, 200, 500];
const PRICE = 80000; // rupees, GST included (the default rule); "Pay in 3" costs ₹84,000
const billing = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  state_code: '27',
  address: 'Pune',
};

let ctx: TestContext;
let admin: TestUser;
let programId: number;
let plan: InstalmentPlan;
let coupon: Coupon;
let batchA: Batch;
let batchB: Batch;
let students = 0;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  programId = await createProgram(ctx, admin.access, { price: PRICE });
  const made = await ctx.request({
    method: 'POST',
    url: INSTALMENT_PATHS.adminProgramPlans(programId),
    token: admin.access,
    body: {
      name: 'Pay in 3',
      instalments: [
        { amount: 28000, due_after_days: 0 },
        { amount: 28000, due_after_days: 30 },
        { amount: 28000, due_after_days: 60 },
      ],
      is_active: true,
    },
  });
  expect(made.status).toBe(201);
  plan = made.body as InstalmentPlan;
  const couponMade = await ctx.request({
    method: 'POST',
    url: COUPON_PATHS.adminList,
    token: admin.access,
    body: { code: 'RACE10', kind: 'percent', value: 10, is_active: true },
  });
  expect(couponMade.status).toBe(201);
  coupon = couponMade.body as Coupon;
  const batch = async (name: string) => {
    const res = await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminBatches,
      token: admin.access,
      body: { course: programId, name, starts_on: day(10), ends_on: day(150), seats: 100, mode: 'online' },
    });
    expect(res.status).toBe(201);
    return Batch.parse(res.body);
  };
  batchA = await batch('Batch A');
  batchB = await batch('Batch B');
  ctx.gateway.switches.orderDelayMs = ORDER_DELAY_MS;
});
afterAll(async () => ctx?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const start = (student: TestUser, body: Record<string, unknown>) =>
  ctx.request({
    method: 'POST',
    url: API.programs.payment(programId),
    token: student.access,
    body: { payment_method: 'upi', billing, batch: batchA.id, plan: null, ...body },
  });

const paymentRow = (id: number) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** One race: `first`, then `second` after `offset` ms; then the cheapest order of the payment paid and verified. */
async function race(first: Record<string, unknown>, second: Record<string, unknown>, offset: number) {
  const student = await ctx.user(`racer${++students}`);
  const answers = await Promise.all([start(student, first), sleep(offset).then(() => start(student, second))]);
  for (const answer of answers) expect([200, 201], answer.raw).toContain(answer.status);
  const paymentId = (answers[0].body as { id: number }).id;
  const before = await paymentRow(paymentId);
  // Rule 1: the order stored is one made for what the payment costs now.
  expect(before.gateway_order_id).not.toBeNull();
  expect(ctx.gateway.orders.get(before.gateway_order_id!)?.amount).toBe(paymentTotalPaise(before));

  const orders = [...ctx.gateway.orders.values()].filter((o) => o.receipt === `payment_${paymentId}`);
  const cheapest = orders.reduce((a, b) => (b.amount < a.amount ? b : a));
  const paid = ctx.gateway.checkout({ order_id: cheapest.id, method: 'card', card_number: '4111 1111 1111 1111' });
  if (!('ok' in paid) || !paid.ok) throw new Error('the sandbox did not pay');
  await ctx.gateway.idle();
  const verified = await ctx.request({
    method: 'POST',
    url: API.payments.verify(paymentId),
    token: student.access,
    body: {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    },
  });
  const after = await paymentRow(paymentId);
  const enrollments = await ctx.db
    .selectFrom('enrollments')
    .selectAll()
    .where('student_id', '=', student.id)
    .where('is_active', '=', 1)
    .execute();
  if (after.status === 'completed') {
    // Rule 2: never a completed payment that grants more than was captured.
    expect(cheapest.amount).toBe(paymentTotalPaise(after));
    expect(verified.status).toBe(200);
    expect(enrollments).toHaveLength(1);
    // Every discount granted holds a use of its coupon.
    if (Number(after.discount_paise) > 0) expect(after.coupon_id).toBe(coupon.id);
  } else {
    expect(after.status).toBe('pending');
    expect(verified.status).toBe(400);
    expect(enrollments).toHaveLength(0);
  }
  return after;
}

describe('racing checkouts with a slow gateway: the stored order is the one the payment costs', () => {
  it('a plan, then none (and none, then a plan): the instalment order never completes the full price', async () => {
    for (const [first, second] of [
      [{ plan: plan.id }, { plan: null }],
      [{ plan: null }, { plan: plan.id }],
    ]) {
      await Promise.all(OFFSETS_MS.map((offset) => race(first!, second!, offset)));
    }
  });

  it('a coupon, then none (and none, then a coupon): a discount is granted only with its coupon use', async () => {
    for (const [first, second] of [
      [{ coupon: coupon.code }, { coupon: null }],
      [{ coupon: null }, { coupon: coupon.code }],
    ]) {
      await Promise.all(OFFSETS_MS.map((offset) => race(first!, second!, offset)));
    }
    const listed = await ctx.request({ url: COUPON_PATHS.adminList, token: admin.access });
    const uses = (listed.body as Coupon[]).find((c) => c.id === coupon.id)!.uses;
    const holding = await ctx.db
      .selectFrom('payments')
      .select('id')
      .where('discount_paise', '>', 0)
      .where('status', 'in', ['pending', 'completed'])
      .execute();
    expect(uses).toBe(holding.length);
  });

  it('batch A, then batch B: the payment joins the batch it names, for the order it stores', async () => {
    const rows = await Promise.all(
      OFFSETS_MS.map((offset) => race({ batch: batchA.id }, { batch: batchB.id }, offset)),
    );
    for (const row of rows) {
      // Starts at once take their turns in either order: the payment names the one that came last.
      expect([batchA.id, batchB.id]).toContain(row.batch_id);
      const enrollment = await ctx.db
        .selectFrom('enrollments')
        .select('batch_id')
        .where('student_id', '=', row.student_id)
        .executeTakeFirst();
      if (row.status === 'completed') expect(enrollment?.batch_id).toBe(row.batch_id);
    }
  });
});
