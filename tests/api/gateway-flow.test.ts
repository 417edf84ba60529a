import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  type AuditEntry,
  type FlaggedEvent,
  type Payment,
  PaymentCompletion,
  PaymentStart,
  type Reconciliation,
  SERVER_MESSAGES,
  type SyncResult,
} from '../../contract/index.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { createAppWithUsers } from './support/users.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

/**
 * The money path end to end: the app's Razorpay adapter talks HTTP to the local gateway, the gateway's
 * signed webhooks come back over HTTP, on SQLite and PostgreSQL alike.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  ({
    ctx,
    admin,
    students: { asha, ravi },
  } = await createAppWithUsers('asha', 'ravi'));
});
afterAll(async () => ctx?.close());

async function start(user: TestUser, type: 'programs' | 'workshops', id: number): Promise<PaymentStart> {
  const res = await ctx.request({
    method: 'POST',
    url: `/classroom/${type}/${id}/payment/`,
    token: user.access,
    body: {},
  });
  expect([200, 201]).toContain(res.status);
  return PaymentStart.parse(res.body);
}
const verify = (user: TestUser, paymentId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: API.payments.verify(paymentId), token: user.access, body });
const complete = (user: TestUser, paymentId: number) =>
  ctx.request({ method: 'POST', url: API.payments.complete(paymentId), token: user.access });
const row = (id: number) => ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const enrollmentsOf = (user: TestUser, courseId: number, type: 'program' | 'workshop' = 'program') =>
  ctx.db
    .selectFrom('enrollments')
    .selectAll()
    .where('student_id', '=', user.id)
    .where('course_type', '=', type)
    .where('course_id', '=', courseId)
    .execute();
const seats = async (workshopId: number) =>
  (
    await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow()
  ).current_participants;
const events = () => ctx.db.selectFrom('gateway_events').selectAll().orderBy('id').execute();

function postWebhook(body: string, headers: Record<string, string>) {
  return ctx.request({
    method: 'POST',
    url: API.razorpayWebhook,
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
function deliver(delivery: { eventId: string; body: string; signature: string }) {
  return postWebhook(delivery.body, {
    'x-razorpay-signature': delivery.signature,
    'x-razorpay-event-id': delivery.eventId,
  });
}
/** A gateway payment entity as Razorpay's webhooks carry it. */
const paymentEntity = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  id: `pay_T${Math.random().toString(36).slice(2, 15)}`,
  entity: 'payment',
  amount: 0,
  currency: 'INR',
  status: 'captured',
  order_id: orderId,
  method: 'card',
  captured: true,
  amount_refunded: 0,
  error_code: null,
  error_reason: null,
  error_description: null,
  ...overrides,
});

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

describe('webhooks', () => {
  it('refuses a wrong, missing or re-serialised signature and an event without id, changing nothing', async () => {
    const programId = await createProgram(ctx, admin.access);
    const payment = await start(asha, 'programs', programId);
    const event = ctx.gateway.signedEvent('payment.captured', {
      payment: { entity: paymentEntity(payment.gateway!.order_id, { amount: payment.amount * 100 }) },
    });
    const before = (await events()).length;
    const reserialised = JSON.stringify(JSON.parse(event.body), null, 1);
    for (const [body, headers] of [
      [event.body, { 'x-razorpay-event-id': event.eventId }],
      [event.body, { 'x-razorpay-event-id': event.eventId, 'x-razorpay-signature': '00'.repeat(32) }],
      [event.body, { 'x-razorpay-event-id': event.eventId, 'x-razorpay-signature': 'not-hex' }],
      [reserialised, { 'x-razorpay-event-id': event.eventId, 'x-razorpay-signature': event.signature }],
      [event.body, { 'x-razorpay-signature': event.signature }],
    ] as const) {
      const res = await postWebhook(body, headers);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await events()).length).toBe(before);
    expect((await row(payment.id)).status).toBe('pending');
    // Right: completed, with no login and no call back to the gateway.
    ctx.gateway.switches.outage = 'down';
    try {
      expect(await deliver(event)).toMatchObject({ status: 200, body: { status: 'processed' } });
    } finally {
      ctx.gateway.clearOutage();
    }
    expect((await row(payment.id)).status).toBe('completed');
    expect(await enrollmentsOf(asha, programId)).toHaveLength(1);
  });

  it('processes each event once: duplicates answer 200 and change nothing', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 3 });
    const payment = await start(asha, 'workshops', workshopId);
    ctx.gateway.switches.duplicate = true;
    try {
      await ctx.pay(payment.id);
    } finally {
      ctx.gateway.switches.duplicate = false;
    }
    const mine = (await events()).filter((e) => e.payment_id === payment.id);
    expect(mine.map((e) => e.event).sort()).toEqual(['order.paid', 'payment.captured']);
    expect(await seats(workshopId)).toBe(1);
    const captured = ctx.gateway.delivered.find(
      (d) => d.body.includes(payment.gateway!.order_id) && d.body.includes('"payment.captured"'),
    )!;
    expect(await deliver(captured)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await seats(workshopId)).toBe(1);
  });

  it('records the failure reason of a declined attempt; a retry reopens the same payment with its order', async () => {
    for (const [input, reason] of [
      [{ card: '4000 0000 0000 0002' }, 'card_declined'],
      [{ card: '4000 0000 0000 9995' }, 'insufficient_funds'],
      [{ method: 'upi' as const, vpa: 'timeout@razorpay' }, 'bank_timeout'],
      [{ method: 'upi' as const, vpa: 'failure@razorpay' }, 'card_declined'],
      [{ card: '4111 1111 1111 1112' }, 'invalid_details'],
    ] as const) {
      const programId = await createProgram(ctx, admin.access);
      const payment = await start(asha, 'programs', programId);
      await ctx.pay(payment.id, input);
      expect(await row(payment.id)).toMatchObject({ status: 'failed', failure_reason: reason });
      const retry = await start(asha, 'programs', programId);
      expect(retry).toMatchObject({ id: payment.id, status: 'pending' });
      expect(retry.gateway!.order_id).toBe(payment.gateway!.order_id);
    }
  });

  it('out of order: a failure after the capture does not undo it', async () => {
    const programId = await createProgram(ctx, admin.access);
    const payment = await start(asha, 'programs', programId);
    ctx.gateway.switches.hold = true;
    ctx.gateway.switches.reverse = true;
    try {
      await ctx.pay(payment.id, { card: '4000 0000 0000 0002' });
      await ctx.pay(payment.id);
      await ctx.gateway.release(); // newest first: the capture lands before the earlier failure
    } finally {
      ctx.gateway.switches.hold = false;
      ctx.gateway.switches.reverse = false;
    }
    expect(await row(payment.id)).toMatchObject({ status: 'completed', failure_reason: null });
    const mine = (await events()).filter((e) => e.payment_id === payment.id);
    expect(mine.find((e) => e.event === 'payment.failed')).toMatchObject({ outcome: 'ignored', flag: null });
  });

  it('a capture after our payment failed or was cancelled completes it and flags it', async () => {
    for (const [status, flag] of [
      ['failed', 'capture_after_failure'],
      ['cancelled', 'capture_after_cancel'],
    ] as const) {
      const programId = await createProgram(ctx, admin.access);
      const payment = await start(ravi, 'programs', programId);
      await ctx.request({
        method: 'POST',
        url: API.admin.resolvePayment(payment.id),
        token: admin.access,
        body: { status },
      });
      await ctx.pay(payment.id);
      expect((await row(payment.id)).status).toBe('completed');
      expect(await enrollmentsOf(ravi, programId)).toHaveLength(1);
      expect((await events()).filter((e) => e.payment_id === payment.id && e.flag === flag)).toHaveLength(1);
    }
  });

  it('an amount that differs from the order is not completed and is flagged; an unknown order is stored and flagged', async () => {
    const programId = await createProgram(ctx, admin.access, { price: 50000 });
    const payment = await start(asha, 'programs', programId);
    const short = ctx.gateway.signedEvent('payment.captured', {
      payment: { entity: paymentEntity(payment.gateway!.order_id, { amount: 100 }) },
    });
    expect(await deliver(short)).toMatchObject({ status: 200, body: { status: 'flagged' } });
    expect((await row(payment.id)).status).toBe('pending');

    const stranger = ctx.gateway.signedEvent('payment.captured', {
      payment: { entity: paymentEntity('order_NotOursAtAll01', { amount: 99_900 }) },
    });
    expect(await deliver(stranger)).toMatchObject({ status: 200, body: { status: 'flagged' } });
    const flagged = (await events()).filter((e) => e.event_id === short.eventId || e.event_id === stranger.eventId);
    expect(flagged.map((e) => e.flag).sort()).toEqual(['amount_mismatch', 'unknown_order']);
    // An event we do not use is stored and ignored.
    const other = ctx.gateway.signedEvent('payment.dispute.created', { payment: { entity: paymentEntity('x') } });
    expect(await deliver(other)).toMatchObject({ status: 200, body: { status: 'ignored' } });
  });
});

describe('refunds', () => {
  const refund = (paymentId: number, body: unknown, key: string | null, token = admin.access) =>
    ctx.request({
      method: 'POST',
      url: API.admin.refundPayment(paymentId),
      token,
      body,
      headers: key ? { 'idempotency-key': key } : {},
    });

  async function paidWorkshop(student: TestUser, price = 2000) {
    const workshopId = await createWorkshop(ctx, admin.access, { price, max_participants: 5 });
    const payment = await start(student, 'workshops', workshopId);
    await ctx.pay(payment.id);
    expect((await row(payment.id)).status).toBe('completed');
    return { workshopId, payment };
  }

  it('partial then full; over-refund refused; revoke_access cancels the enrollment and frees the seat; audited', async () => {
    const { workshopId, payment } = await paidWorkshop(asha);
    expect((await refund(payment.id, { reason: 'x', revoke_access: false }, null)).status).toBe(400);
    const partial = await refund(payment.id, { amount: 500, reason: 'Missed a session', revoke_access: false }, 'k1');
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ status: 'completed', refunded_amount: 500 });
    expect((await enrollmentsOf(asha, workshopId, 'workshop'))[0]).toMatchObject({ status: 'active', is_active: 1 });
    expect(ctx.gateway.payments.get((await row(payment.id)).gateway_payment_id!)).toMatchObject({
      amount_refunded: 50_000,
    });

    const over = await refund(payment.id, { amount: 1501, reason: 'Too much', revoke_access: false }, 'k2');
    expect(over.status).toBe(400);
    expect((over.body as { error: string }).error).toContain('₹1500');

    const rest = await refund(payment.id, { reason: 'Withdrew', revoke_access: true }, 'k3');
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_amount: 2000 });
    expect((await enrollmentsOf(asha, workshopId, 'workshop'))[0]).toMatchObject({ status: 'cancelled', is_active: 0 });
    expect(await seats(workshopId)).toBe(0);
    expect((await refund(payment.id, { amount: 1, reason: 'More', revoke_access: false }, 'k4')).status).toBe(400);

    const audit = (await ctx.request({ url: API.admin.auditLog, token: admin.access })).body as {
      results: AuditEntry[];
    };
    expect(audit.results.filter((e) => e.action === 'refund' && e.entity_id === payment.id)).toHaveLength(2);
    await ctx.gateway.idle();
    await expectTotalsMatchTables(ctx.db);
  });

  it('a double click (same Idempotency-Key, at once) refunds once; racing keys never exceed what was paid', async () => {
    const { payment } = await paidWorkshop(ravi, 3000);
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => refund(payment.id, { reason: 'Double click', revoke_access: false }, 'same')),
    );
    expect(clicks.every((c) => c.status === 200)).toBe(true);
    const rows = await ctx.db.selectFrom('refunds').selectAll().where('payment_id', '=', payment.id).execute();
    expect(rows).toHaveLength(1);
    expect((await row(payment.id)).refunded_amount).toBe(3000);

    const second = await paidWorkshop(ravi, 3000);
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        refund(second.payment.id, { amount: 1000, reason: 'Race', revoke_access: false }, `race-${i}`),
      ),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(3);
    expect(racing.filter((r) => r.status === 400)).toHaveLength(2);
    expect((await row(second.payment.id)).refunded_amount).toBe(3000);
  });

  it('refuses a pending payment, and says what the gateway said when it refuses', async () => {
    const programId = await createProgram(ctx, admin.access);
    const pending = await start(asha, 'programs', programId);
    expect(await refund(pending.id, { reason: 'No', revoke_access: false }, 'p1')).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.refundNotCompleted },
    });
    const { payment } = await paidWorkshop(asha);
    ctx.gateway.switches.outage = 'down';
    try {
      const res = await refund(payment.id, { reason: 'Down', revoke_access: false }, 'd1');
      expect(res.status).toBe(503);
    } finally {
      ctx.gateway.clearOutage();
    }
    expect((await row(payment.id)).refunded_amount).toBe(0);
  });
});

describe('reconciliation', () => {
  const overview = async () =>
    (await ctx.request({ url: API.admin.reconciliation, token: admin.access })).body as Reconciliation;
  const act = (id: number, body: unknown) =>
    ctx.request({ method: 'POST', url: API.admin.reconciliationResolve(id), token: admin.access, body });

  it('lists flagged events and old pending payments; grant, refund and resolve are audited; Sync mends a missed webhook', async () => {
    // A missed webhook: paid at the gateway, nothing told us.
    const programId = await createProgram(ctx, admin.access);
    const missed = await start(ravi, 'programs', programId);
    await ctx.pay(missed.id, { webhooks: false });
    await ctx.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - 45 * 60_000).toISOString() })
      .where('id', '=', missed.id)
      .execute();
    let view = await overview();
    expect(view.stale_pending.map((p: Payment) => p.id)).toContain(missed.id);

    const synced = (await ctx.request({ method: 'POST', url: API.admin.reconciliationSync, token: admin.access }))
      .body as SyncResult;
    expect(synced.completed).toBeGreaterThanOrEqual(1);
    expect((await row(missed.id)).status).toBe('completed');
    expect((await overview()).stale_pending.map((p: Payment) => p.id)).not.toContain(missed.id);

    // An amount mismatch: the office grants access.
    const p2 = await createProgram(ctx, admin.access, { price: 40000 });
    const mismatch = await start(asha, 'programs', p2);
    await deliver(
      ctx.gateway.signedEvent('payment.captured', {
        payment: { entity: paymentEntity(mismatch.gateway!.order_id, { amount: 4_000_100 }) },
      }),
    );
    view = await overview();
    const flagged = view.flagged.find(
      (f: FlaggedEvent) => f.payment_id === mismatch.id && f.flag === 'amount_mismatch',
    )!;
    expect(flagged.resolved_at).toBeNull();
    expect((await act(flagged.id, { action: 'grant', note: '' })).status).toBe(400);
    const granted = await act(flagged.id, { action: 'grant', note: 'Bank confirmed the full amount.' });
    expect(granted).toMatchObject({
      status: 200,
      body: { resolution: 'granted', resolution_note: 'Bank confirmed the full amount.' },
    });
    expect((await row(mismatch.id)).status).toBe('completed');
    expect((await enrollmentsOf(asha, p2)).filter((e: { is_active: number }) => e.is_active)).toHaveLength(1);
    expect((await act(flagged.id, { action: 'resolve', note: 'again' })).status).toBe(400);

    // An unknown order: refunded at the gateway; another one marked resolved.
    const unknown = ctx.gateway.signedEvent('payment.captured', {
      payment: { entity: paymentEntity('order_NotOursAtAll02', { amount: 10_000 }) },
    });
    await deliver(unknown);
    const unknownRow = (await overview()).flagged.find(
      (f: FlaggedEvent) => f.gateway_order_id === 'order_NotOursAtAll02',
    )!;
    // The gateway does not know that payment (it was forged here): its refusal reaches the office as is.
    const refused = await act(unknownRow.id, { action: 'refund', note: 'Not ours' });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toContain('The id provided does not exist');
    const resolved = await act(unknownRow.id, { action: 'resolve', note: 'Test event from the dashboard.' });
    expect(resolved.body).toMatchObject({ resolution: 'resolved' });

    const audit = (await ctx.request({ url: API.admin.auditLog, token: admin.access })).body as {
      results: AuditEntry[];
    };
    expect(audit.results.filter((e) => e.action === 'reconcile').length).toBeGreaterThanOrEqual(2);
    expect(audit.results.some((e) => e.action === 'sync')).toBe(true);
  });

  it('refunds a flagged paid-twice capture at the gateway', async () => {
    const programId = await createProgram(ctx, admin.access, { price: 1200 });
    const payment = await start(asha, 'programs', programId);
    await ctx.pay(payment.id);
    // A second capture for the same order under another gateway payment id: money taken twice. (The
    // second payment is real at the gateway: another order of the same price, paid without webhooks.)
    const other = await start(ravi, 'programs', await createProgram(ctx, admin.access, { price: 1200 }));
    const second = await ctx.pay(other.id, { webhooks: false });
    if (!second?.ok) throw new Error('not paid');
    const entity = paymentEntity(payment.gateway!.order_id, { id: second.razorpay_payment_id, amount: 120_000 });
    await deliver(ctx.gateway.signedEvent('payment.captured', { payment: { entity } }));
    const flagged = (await overview()).flagged.find((f: FlaggedEvent) => f.gateway_payment_id === entity.id)!;
    expect(flagged.flag).toBe('paid_twice');
    expect(await enrollmentsOf(asha, programId)).toHaveLength(1);
    const refunded = await act(flagged.id, { action: 'refund', note: 'Paid twice; second payment returned.' });
    expect(refunded).toMatchObject({ status: 200, body: { resolution: 'refunded' } });
    // Our payment (the first capture) is untouched, and so is the student's access.
    expect(await row(payment.id)).toMatchObject({ status: 'completed', refunded_amount: 0 });
  });
});
