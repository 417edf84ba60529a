import type { FailureReason } from '../../../../contract/index.ts';

/**
 * The payment gateway as the rest of the server sees it. One adapter implements it (Razorpay's REST
 * API through the official SDK, razorpay.ts); the local sandbox (sandbox.ts) speaks the same API, so the
 * demo, the tests and production run the same adapter code. Amounts here are integer paise.
 */

export type GatewayOrder = {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  status: 'created' | 'attempted' | 'paid';
  receipt: string | null;
};

export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export type GatewayPayment = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
  method: string | null;
  amount_refunded: number;
  error_code: string | null;
  error_reason: string | null;
  error_description: string | null;
};

export type GatewayRefund = {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  receipt: string | null;
};

/** A webhook event, normalised: what happened, whatever the gateway called it. */
export type GatewayEvent =
  | { type: 'captured'; name: string; payment: GatewayPayment }
  | { type: 'failed'; name: string; payment: GatewayPayment }
  | { type: 'refunded'; name: string; refund: GatewayRefund; payment: GatewayPayment | null }
  | { type: 'refund_failed'; name: string; refund: GatewayRefund; payment: GatewayPayment | null }
  | { type: 'not_supported'; name: string };

export interface PaymentGateway {
  readonly name: 'razorpay';
  /** The public key id the browser's checkout needs. */
  readonly keyId: string;
  createOrder(input: { amount: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  refund(
    paymentId: string,
    input: { amount: number; receipt: string; notes?: Record<string, string> },
  ): Promise<GatewayRefund>;
  fetchRefund(refundId: string): Promise<GatewayRefund>;
  /** Checkout's proof: HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook's proof: HMAC-SHA256 of the raw body with the webhook secret, compared in constant time. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined): boolean;
  /** Reads a (verified) webhook body into a normalised event; throws GatewayError on a body it cannot read. */
  parseEvent(rawBody: string | Buffer): GatewayEvent;
}

/**
 * The gateway refused (`rejected`: it answered an error body) or did not answer in time (`unavailable`).
 * `message` is written for an administrator: the gateway's own code and description.
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly statusCode: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * Razorpay's failure reasons (the payment entity's `error_reason`, documented under "Error Reasons")
 * folded into the spec's eight failure reasons. Unknown reasons are `other`.
 */
const REASONS: Record<string, FailureReason> = {
  insufficient_funds: 'insufficient_funds',
  insufficient_balance: 'insufficient_funds',
  card_declined: 'card_declined',
  payment_declined: 'card_declined',
  card_expired: 'card_declined',
  debit_instrument_blocked: 'card_declined',
  debit_instrument_inactive: 'card_declined',
  authorisation_declined_by_psp: 'card_declined',
  network_error: 'network_error',
  transaction_network_error: 'network_error',
  payment_timed_out: 'bank_timeout',
  bank_timeout: 'bank_timeout',
  payment_session_expired: 'bank_timeout',
  input_validation_failed: 'invalid_details',
  card_number_invalid: 'invalid_details',
  invalid_card_number: 'invalid_details',
  invalid_vpa: 'invalid_details',
  incorrect_otp: 'invalid_details',
  invalid_otp: 'invalid_details',
  authentication_failed: 'invalid_details',
  bank_account_invalid: 'invalid_details',
  payment_risk_check_failed: 'fraud_detected',
  suspected_fraud: 'fraud_detected',
  fraud_detected: 'fraud_detected',
  bank_technical_error: 'technical_issue',
  gateway_technical_error: 'technical_issue',
  server_error: 'technical_issue',
  bank_not_available: 'technical_issue',
  technical_error: 'technical_issue',
};

export function failureReasonOf(payment: Pick<GatewayPayment, 'error_reason' | 'error_code'>): FailureReason {
  const reason = payment.error_reason?.toLowerCase();
  if (reason && REASONS[reason]) return REASONS[reason];
  if (payment.error_code === 'SERVER_ERROR' || payment.error_code === 'GATEWAY_ERROR') return 'technical_issue';
  return 'other';
}
