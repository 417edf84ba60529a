import { createHmac, timingSafeEqual } from 'node:crypto';
import type Razorpay from 'razorpay';
import { razorpaySdk } from '../../../platform/lib/on-first-use.ts';
import {
  GatewayError,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './port.ts';

/**
 * The Razorpay adapter, on the official SDK (razorpay 2.9). The SDK fixes its host to
 * https://api.razorpay.com; its axios instance (`api.rq`) is pointed at RAZORPAY_API_BASE instead, so
 * the local sandbox or any Razorpay-shaped server can stand behind the very same calls. Endpoints used:
 * POST /v1/orders, GET /v1/orders/{id}, GET /v1/orders/{id}/payments, GET /v1/payments/{id},
 * POST /v1/payments/{id}/refund, GET /v1/refunds/{id}; HTTP Basic (key id, key secret); paise.
 *
 * The SDK's signature helpers compare with `===`; ours compute the same HMAC and compare in constant
 * time (tests prove both agree on every signature the sandbox makes).
 */

export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The API's origin; requests go to `{apiBase}/v1/...`. */
  apiBase: string;
  /** A call not answered within this many milliseconds counts as the gateway being unavailable. */
  timeoutMs?: number;
};

export const DEFAULT_API_BASE = 'https://api.razorpay.com';

type SdkError = { statusCode?: number; error?: { code?: string; description?: string; reason?: string } };

/** The SDK rejects with `{statusCode, error}` when the API answered, or with anything else when it did not. */
function toGatewayError(raw: unknown): GatewayError {
  const e = raw as SdkError | null;
  if (e && typeof e.statusCode === 'number' && e.error) {
    const code = e.error.code ?? 'ERROR';
    const description = e.error.description ?? 'no description';
    return new GatewayError('rejected', `Razorpay refused the request (${code}): ${description}`, e.statusCode, code);
  }
  if (e && typeof e.statusCode === 'number') {
    return new GatewayError(
      'unavailable',
      `Razorpay answered HTTP ${e.statusCode} without an error body.`,
      e.statusCode,
    );
  }
  return new GatewayError('unavailable', 'Razorpay did not answer in time.');
}

async function call<T>(promise: () => Promise<unknown>): Promise<T> {
  try {
    return (await promise()) as T;
  } catch (error) {
    throw toGatewayError(error);
  }
}

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex signatures (a wrong length is simply wrong). */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}
export function webhookSignature(secret: string, rawBody: string | Buffer): string {
  return hmacHex(secret, rawBody);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : Number.NaN);

function toPayment(raw: Record<string, unknown>): GatewayPayment {
  return {
    id: String(raw.id),
    order_id: str(raw.order_id),
    amount: int(raw.amount),
    currency: String(raw.currency ?? ''),
    status: raw.status as GatewayPayment['status'],
    method: str(raw.method),
    amount_refunded: typeof raw.amount_refunded === 'number' ? raw.amount_refunded : 0,
    error_code: str(raw.error_code),
    error_reason: str(raw.error_reason),
    error_description: str(raw.error_description),
  };
}
function toOrder(raw: Record<string, unknown>): GatewayOrder {
  return {
    id: String(raw.id),
    amount: int(raw.amount),
    amount_paid: typeof raw.amount_paid === 'number' ? raw.amount_paid : 0,
    currency: String(raw.currency ?? ''),
    status: raw.status as GatewayOrder['status'],
    receipt: str(raw.receipt),
  };
}
function toRefund(raw: Record<string, unknown>): GatewayRefund {
  return {
    id: String(raw.id),
    payment_id: String(raw.payment_id),
    amount: int(raw.amount),
    currency: String(raw.currency ?? ''),
    status: raw.status as GatewayRefund['status'],
    receipt: str(raw.receipt),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const entityOf = (payload: Record<string, unknown>, key: string): Record<string, unknown> | null => {
  const holder = payload[key];
  return isObject(holder) && isObject(holder.entity) ? holder.entity : null;
};

/** Reads Razorpay's webhook body `{event, payload: {payment: {entity}, refund: {entity}, ...}}`. */
export function parseRazorpayEvent(rawBody: string | Buffer): GatewayEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString());
  } catch {
    throw new GatewayError('rejected', 'The webhook body is not JSON.');
  }
  if (!isObject(body) || typeof body.event !== 'string' || !isObject(body.payload)) {
    throw new GatewayError('rejected', 'The webhook body has no event or payload.');
  }
  const name = body.event;
  const payment = entityOf(body.payload, 'payment');
  const refund = entityOf(body.payload, 'refund');
  switch (name) {
    case 'payment.captured':
    case 'order.paid':
      if (!payment) throw new GatewayError('rejected', `${name} carries no payment entity.`);
      return { type: 'captured', name, payment: toPayment(payment) };
    case 'payment.failed':
      if (!payment) throw new GatewayError('rejected', `${name} carries no payment entity.`);
      return { type: 'failed', name, payment: toPayment(payment) };
    case 'refund.processed':
    case 'refund.failed':
      if (!refund) throw new GatewayError('rejected', `${name} carries no refund entity.`);
      return {
        type: name === 'refund.processed' ? 'refunded' : 'refund_failed',
        name,
        refund: toRefund(refund),
        payment: payment ? toPayment(payment) : null,
      };
    default:
      return { type: 'not_supported', name };
  }
}

/** The SDK client, made when the gateway is first called (the SDK and axios load then: on-first-use.ts). */
async function sdkClient(options: RazorpayOptions): Promise<Razorpay> {
  const Sdk = await razorpaySdk();
  const sdk = new Sdk({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK builds `${hostUrl}/v1/...` URLs on this axios instance: point it at the configured origin.
  // (`rq` is the SDK's axios instance, in its JavaScript source but not in its type declarations.)
  const rq = (sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  rq.defaults.baseURL = options.apiBase.replace(/\/+$/, '');
  rq.defaults.timeout = options.timeoutMs ?? 10_000;
  return sdk;
}

export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  let client: Promise<Razorpay> | undefined;
  /** One call on the SDK client (made by the first call, once), its errors mapped as every call's. */
  const withSdk = async <T>(use: (sdk: Razorpay) => Promise<unknown>): Promise<T> => {
    const sdk = await (client ??= sdkClient(options));
    return call<T>(() => use(sdk));
  };

  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amount, receipt, notes }) {
      const raw = await withSdk<Record<string, unknown>>((sdk) =>
        sdk.orders.create({ amount, currency: 'INR', receipt, notes: notes ?? {} }),
      );
      return toOrder(raw);
    },
    async fetchOrder(orderId) {
      return toOrder(await withSdk<Record<string, unknown>>((sdk) => sdk.orders.fetch(orderId)));
    },
    async fetchOrderPayments(orderId) {
      const raw = await withSdk<{ items?: Record<string, unknown>[] }>((sdk) => sdk.orders.fetchPayments(orderId));
      return (raw.items ?? []).map(toPayment);
    },
    async fetchPayment(paymentId) {
      return toPayment(await withSdk<Record<string, unknown>>((sdk) => sdk.payments.fetch(paymentId)));
    },
    async refund(paymentId, { amount, receipt, notes }) {
      const raw = await withSdk<Record<string, unknown>>((sdk) =>
        sdk.payments.refund(paymentId, { amount, speed: 'normal', receipt, notes: notes ?? {} }),
      );
      return toRefund(raw);
    },
    async fetchRefund(refundId) {
      return toRefund(await withSdk<Record<string, unknown>>((sdk) => sdk.refunds.fetch(refundId)));
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      if (!orderId || !paymentId) return false;
      return sameSignature(paymentSignature(options.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return sameSignature(webhookSignature(options.webhookSecret, rawBody), signature);
    },
    parseEvent: parseRazorpayEvent,
  };
}
