import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureReasonOf, GatewayError } from '../../server/domains/payments/gateway/port.ts';
import { createRazorpayGateway, parseRazorpayEvent } from '../../server/domains/payments/gateway/razorpay.ts';
import { startSandboxGateway } from '../../server/domains/payments/gateway/sandbox.ts';

/**
 * The local gateway is proven Razorpay-shaped by Razorpay's own Node SDK talking to it over HTTP, and the
 * adapter is proven against it. No database is involved: this file runs the same on SQLite and PostgreSQL.
 */

let gateway: Awaited<ReturnType<typeof startSandboxGateway>>;
const keys = { keyId: 'rzp_test_sdkcheck', keySecret: 'sdk-check-secret', webhookSecret: 'sdk-hook-secret' };

beforeAll(async () => {
  gateway = await startSandboxGateway(keys);
});
afterAll(async () => {
  await gateway.close();
});

function officialSdk(keySecret = keys.keySecret) {
  const sdk = new Razorpay({ key_id: keys.keyId, key_secret: keySecret });
  (sdk.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = gateway.url;
  return sdk;
}
const adapter = (overrides: Partial<Parameters<typeof createRazorpayGateway>[0]> = {}) =>
  createRazorpayGateway({ ...keys, apiBase: gateway.url, ...overrides });

describe('the official Razorpay SDK against the local gateway', () => {
  it('creates and fetches an order, pays it, lists and fetches its payment, refunds and fetches the refund', async () => {
    const sdk = officialSdk();
    const order = await sdk.orders.create({ amount: 6_500_000, currency: 'INR', receipt: 'payment_1' });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 6_500_000,
      amount_paid: 0,
      amount_due: 6_500_000,
      currency: 'INR',
      receipt: 'payment_1',
      status: 'created',
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ id: order.id, status: 'created' });

    const paid = gateway.sandbox.checkout({ order_id: order.id, method: 'card', card_number: '4111 1111 1111 1111' });
    if (!('ok' in paid) || !paid.ok) throw new Error('the success card did not pay');
    // Razorpay's own helper accepts the checkout's signature.
    expect(
      validatePaymentVerification(
        { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id },
        paid.razorpay_signature,
        keys.keySecret,
      ),
    ).toBe(true);

    expect(await sdk.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 6_500_000, amount_due: 0 });
    const list = await sdk.orders.fetchPayments(order.id);
    expect(list).toMatchObject({ entity: 'collection', count: 1 });
    expect(list.items[0]).toMatchObject({ id: paid.razorpay_payment_id, status: 'captured', amount: 6_500_000 });
    const payment = await sdk.payments.fetch(paid.razorpay_payment_id);
    expect(payment).toMatchObject({ order_id: order.id, method: 'card', captured: true, currency: 'INR' });

    const refund = await sdk.payments.refund(paid.razorpay_payment_id, { amount: 100_000, receipt: 'refund_1' });
    expect(refund).toMatchObject({ entity: 'refund', amount: 100_000, payment_id: paid.razorpay_payment_id });
    expect(await sdk.refunds.fetch(refund.id)).toMatchObject({ id: refund.id, status: 'processed' });
    expect(await sdk.payments.fetch(paid.razorpay_payment_id)).toMatchObject({
      amount_refunded: 100_000,
      refund_status: 'partial',
      status: 'captured',
    });
  });

  it('answers Razorpay error bodies: wrong keys, unknown ids, an over-refund', async () => {
    await expect(officialSdk('wrong').orders.create({ amount: 1000, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 401,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
    const sdk = officialSdk();
    await expect(sdk.orders.fetch('order_doesnotexist00')).rejects.toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
    const order = await sdk.orders.create({ amount: 149_900, currency: 'INR' });
    const paid = gateway.sandbox.checkout({ order_id: order.id, method: 'upi', vpa: 'success@razorpay' });
    if (!('ok' in paid) || !paid.ok) throw new Error('success@razorpay did not pay');
    await expect(sdk.payments.refund(paid.razorpay_payment_id, { amount: 149_901 })).rejects.toMatchObject({
      statusCode: 400,
      error: { description: 'The refund amount provided is greater than amount captured' },
    });
  });

  it('signs every webhook so that the SDK helper accepts the raw body and refuses a re-serialised one', async () => {
    const sdk = officialSdk();
    const order = await sdk.orders.create({ amount: 50_000, currency: 'INR' });
    const before = gateway.sandbox.delivered.length;
    gateway.sandbox.checkout({ order_id: order.id, method: 'card', card_number: '4111111111111111' });
    const hooks = gateway.sandbox.delivered.slice(before);
    expect(hooks.map((h) => JSON.parse(h.body).event)).toEqual([
      'payment.authorized',
      'payment.captured',
      'order.paid',
    ]);
    for (const hook of hooks) {
      expect(validateWebhookSignature(hook.body, hook.signature, keys.webhookSecret)).toBe(true);
      const reserialised = JSON.stringify(JSON.parse(hook.body), null, 2);
      expect(validateWebhookSignature(reserialised, hook.signature, keys.webhookSecret)).toBe(false);
    }
  });
});

describe('the adapter', () => {
  it('creates an order in paise, reads it back, and sees a declined attempt and a captured one', async () => {
    const rz = adapter();
    const order = await rz.createOrder({ amount: 149_900, receipt: 'payment_7' });
    expect(order).toMatchObject({ amount: 149_900, amount_paid: 0, currency: 'INR', status: 'created' });

    const declined = gateway.sandbox.checkout({ order_id: order.id, method: 'card', card_number: '4000000000000002' });
    expect(declined).toMatchObject({ ok: false, error_reason: 'card_declined' });
    const paid = gateway.sandbox.checkout({ order_id: order.id, method: 'card', card_number: '4111111111111111' });
    if (!('ok' in paid) || !paid.ok) throw new Error('did not pay');

    const payments = await rz.fetchOrderPayments(order.id);
    expect(payments.map((p) => p.status).sort()).toEqual(['captured', 'failed']);
    const failed = payments.find((p) => p.status === 'failed')!;
    expect(failureReasonOf(failed)).toBe('card_declined');
    expect(await rz.fetchPayment(paid.razorpay_payment_id)).toMatchObject({ amount: 149_900, order_id: order.id });
    expect(await rz.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 149_900 });

    expect(
      rz.verifyPaymentSignature({
        orderId: order.id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
    ).toBe(true);
    // Another order's id, a flipped character, nothing at all: refused.
    expect(
      rz.verifyPaymentSignature({
        orderId: 'order_other',
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
    ).toBe(false);
    const flipped = paid.razorpay_signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(
      rz.verifyPaymentSignature({ orderId: order.id, paymentId: paid.razorpay_payment_id, signature: flipped }),
    ).toBe(false);
    expect(rz.verifyPaymentSignature({ orderId: order.id, paymentId: paid.razorpay_payment_id, signature: '' })).toBe(
      false,
    );

    const refund = await rz.refund(paid.razorpay_payment_id, { amount: 49_900, receipt: 'refund_9' });
    expect(refund).toMatchObject({ amount: 49_900, status: 'processed', receipt: 'refund_9' });
    expect(await rz.fetchRefund(refund.id)).toMatchObject({ id: refund.id, payment_id: paid.razorpay_payment_id });
  });

  it('reads webhooks into normalised events and verifies their signatures', async () => {
    const rz = adapter();
    const order = await rz.createOrder({ amount: 20_000, receipt: 'payment_8' });
    const before = gateway.sandbox.delivered.length;
    gateway.sandbox.checkout({ order_id: order.id, method: 'upi', vpa: 'failure@razorpay' });
    gateway.sandbox.checkout({ order_id: order.id, method: 'upi', vpa: 'timeout@razorpay' });
    gateway.sandbox.checkout({ order_id: order.id, method: 'upi', vpa: 'success@razorpay' });
    const hooks = gateway.sandbox.delivered.slice(before);
    for (const hook of hooks) expect(rz.verifyWebhookSignature(hook.body, hook.signature)).toBe(true);
    expect(rz.verifyWebhookSignature(hooks[0]!.body, undefined)).toBe(false);
    expect(rz.verifyWebhookSignature(`${hooks[0]!.body} `, hooks[0]!.signature)).toBe(false);
    const events = hooks.map((h) => rz.parseEvent(h.body));
    expect(events.map((e) => e.type)).toEqual(['failed', 'failed', 'not_supported', 'captured', 'captured']);
    type Failed = Extract<(typeof events)[0], { type: 'failed' }>;
    const [declined, timedOut] = events as [Failed, Failed];
    expect(failureReasonOf(declined.payment)).toBe('card_declined');
    expect(failureReasonOf(timedOut.payment)).toBe('bank_timeout');
    expect(() => parseRazorpayEvent('not json')).toThrow(GatewayError);
    expect(() => parseRazorpayEvent('{"event":"payment.captured","payload":{}}')).toThrow(GatewayError);
  });

  it('turns a refusal into a message an administrator can act on, and an outage into "unavailable"', async () => {
    await expect(adapter({ keySecret: 'wrong' }).createOrder({ amount: 1000, receipt: 'x' })).rejects.toMatchObject({
      kind: 'rejected',
      statusCode: 401,
      message: 'Razorpay refused the request (BAD_REQUEST_ERROR): Authentication failed',
    });
    await expect(adapter().fetchOrder('order_doesnotexist00')).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Razorpay refused the request (BAD_REQUEST_ERROR): The id provided does not exist',
    });

    gateway.sandbox.switches.outage = 'down';
    try {
      await expect(adapter().createOrder({ amount: 1000, receipt: 'x' })).rejects.toMatchObject({
        kind: 'unavailable',
      });
    } finally {
      gateway.sandbox.clearOutage();
    }
    gateway.sandbox.switches.outage = 'slow';
    try {
      await expect(adapter({ timeoutMs: 100 }).createOrder({ amount: 1000, receipt: 'x' })).rejects.toMatchObject({
        kind: 'unavailable',
        message: 'Razorpay did not answer in time.',
      });
    } finally {
      gateway.sandbox.clearOutage();
    }
    // Nothing listening at all.
    await expect(
      createRazorpayGateway({ ...keys, apiBase: 'http://127.0.0.1:9' }).createOrder({ amount: 1000, receipt: 'x' }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('maps Razorpay failure reasons onto the spec failure reasons', () => {
    const of = (error_reason: string | null, error_code: string | null = 'BAD_REQUEST_ERROR') =>
      failureReasonOf({ error_reason, error_code });
    expect(of('insufficient_funds')).toBe('insufficient_funds');
    expect(of('card_declined')).toBe('card_declined');
    expect(of('payment_timed_out')).toBe('bank_timeout');
    expect(of('invalid_vpa')).toBe('invalid_details');
    expect(of('payment_risk_check_failed')).toBe('fraud_detected');
    expect(of('bank_technical_error')).toBe('technical_issue');
    expect(of('network_error')).toBe('network_error');
    expect(of(null, 'SERVER_ERROR')).toBe('technical_issue');
    expect(of('something_new')).toBe('other');
  });
});
