import { randomInt } from 'node:crypto';

/** The sandbox gateway's state: orders, payments and refunds in memory, and the switches that make it misbehave. */

export type Order = {
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
export type Payment = {
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
export type Refund = {
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
  /** Milliseconds an order's creation takes (SANDBOX_ORDER_DELAY_MS): a slow gateway for the checkout's races. */
  orderDelayMs: number;
};

export const now = () => Math.floor(Date.now() / 1000);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const newId = (prefix: string) =>
  `${prefix}_${Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export function createSandboxState() {
  const switches: SandboxSwitches = {
    duplicate: false,
    hold: false,
    reverse: false,
    drop: false,
    outage: null,
    failRefunds: false,
    orderDelayMs: 0,
  };
  return {
    orders: new Map<string, Order>(),
    payments: new Map<string, Payment>(),
    refunds: new Map<string, Refund>(),
    switches,
  };
}
export type SandboxState = ReturnType<typeof createSandboxState>;
