import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { paymentSignature } from './razorpay.ts';
import { checkoutPage, PREFIX_PLACEHOLDER, safeReturn } from './sandbox/checkout-page.ts';
import { instrumentFailure, type Failure, type Instrument } from './sandbox/instruments.ts';
import { apiError, registerRestRoutes } from './sandbox/rest-routes.ts';
import { createSandboxState, newId, now, type Order, type Payment } from './sandbox/state.ts';
import { createWebhooks } from './sandbox/webhooks.ts';

/**
 * The local payment gateway: a Razorpay-shaped server (the documented REST shape under /v1, HTTP Basic
 * with its own test keys, amounts in paise) plus a checkout page the browser is sent through and signed
 * webhook delivery back to the app. It never moves money. In demo mode it is mounted on the app's own
 * server under SANDBOX_PREFIX; tests start it on its own port (startSandboxGateway), and
 * scripts/sandbox-gateway.ts runs it alone. Its state lives in memory (sandbox/state.ts): a restart
 * forgets orders (a pending payment then gets a fresh order on its next start). Its parts: the test
 * instruments (sandbox/instruments.ts), the checkout page, the REST routes and the webhooks.
 */

export const SANDBOX_PREFIX = '/gateway-sandbox';
export const SANDBOX_KEY_ID = 'rzp_test_localsandbox';

export type SandboxOptions = {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where signed webhooks go; null: none are sent (they still queue in `delivered`). */
  webhookUrl?: string | null;
  /** Milliseconds each order's creation takes (SANDBOX_ORDER_DELAY_MS; default 0). */
  orderDelayMs?: number;
};

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
  const state = createSandboxState();
  const { orders, payments, switches } = state;
  switches.orderDelayMs = options.orderDelayMs ?? 0;
  const webhooks = createWebhooks(webhookSecret, options.webhookUrl ?? null, switches);
  const { emit } = webhooks;
  let slowWaiters: (() => void)[] = [];

  function pay(order: Order, input: Instrument): { payment: Payment; failure: Failure | null } {
    const failure = instrumentFailure(input);
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
    registerRestRoutes(app, state, emit);

    // The checkout step the browser is sent through (Razorpay Checkout stands here with real keys).
    const page = (html: string) => html.replaceAll(PREFIX_PLACEHOLDER, prefix);
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
    delivered: webhooks.delivered,
    orders: orders as ReadonlyMap<string, Order>,
    payments: payments as ReadonlyMap<string, Payment>,
    setWebhookUrl: webhooks.setWebhookUrl,
    /** Pays an order as the checkout page would (tests without a browser). */
    checkout,
    signedEvent: webhooks.signedEvent,
    release: webhooks.release,
    idle: webhooks.idle,
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

/** The sandbox on its own server (tests, or scripts/sandbox-gateway.ts). */
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
