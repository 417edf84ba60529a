import { randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { formatPaiseFigure } from '../../contract/money.ts';
import { paymentSignature, webhookSignature } from './razorpay.ts';
import { sameOriginPath } from '../../contract/same-origin-path.ts';

/**
 * The local payment gateway: a Razorpay-shaped server (the documented REST shape under /v1, HTTP Basic
 * with its own test keys, amounts in paise) plus a checkout page the browser is sent through and signed
 * webhook delivery back to the app. It never moves money. In demo mode it is mounted on the app's own
 * server under SANDBOX_PREFIX; tests start it on its own port (startSandboxGateway). Its state lives in
 * memory: a restart forgets orders (a pending payment then gets a fresh order on its next start).
 *
 * Test values (docs/api.md lists them): Razorpay's documented test cards 4111 1111 1111 1111 and
 * 5267 3181 8797 5449 succeed with any future expiry and CVV, and, as on Razorpay's test bank page, an
 * OTP of 4 to 10 digits succeeds while a shorter one fails; Razorpay's test UPI IDs success@razorpay and
 * failure@razorpay succeed and fail. The sandbox's own additions: card 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, and UPI ID timeout@razorpay times out at the bank.
 */

export const SANDBOX_PREFIX = '/gateway-sandbox';
export const SANDBOX_KEY_ID = 'rzp_test_localsandbox';

type Order = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};
type Payment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'card' | 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
};
type Refund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
};

export type WebhookDelivery = { eventId: string; body: string; signature: string };

export type SandboxOptions = {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where signed webhooks go; null: none are sent (they still queue in `delivered`). */
  webhookUrl?: string | null;
};

/** Switches the tests (and a curious operator) use to make the gateway misbehave. */
export type SandboxSwitches = {
  /** Deliver every webhook twice. */
  duplicate: boolean;
  /** Hold webhooks until release() ("late"). */
  hold: boolean;
  /** release() delivers the held webhooks newest first ("out of order"). */
  reverse: boolean;
  /** Do not send webhooks at all (a missed webhook). */
  drop: boolean;
  /** `down`: every API call answers 502 without an error body; `slow`: API calls never answer until cleared. */
  outage: null | 'down' | 'slow';
  /** Refunds are created pending, then fail (refund.failed). */
  failRefunds: boolean;
};

const now = () => Math.floor(Date.now() / 1000);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) =>
  `${prefix}_${Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

const SUCCESS_CARDS = new Set(['4111111111111111', '5267318187975449']);
const FAILING_CARDS: Record<string, { reason: string; description: string }> = {
  '4000000000000002': { reason: 'card_declined', description: 'Your payment has been declined by the bank.' },
  '4000000000009995': {
    reason: 'insufficient_funds',
    description: 'Payment failed because of insufficient balance in the account.',
  },
};
const UPI: Record<string, { reason: string; description: string } | null> = {
  'success@razorpay': null,
  'failure@razorpay': {
    reason: 'authorisation_declined_by_psp',
    description: 'The UPI app declined the payment request.',
  },
  'timeout@razorpay': {
    reason: 'payment_timed_out',
    description: 'The payment was not approved in the UPI app in time.',
  },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const apiError = (reply: FastifyReply, status: number, description: string, field: string | null = null) =>
  reply.code(status).send({
    error: {
      code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A relative path on the app's own origin: the only place the checkout page sends the browser back to. */
const safeReturn = sameOriginPath;

export type CheckoutResult =
  | { ok: true; razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | {
      ok: false;
      cancelled: boolean;
      razorpay_order_id: string;
      razorpay_payment_id: string | null;
      error_code: string | null;
      error_reason: string | null;
      error_description: string;
    };

export function createSandboxGateway(options: SandboxOptions = {}) {
  const keyId = options.keyId ?? SANDBOX_KEY_ID;
  const keySecret = options.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = options.webhookSecret ?? randomBytes(18).toString('base64url');
  let webhookUrl = options.webhookUrl ?? null;

  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const switches: SandboxSwitches = {
    duplicate: false,
    hold: false,
    reverse: false,
    drop: false,
    outage: null,
    failRefunds: false,
  };
  const held: WebhookDelivery[] = [];
  /** Every webhook made (sent or not), in order: tests read them. */
  const delivered: WebhookDelivery[] = [];
  const inflight = new Set<Promise<void>>();
  let slowWaiters: (() => void)[] = [];

  async function send(delivery: WebhookDelivery): Promise<void> {
    if (!webhookUrl) return;
    try {
      await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
      });
    } catch {
      // The app is down: Razorpay would retry; the sandbox leaves it to Sync (reconciliation).
    }
  }
  function track(promise: Promise<void>) {
    inflight.add(promise);
    void promise.finally(() => inflight.delete(promise));
  }
  function emit(event: string, payload: Record<string, { entity: unknown }>) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_localsandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const delivery = { eventId: newId('evt'), body, signature: webhookSignature(webhookSecret, body) };
    delivered.push(delivery);
    if (switches.drop) return;
    if (switches.hold) {
      held.push(delivery);
      return;
    }
    const times = switches.duplicate ? 2 : 1;
    // One after the other: a duplicate arrives as a second request, as Razorpay's retries do.
    track(
      (async () => {
        for (let i = 0; i < times; i++) await send(delivery);
      })(),
    );
  }

  function pay(
    order: Order,
    input: { method: 'card' | 'upi'; card?: string; vpa?: string; otp?: string },
  ): { payment: Payment; failure: { reason: string; description: string } | null } {
    let failure: { reason: string; description: string } | null = null;
    if (input.method === 'card') {
      const digits = (input.card ?? '').replace(/[\s-]/g, '');
      if (FAILING_CARDS[digits]) failure = FAILING_CARDS[digits];
      else if (!SUCCESS_CARDS.has(digits))
        failure = luhn(digits)
          ? { reason: 'card_declined', description: 'This card is not a test card; use a test card number.' }
          : { reason: 'card_number_invalid', description: 'The card number is invalid.' };
      else if (!/^\d{4,10}$/.test(input.otp ?? '1234'))
        failure = { reason: 'authentication_failed', description: 'Authentication failed due to incorrect otp.' };
    } else {
      const vpa = (input.vpa ?? '').trim().toLowerCase();
      failure =
        vpa in UPI ? UPI[vpa]! : { reason: 'invalid_vpa', description: 'Invalid VPA. Please enter a valid VPA.' };
    }
    const payment: Payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: failure ? 'failed' : 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: input.method,
      amount_refunded: 0,
      refund_status: null,
      captured: !failure,
      description: null,
      card_id: input.method === 'card' ? newId('card') : null,
      bank: null,
      wallet: null,
      vpa: input.method === 'upi' ? (input.vpa ?? null) : null,
      email: 'student@example.in',
      contact: '+919000000000',
      notes: {},
      fee: failure ? null : Math.round(order.amount * 0.02),
      tax: failure ? null : Math.round(order.amount * 0.0036),
      error_code: failure ? 'BAD_REQUEST_ERROR' : null,
      error_description: failure?.description ?? null,
      error_source: failure ? (input.method === 'upi' ? 'customer' : 'issuer_bank') : null,
      error_step: failure ? 'payment_authorization' : null,
      error_reason: failure?.reason ?? null,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (failure) {
      if (order.status === 'created') order.status = 'attempted';
      emit('payment.failed', { payment: { entity: { ...payment } } });
    } else {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      emit('payment.authorized', { payment: { entity: { ...payment, status: 'authorized', captured: false } } });
      emit('payment.captured', { payment: { entity: { ...payment } } });
      emit('order.paid', { payment: { entity: { ...payment } }, order: { entity: { ...order } } });
    }
    return { payment, failure };
  }

  function checkout(body: Record<string, string | undefined>): CheckoutResult | { invalid: string } {
    const order = orders.get(body.order_id ?? '');
    if (!order) return { invalid: 'No such order.' };
    if (body.action === 'cancel') {
      return {
        ok: false,
        cancelled: true,
        razorpay_order_id: order.id,
        razorpay_payment_id: null,
        error_code: null,
        error_reason: 'payment_cancelled',
        error_description: 'Payment cancelled by the customer.',
      };
    }
    if (order.status === 'paid') return { invalid: 'This order has already been paid.' };
    const method = body.method === 'upi' ? 'upi' : 'card';
    const { payment, failure } = pay(order, { method, card: body.card_number, vpa: body.vpa, otp: body.otp });
    if (failure) {
      return {
        ok: false,
        cancelled: false,
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        error_code: payment.error_code,
        error_reason: payment.error_reason,
        error_description: failure.description,
      };
    }
    return {
      ok: true,
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(keySecret, order.id, payment.id),
    };
  }

  function authorised(request: FastifyRequest): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [id, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return id === keyId && rest.join(':') === keySecret;
  }

  function checkoutPage(order: Order, returnUrl: string, message: string | null): string {
    const rupees = formatPaiseFigure(order.amount);
    const hidden = `<input type="hidden" name="order_id" value="${escapeHtml(order.id)}">
      <input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment gateway</title>
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e}
fieldset{border:1px solid #ccd;border-radius:8px;margin:1rem 0;padding:1rem}
label{display:block;margin:.5rem 0 .2rem}input[type=text]{width:100%;padding:.5rem;box-sizing:border-box;font-size:1rem}
button{padding:.6rem 1.2rem;font-size:1rem;margin-top:.8rem;cursor:pointer}
.note{background:#fff8e1;border:1px solid #f0c36d;padding:.6rem;border-radius:6px;font-size:.9rem}
.error{color:#b00020}
</style></head>
<body>
<h1>Sandbox payment gateway</h1>
<p class="note">Test mode: no money moves. Order <code>${escapeHtml(order.id)}</code>, amount ₹${rupees}.</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${SANDBOX_PREFIX_PLACEHOLDER}/checkout">
  ${hidden}<input type="hidden" name="method" value="card">
  <fieldset><legend>Pay by card</legend>
    <label for="card_number">Card number</label><input type="text" id="card_number" name="card_number" autocomplete="off" inputmode="numeric">
    <label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="expiry" autocomplete="off">
    <label for="cvv">CVV</label><input type="text" id="cvv" name="cvv" autocomplete="off" inputmode="numeric">
    <label for="otp">OTP</label><input type="text" id="otp" name="otp" value="1234" autocomplete="off" inputmode="numeric">
    <button type="submit">Pay ₹${rupees} by card</button>
  </fieldset>
</form>
<form method="post" action="${SANDBOX_PREFIX_PLACEHOLDER}/checkout">
  ${hidden}<input type="hidden" name="method" value="upi">
  <fieldset><legend>Pay by UPI</legend>
    <label for="vpa">UPI ID</label><input type="text" id="vpa" name="vpa" autocomplete="off">
    <button type="submit">Pay ₹${rupees} by UPI</button>
  </fieldset>
</form>
<form method="post" action="${SANDBOX_PREFIX_PLACEHOLDER}/checkout">
  ${hidden}<input type="hidden" name="action" value="cancel">
  <button type="submit">Cancel payment</button>
</form>
<p class="note">Cards 4111 1111 1111 1111 and 5267 3181 8797 5449 succeed (any future expiry, any CVV; an OTP of
fewer than 4 digits fails). 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.
UPI: success@razorpay, failure@razorpay, timeout@razorpay.</p>
</body></html>`;
  }
  const SANDBOX_PREFIX_PLACEHOLDER = '__PREFIX__';

  /** The Fastify plugin: register it with a prefix (SANDBOX_PREFIX on the app's server, '' on its own). */
  async function plugin(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const prefix = app.prefix;

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(`${prefix}/v1/`)) return;
      if (switches.outage === 'down') return reply.code(502).type('text/plain').send('Bad Gateway');
      if (switches.outage === 'slow') {
        await new Promise<void>((resolve) => slowWaiters.push(resolve));
        return reply.code(504).type('text/plain').send('Gateway Timeout');
      }
      if (!authorised(request)) return apiError(reply, 401, 'Authentication failed');
    });

    app.post('/v1/orders', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        return apiError(reply, 400, 'The amount must be atleast INR 1.00', 'amount');
      }
      if (body.currency !== undefined && body.currency !== 'INR') {
        return apiError(reply, 400, 'Currency is not supported', 'currency');
      }
      const order: Order = {
        id: newId('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: 'INR',
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return order;
    });
    const notExist = (reply: FastifyReply) => apiError(reply, 400, 'The id provided does not exist', 'id');
    app.get<{ Params: { id: string } }>('/v1/orders/:id', async (request, reply) => {
      const order = orders.get(request.params.id);
      return order ?? notExist(reply);
    });
    app.get<{ Params: { id: string } }>('/v1/orders/:id/payments', async (request, reply) => {
      if (!orders.has(request.params.id)) return notExist(reply);
      const items = [...payments.values()].filter((p) => p.order_id === request.params.id);
      return { entity: 'collection', count: items.length, items };
    });
    app.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
      return payments.get(request.params.id) ?? notExist(reply);
    });
    app.post<{ Params: { id: string } }>('/v1/payments/:id/capture', async (request, reply) => {
      const payment = payments.get(request.params.id);
      if (!payment) return notExist(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.amount !== payment.amount) {
        return apiError(reply, 400, 'Capture amount must be equal to the amount authorized', 'amount');
      }
      if (payment.status !== 'authorized' && payment.status !== 'captured') {
        return apiError(reply, 400, 'Only payments which have been authorized and not yet captured can be captured');
      }
      if (payment.status === 'captured') {
        return apiError(reply, 400, 'This payment has already been captured');
      }
      payment.status = 'captured';
      payment.captured = true;
      return payment;
    });
    app.post<{ Params: { id: string } }>('/v1/payments/:id/refund', async (request, reply) => {
      const payment = payments.get(request.params.id);
      if (!payment) return notExist(reply);
      if (!payment.captured) return apiError(reply, 400, 'The payment has not been captured, so it cannot be refunded');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const left = payment.amount - payment.amount_refunded;
      const amount = body.amount === undefined ? left : body.amount;
      if (!Number.isInteger(amount) || (amount as number) < 100) {
        return apiError(reply, 400, 'The refund amount must be atleast INR 1.00', 'amount');
      }
      if ((amount as number) > left) {
        return apiError(reply, 400, 'The refund amount provided is greater than amount captured', 'amount');
      }
      const refund: Refund = {
        id: newId('rfnd'),
        entity: 'refund',
        amount: amount as number,
        currency: payment.currency,
        payment_id: payment.id,
        notes: (body.notes as Record<string, string>) ?? {},
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: switches.failRefunds ? 'pending' : 'processed',
        speed_processed: 'normal',
        speed_requested: 'normal',
      };
      refunds.set(refund.id, refund);
      payment.amount_refunded += refund.amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      const answer = { ...refund };
      if (switches.failRefunds) {
        refund.status = 'failed';
        payment.amount_refunded -= refund.amount;
        payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
        payment.status = 'captured';
        emit('refund.failed', { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } });
      } else {
        emit('refund.processed', { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } });
      }
      return answer;
    });
    app.get<{ Params: { id: string } }>('/v1/refunds/:id', async (request, reply) => {
      return refunds.get(request.params.id) ?? notExist(reply);
    });

    // The checkout step the browser is sent through (Razorpay Checkout stands here with real keys).
    const page = (html: string) => html.replaceAll(SANDBOX_PREFIX_PLACEHOLDER, prefix);
    app.get<{ Querystring: Record<string, string | undefined> }>('/checkout', async (request, reply) => {
      const order = orders.get(request.query.order_id ?? '');
      const returnUrl = safeReturn(request.query.return_url);
      if (!order || request.query.key_id !== keyId || !returnUrl) {
        return reply.code(400).type('text/plain').send('Unknown order, key or return address.');
      }
      return reply.type('text/html').send(page(checkoutPage(order, returnUrl, null)));
    });
    app.post('/checkout', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const result = checkout(body);
      const wantsJson = (request.headers.accept ?? '').includes('application/json');
      if ('invalid' in result) {
        return wantsJson
          ? reply.code(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: result.invalid } })
          : reply.code(400).type('text/plain').send(result.invalid);
      }
      if (wantsJson) return result;
      const returnUrl = safeReturn(body.return_url);
      if (!returnUrl) return reply.code(400).type('text/plain').send('Unknown return address.');
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(result)) if (k !== 'ok' && v !== null) params.set(k, String(v));
      params.set('gateway_result', result.ok ? 'success' : result.cancelled ? 'cancelled' : 'failed');
      return reply.redirect(`${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${params.toString()}`, 303);
    });
  }

  return {
    keyId,
    keySecret,
    webhookSecret,
    plugin,
    switches,
    delivered,
    orders: orders as ReadonlyMap<string, Order>,
    payments: payments as ReadonlyMap<string, Payment>,
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    /** Pays an order as the checkout page would (tests without a browser). */
    checkout,
    /** A webhook for a payment as the gateway would send it, e.g. to replay or forge in tests. */
    signedEvent(event: string, payload: Record<string, { entity: unknown }>): WebhookDelivery {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_localsandbox',
        event,
        payload,
        created_at: now(),
      });
      return { eventId: newId('evt'), body, signature: webhookSignature(webhookSecret, body) };
    },
    /** Delivers held webhooks (newest first when `reverse`), then waits until every delivery is done. */
    async release(): Promise<void> {
      const batch = held.splice(0, held.length);
      if (switches.reverse) batch.reverse();
      for (const delivery of batch) {
        const times = switches.duplicate ? 2 : 1;
        for (let i = 0; i < times; i++) await send(delivery);
      }
      await this.idle();
    },
    /** Resolves when no webhook is being sent. */
    async idle(): Promise<void> {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
    /** Ends a `slow` outage: calls held so far answer 504. */
    clearOutage() {
      switches.outage = null;
      const waiters = slowWaiters;
      slowWaiters = [];
      for (const resolve of waiters) resolve();
    },
  };
}
export type SandboxGateway = ReturnType<typeof createSandboxGateway>;

/** The sandbox on its own server (tests, or `node --import tsx server/gateway/sandbox.ts`). */
export async function startSandboxGateway(options: SandboxOptions & { port?: number; host?: string } = {}) {
  const sandbox = createSandboxGateway(options);
  const app = Fastify({ logger: false });
  await app.register(sandbox.plugin);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    sandbox,
    url: `http://${host}:${port}`,
    close: async () => {
      sandbox.clearOutage();
      await sandbox.idle();
      await app.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startSandboxGateway({
    port: Number(process.env.PORT ?? 8091),
    keyId: process.env.RAZORPAY_KEY_ID || undefined,
    keySecret: process.env.RAZORPAY_KEY_SECRET || undefined,
    webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET || undefined,
    webhookUrl: process.env.SANDBOX_WEBHOOK_URL || null,
  }).then(
    ({ url, sandbox }) =>
      console.log(`Sandbox gateway at ${url} (key id ${sandbox.keyId}, key secret ${sandbox.keySecret})`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
