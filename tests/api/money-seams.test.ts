import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  Batch,
  COUPON_PATHS,
  DELIVERY_PATHS,
  DELIVERY_MESSAGES,
  INSTALMENT_PATHS,
  INSTALMENT_MESSAGES,
  SETTLEMENT_MESSAGES,
  type Instalment,
  type PaymentCompletion,
  type Reconciliation,
} from '../../contract/index.ts';
import { releaseExpiredHolds } from '../../server/domains/payments/holds.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { gatewayHelpers } from './support/gateway-flow.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Issue 32, where the money domains meet (decision record 062): a capture of another amount never grants
 * access and is flagged; a replayed webhook body changes nothing under any event id; completion re-checks
 * the batch; an instalment of an ended enrollment cannot be paid; a pending payment's coupon hold ends.
 */

let ctx: TestContext;
let admin: TestUser;
let students = 0;
const { row, enrollmentsOf, deliver } = gatewayHelpers(() => ctx);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
});
afterAll(async () => ctx?.close());

const student = () => ctx.user(`seam${++students}`);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function start(user: TestUser, url: string, body: Record<string, unknown> = {}) {
  const res = await ctx.request({ method: 'POST', url, token: user.access, body: { payment_method: 'upi', ...body } });
  expect([200, 201], res.raw).toContain(res.status);
  return (res.body as { id: number }).id;
}

/** The checkout's proof of a payment the sandbox made for the payment's order, sent to /verify. */
async function payAndVerify(user: TestUser, paymentId: number, webhooks = false) {
  const paid = await ctx.pay(paymentId, { webhooks });
  if (!paid?.ok) throw new Error('the sandbox did not pay');
  return ctx.request({
    method: 'POST',
    url: API.payments.verify(paymentId),
    token: user.access,
    body: {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    },
  });
}

const flagsOf = async (paymentId: number) =>
  ((await ctx.request({ url: API.admin.reconciliation, token: admin.access })).body as Reconciliation).flagged
    .filter((f) => f.payment_id === paymentId)
    .map((f) => f.flag);

describe('settlement compares what was captured with what the payment grants', () => {
  it('a capture of another amount completes nothing, by webhook or by /verify, and is flagged for the office', async () => {
    const asha = await student();
    const programId = await createProgram(ctx, admin.access, { price: 5000 });
    const paymentId = await start(asha, API.programs.payment(programId));
    // The payment now grants more than its order asks (the state a re-price racing the order left).
    await ctx.db.updateTable('payments').set({ total_paise: 600_000 }).where('id', '=', paymentId).execute();
    const verified = await payAndVerify(asha, paymentId, true);
    expect(verified).toMatchObject({ status: 400, body: { error: SETTLEMENT_MESSAGES.amountMismatch } });
    expect((await row(paymentId)).status).toBe('pending');
    expect(await enrollmentsOf(asha, programId)).toHaveLength(0);
    // The webhook's captures (payment.captured, order.paid) and the checkout's proof, each flagged.
    expect(new Set(await flagsOf(paymentId))).toEqual(new Set(['amount_mismatch']));
    expect((await flagsOf(paymentId)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('webhooks are de-duplicated on what the signed body says', () => {
  it('a declined attempt replayed under another event id does not fail the retried payment', async () => {
    const ravi = await student();
    const workshopId = await createWorkshop(ctx, admin.access, { price: 1500, max_participants: 5 });
    const paymentId = await start(ravi, API.workshops.payment(workshopId));
    await ctx.pay(paymentId, { card: '4000 0000 0000 0002' });
    expect((await row(paymentId)).status).toBe('failed');
    const orderId = (await row(paymentId)).gateway_order_id!;
    const declined = ctx.gateway.delivered.find(
      (d) => d.body.includes('"payment.failed"') && d.body.includes(orderId),
    )!;
    // The retry reopens the same payment (pending again, same order).
    await start(ravi, API.workshops.payment(workshopId));
    expect((await row(paymentId)).status).toBe('pending');
    const events = async () => (await ctx.db.selectFrom('gateway_events').select('id').execute()).length;
    const before = await events();
    const replay = await deliver({ ...declined, eventId: 'evt_replayed_under_a_new_id' });
    expect(replay).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect((await row(paymentId)).status).toBe('pending');
    expect(await events()).toBe(before);
  });
});

describe('completion checks the batch and the enrollment again', () => {
  it('a batch closed since the checkout: paid, flagged for the office, never enrolled', async () => {
    const meera = await student();
    const programId = await createProgram(ctx, admin.access, { price: 4000 });
    const made = await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminBatches,
      token: admin.access,
      body: { course: programId, name: 'Weekend', starts_on: day(10), ends_on: day(90), seats: 10, mode: 'online' },
    });
    const batch = Batch.parse(made.body);
    const paymentId = await start(meera, API.programs.payment(programId), { batch: batch.id });
    const closed = await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminBatch(batch.id),
      token: admin.access,
      body: { is_open: false },
    });
    expect(closed.status).toBe(200);
    const verified = await payAndVerify(meera, paymentId, true);
    expect(verified).toMatchObject({ status: 400, body: { error: DELIVERY_MESSAGES.batchClosed } });
    expect((await row(paymentId)).status).toBe('pending');
    expect(await enrollmentsOf(meera, programId)).toHaveLength(0);
    expect(new Set(await flagsOf(paymentId))).toEqual(new Set(['not_granted']));
  });

  it('an instalment of a cancelled enrollment: refused at the start (400), and never paid into it', async () => {
    const kiran = await student();
    const programId = await createProgram(ctx, admin.access, { price: 60000 });
    const plan = await ctx.request({
      method: 'POST',
      url: INSTALMENT_PATHS.adminProgramPlans(programId),
      token: admin.access,
      body: {
        name: 'Pay in 3',
        instalments: [0, 30, 60].map((days) => ({ amount: 20000, due_after_days: days })),
        is_active: true,
      },
    });
    const first = await start(kiran, API.programs.payment(programId), { plan: (plan.body as { id: number }).id });
    const done = await payAndVerify(kiran, first);
    expect(done.status, done.raw).toBe(200);
    const { enrollment } = done.body as PaymentCompletion;
    const [second, third] = (
      (await ctx.request({ url: INSTALMENT_PATHS.enrollmentInstalments(enrollment.id), token: kiran.access }))
        .body as Instalment[]
    ).filter((i) => i.status !== 'paid');
    // The second instalment's payment is opened (its order made) before the office cancels the enrollment.
    const pending = await start(kiran, INSTALMENT_PATHS.instalmentPayment(second!.id));
    const cancelled = await ctx.request({
      method: 'POST',
      url: API.admin.resolveEnrollment(enrollment.id),
      token: admin.access,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    const refused = await ctx.request({
      method: 'POST',
      url: INSTALMENT_PATHS.instalmentPayment(third!.id),
      token: kiran.access,
    });
    expect(refused).toMatchObject({ status: 400, body: { error: INSTALMENT_MESSAGES.enrollmentEnded } });
    const late = await payAndVerify(kiran, pending, true);
    expect(late).toMatchObject({ status: 400, body: { error: INSTALMENT_MESSAGES.enrollmentEnded } });
    expect((await row(pending)).status).toBe('pending');
    expect((await enrollmentsOf(kiran, programId))[0]).toMatchObject({ status: 'cancelled', is_active: 0 });
    expect(new Set(await flagsOf(pending))).toEqual(new Set(['not_granted']));
  });
});

describe('a pending payment holds its coupon use for PAYMENT_HOLD_MINUTES', () => {
  it('releases the use once the hold ran out, so the last use is free again', async () => {
    const [leela, omar] = [await student(), await student()];
    const workshopId = await createWorkshop(ctx, admin.access, { price: 2000, max_participants: 5 });
    const coupon = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'LASTONE', kind: 'percent', value: 50, is_active: true, max_uses: 1 },
    });
    expect(coupon.status).toBe(201);
    const billing = {
      first_name: 'Leela',
      last_name: 'Das',
      email: 'leela@example.in',
      phone: '9876543210',
      state_code: '27',
      address: 'Pune',
    };
    const held = await start(leela, API.workshops.payment(workshopId), { billing, coupon: 'LASTONE' });
    const tryOmar = () =>
      ctx.request({
        method: 'POST',
        url: API.workshops.payment(workshopId),
        token: omar.access,
        body: { payment_method: 'upi', billing, coupon: 'LASTONE' },
      });
    expect((await tryOmar()).status).toBe(400);
    const config = { payments: { holdMinutes: 30, sandboxOrderDelayMs: 0 } };
    expect(await releaseExpiredHolds(ctx.db, TEST_DB, config, Date.now() + 29 * 60_000)).toBe(0);
    expect((await row(held)).status).toBe('pending');
    expect(await releaseExpiredHolds(ctx.db, TEST_DB, config, Date.now() + 31 * 60_000)).toBe(1);
    expect(await row(held)).toMatchObject({ status: 'failed', failure_reason: 'bank_timeout' });
    const omars = await tryOmar();
    expect(omars.status, omars.raw).toBe(201);
    expect(omars.body).toMatchObject({ total_paise: 100_000 });
  });
});
