import { SERVER_MESSAGES, type GatewayCheckout, type Payment } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { GatewayError, type PaymentGateway } from '../gateway/port.ts';
import { createPaymentRepository } from '../repositories/payments.ts';
import { ServiceUnavailable } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { paiseDue } from './settlement.ts';

/** Any gateway trouble reaches the student as "try again", never as a 500. */
function gatewayTrouble(error: unknown): never {
  if (error instanceof GatewayError) throw new ServiceUnavailable(SERVER_MESSAGES.gatewayUnavailable);
  throw error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A claim on creating an order older than this belongs to a request that died. */
const ORDER_CLAIM_STALE_MS = 60_000;

export type GatewayOrderDeps = {
  gateway: PaymentGateway;
  /** The sandbox's checkout page when the local gateway stands in for Razorpay, else null. */
  sandboxCheckoutUrl: string | null;
  onGatewayError?: (error: GatewayError, what: string) => void;
};

/** A payment's order at the gateway, and what the SPA needs to hand the student over to it. */
export function createGatewayOrders(db: Db, deps: GatewayOrderDeps) {
  const { gateway } = deps;
  const report = (error: unknown, what: string) => {
    if (error instanceof GatewayError) deps.onGatewayError?.(error, what);
    return gatewayTrouble(error);
  };

  /**
   * The payment's one live gateway order: the stored one, or a new one for the server's price (paise).
   * One request at a time may create it (a claim on the row); the others wait for its id. Answers null
   * when the payment stopped being pending meanwhile (a webhook completed it).
   */
  async function ensureOrder(paymentId: number): Promise<string | null> {
    const payments = createPaymentRepository(db);
    for (let waited = 0; waited < 100; waited++) {
      const row = await payments.findRow(paymentId);
      if (!row || row.status !== 'pending') return null;
      if (row.gateway_order_id) return row.gateway_order_id;
      const at = nowIso();
      const staleBefore = new Date(Date.now() - ORDER_CLAIM_STALE_MS).toISOString();
      if (await payments.claimOrder(paymentId, at, staleBefore)) {
        let orderId: string;
        try {
          const due = paiseDue(row);
          const order = await gateway.createOrder({
            amount: due,
            receipt: `payment_${row.id}`,
            notes: { payment_id: String(row.id), course: `${row.course_type}:${row.course_id}` },
          });
          if (order.amount !== due || order.currency !== 'INR') {
            throw new GatewayError(
              'rejected',
              `The gateway made order ${order.id} for ${order.amount} ${order.currency}.`,
            );
          }
          orderId = order.id;
        } catch (error) {
          await payments.releaseOrderClaim(paymentId);
          return report(error, 'create order');
        }
        await payments.setOrder(paymentId, orderId, nowIso());
        return orderId;
      }
      await sleep(50);
    }
    throw new ServiceUnavailable(SERVER_MESSAGES.gatewayBusy);
  }

  function checkoutOf(payment: Payment, orderId: string): GatewayCheckout {
    return {
      name: 'razorpay',
      key_id: gateway.keyId,
      order_id: orderId,
      amount: payment.total_paise,
      currency: 'INR',
      sandbox_checkout_url: deps.sandboxCheckoutUrl,
    };
  }

  return { ensureOrder, checkoutOf, report };
}
