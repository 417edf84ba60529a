import { describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { appWithAshaAndRavi } from './support/asha-and-ravi.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { gatewayHelpers, paymentEntity } from './support/gateway-flow.ts';
import type { TestContext, TestUser } from './support/harness.ts';

/**
 * The gateway's signed webhooks, posted over HTTP as Razorpay sends them, on SQLite and PostgreSQL alike:
 * the signature check, each event processed once, failures, out-of-order delivery and flagged events.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

const app = appWithAshaAndRavi((made) => {
  ({ ctx, admin, asha, ravi } = made);
});

const { start, row, enrollmentsOf, seats, postWebhook, deliver } = gatewayHelpers(app);
const events = () => ctx.db.selectFrom('gateway_events').selectAll().orderBy('id').execute();

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
