import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES, type GatewayCheckout, type Payment } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { GatewayError, type PaymentGateway } from './gateway/port.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { ServiceUnavailable } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
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
   * One request at a time may create it (a claim on the row, with a token of its own); the others wait for
   * its id. The order is stored only while this request still holds the claim and the payment still costs
   * what the order was made for (decision record 062): a re-price meanwhile (plan, coupon, batch) voids the
   * claim, and the order made for the old amount is left unused. Answers null when the payment stopped being
   * pending meanwhile (a webhook completed it).
   */
  async function ensureOrder(paymentId: number): Promise<string | null> {
    const payments = createPaymentRepository(db);
    for (let waited = 0; waited < 100; waited++) {
      const before = await payments.findRow(paymentId);
      if (!before || before.status !== 'pending') return null;
      if (before.gateway_order_id) return before.gateway_order_id;
      const claim = randomUUID();
      const staleBefore = new Date(Date.now() - ORDER_CLAIM_STALE_MS).toISOString();
      if (await payments.claimOrder(paymentId, claim, nowIso(), staleBefore)) {
        // The price as it stands once the claim is ours: a re-price after this point voids the claim.
        const row = await payments.findRow(paymentId);
        if (!row || row.status !== 'pending') return null;
        const due = paiseDue(row);
        let orderId: string;
        try {
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
          await payments.releaseOrderClaim(paymentId, claim);
          return report(error, 'create order');
        }
        if (await payments.setOrder(paymentId, orderId, { claim, amount: row.amount, totalPaise: row.total_paise })) {
          return orderId;
        }
        // Re-priced (or completed) while the gateway answered: that order is for an amount no longer due.
        continue;
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
