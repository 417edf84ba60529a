import { describe, expect, it } from 'vitest';
import { API, PaymentCompletion, SERVER_MESSAGES } from '../../contract/index.ts';
import { appWithAshaAndRavi } from './support/asha-and-ravi.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { gatewayHelpers } from './support/gateway-flow.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

/**
 * The money path end to end: the app's Razorpay adapter talks HTTP to the local gateway, the gateway's
 * signed webhooks come back over HTTP, on SQLite and PostgreSQL alike. This file: starting a payment (the
 * gateway order) and the student's verify/ and complete/. The webhooks are in gateway-webhooks.test.ts,
 * the office's refunds and reconciliation in gateway-office.test.ts.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

const app = appWithAshaAndRavi((made) => {
  ({ ctx, admin, asha, ravi } = made);
});

const { start, row, enrollmentsOf, seats, deliver } = gatewayHelpers(app);
const verify = (user: TestUser, paymentId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: API.payments.verify(paymentId), token: user.access, body });
const complete = (user: TestUser, paymentId: number) =>
  ctx.request({ method: 'POST', url: API.payments.complete(paymentId), token: user.access });

describe('payment start', () => {
  it('answers the gateway order for the server price in paise, the same order on a retry, none for a free workshop', async () => {
    const programId = await createProgram(ctx, admin.access, { price: 65000 });
    const first = await start(asha, 'programs', programId);
    expect(first.gateway).toEqual({
      name: 'razorpay',
      key_id: ctx.gateway.keyId,
      order_id: expect.stringMatching(/^order_/),
      amount: 6_500_000,
      currency: 'INR',
      sandbox_checkout_url: expect.stringContaining('/checkout'),
    });
    expect(ctx.gateway.orders.get(first.gateway!.order_id)).toMatchObject({ amount: 6_500_000, currency: 'INR' });
    const again = await start(asha, 'programs', programId);
    expect(again.id).toBe(first.id);
    expect(again.gateway!.order_id).toBe(first.gateway!.order_id);

    const free = await createWorkshop(ctx, admin.access, { price: 0 });
    const enrolled = await start(asha, 'workshops', free);
    expect(enrolled).toMatchObject({ status: 'completed', amount: 0, gateway: null });
  });

  it('concurrent starts make one pending payment with one gateway order', async () => {
    const programId = await createProgram(ctx, admin.access);
    const before = ctx.gateway.orders.size;
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(ravi, 'programs', programId)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.gateway?.order_id)).size).toBe(1);
    expect(ctx.gateway.orders.size - before).toBe(1);
  });

  it('a gateway that is down or slow gives a retry message (503), never a 500, and the retry gets one order', async () => {
    const programId = await createProgram(ctx, admin.access);
    ctx.gateway.switches.outage = 'down';
    const down = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: asha.access,
      body: {},
    });
    ctx.gateway.clearOutage();
    expect(down).toMatchObject({ status: 503, body: { error: SERVER_MESSAGES.gatewayUnavailable } });

    const slowApp = await createTestApp({ config: { gatewayTimeoutMs: 150 } });
    try {
      const student = await slowApp.user('meera');
      const slowProgram = await createProgram(slowApp, (await slowApp.user('boss', 'admin')).access);
      slowApp.gateway.switches.outage = 'slow';
      const slow = await slowApp.request({
        method: 'POST',
        url: API.programs.payment(slowProgram),
        token: student.access,
        body: {},
      });
      slowApp.gateway.clearOutage();
      expect(slow).toMatchObject({ status: 503, body: { error: SERVER_MESSAGES.gatewayUnavailable } });
    } finally {
      await slowApp.close();
    }

    const retry = await start(asha, 'programs', programId);
    expect(retry.gateway?.order_id).toMatch(/^order_/);
    const pending = await ctx.db
      .selectFrom('payments')
      .select('id')
      .where('student_id', '=', asha.id)
      .where('course_id', '=', programId)
      .execute();
    expect(pending).toHaveLength(1);
  });
});

describe('verify and complete', () => {
  it('a correct signature completes the payment and grants the enrollment; a wrong one changes nothing', async () => {
    const programId = await createProgram(ctx, admin.access);
    const payment = await start(asha, 'programs', programId);
    const paid = await ctx.pay(payment.id, { webhooks: false });
    if (!paid?.ok) throw new Error('not paid');

    const forged = {
      ...paid,
      razorpay_signature: paid.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };
    expect(await verify(asha, payment.id, forged)).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.signatureInvalid },
    });
    expect(await verify(asha, payment.id, { ...paid, razorpay_order_id: 'order_someoneelse1' })).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.orderMismatch },
    });
    expect((await verify(asha, payment.id, {})).status).toBe(400);
    expect((await row(payment.id)).status).toBe('pending');
    expect(await enrollmentsOf(asha, programId)).toHaveLength(0);
    // Someone else's payment does not exist for them, whatever they send.
    expect((await verify(ravi, payment.id, paid)).status).toBe(404);

    const ok = await verify(asha, payment.id, paid);
    expect(ok.status).toBe(200);
    const body = PaymentCompletion.parse(ok.body);
    expect(body.payment).toMatchObject({ id: payment.id, status: 'completed' });
    expect(body.enrollment).toMatchObject({ status: 'active', is_active: true, course: programId });
    expect((await row(payment.id)).gateway_payment_id).toBe(paid.razorpay_payment_id);
    // Idempotent.
    expect(PaymentCompletion.parse((await verify(asha, payment.id, paid)).body).enrollment.id).toBe(body.enrollment.id);
  });

  it('complete/ refuses before the gateway has the money, and completes once it has it', async () => {
    const programId = await createProgram(ctx, admin.access);
    const payment = await start(asha, 'programs', programId);
    expect(await complete(asha, payment.id)).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.paymentNotReceived },
    });
    // A declined attempt is not money either.
    await ctx.pay(payment.id, { card: '4000 0000 0000 0002', webhooks: false });
    expect((await complete(asha, payment.id)).status).toBe(400);
    expect((await row(payment.id)).status).toBe('pending');
    expect(await enrollmentsOf(asha, programId)).toHaveLength(0);

    await ctx.pay(payment.id, { webhooks: false });
    const done = await complete(asha, payment.id);
    expect(done.status).toBe(200);
    expect(PaymentCompletion.parse(done.body).payment.status).toBe('completed');
  });

  it('20 concurrent verify and webhook calls for one payment give one enrollment and one seat', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 5 });
    const payment = await start(ravi, 'workshops', workshopId);
    ctx.gateway.switches.hold = true;
    const paid = await ctx.pay(payment.id);
    ctx.gateway.switches.hold = false;
    if (!paid?.ok) throw new Error('not paid');
    const captured = ctx.gateway.delivered.filter((d) => d.body.includes(paid.razorpay_payment_id));
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => verify(ravi, payment.id, paid)),
      ...Array.from({ length: 10 }, (_, i) => deliver(captured[i % captured.length]!)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    await ctx.gateway.release();
    const enrollments = await enrollmentsOf(ravi, workshopId, 'workshop');
    expect(enrollments).toHaveLength(1);
    expect(await seats(workshopId)).toBe(1);
    expect((await row(payment.id)).status).toBe('completed');
    await expectTotalsMatchTables(ctx.db);
  });
});
