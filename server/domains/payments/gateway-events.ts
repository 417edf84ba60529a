import { SERVER_MESSAGES } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { GatewayEventsTable } from '../../platform/db/schema.ts';
import { failureReasonOf, GatewayError, type GatewayEvent, type PaymentGateway } from './gateway/port.ts';
import { BusinessError } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createGatewayEventRepository } from './repositories/gateway-events.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { applyGatewayRefund, findRefund } from './refunds.ts';
import type { PaymentEffects } from './effects.ts';
import { settleCaptured, type Settlement } from './settlement.ts';

/**
 * Razorpay webhooks (POST /api/payments/razorpay/webhook/). A correctly signed event is proof enough:
 * nothing here calls the gateway back. Each event is stored once (unique event id) in the same
 * transaction as its consequences, so a duplicate delivery changes nothing and a crash half-way leaves
 * no trace to skip over. Odd cases are stored and flagged for the office, never answered with a 500.
 */

type Outcome = Pick<Settlement, 'outcome' | 'flag' | 'detail'> & { paymentId: number | null };

export type WebhookAnswer = { status: 'processed' | 'ignored' | 'flagged' | 'duplicate' };

async function handle(trx: Db, effects: PaymentEffects, event: GatewayEvent): Promise<Outcome> {
  const payments = createPaymentRepository(trx);
  switch (event.type) {
    case 'captured': {
      const p = event.payment;
      const row = p.order_id ? await payments.findByOrderId(p.order_id) : undefined;
      if (!row) {
        return {
          paymentId: null,
          outcome: 'flagged',
          flag: 'unknown_order',
          detail: `Captured ${p.id} (${p.amount} paise) for order ${p.order_id ?? 'none'}, which is not ours.`,
        };
      }
      // The amount and currency are judged by settlement, against the payment as it stands now.
      const settled = await settleCaptured(trx, effects, row.id, p, 'webhook');
      return { paymentId: row.id, outcome: settled.outcome, flag: settled.flag, detail: settled.detail };
    }
    case 'failed': {
      const p = event.payment;
      const row = p.order_id ? await payments.findByOrderId(p.order_id) : undefined;
      if (!row) {
        return {
          paymentId: null,
          outcome: 'flagged',
          flag: 'unknown_order',
          detail: `Failed attempt ${p.id} for order ${p.order_id ?? 'none'}, which is not ours.`,
        };
      }
      const reason = failureReasonOf(p);
      // Only a pending payment fails: a failure arriving after a capture never undoes it.
      const failed = await payments.markFailedIfPending(row.id, reason, nowIso());
      if (failed) await effects.failed(trx, row.id);
      return failed
        ? { paymentId: row.id, outcome: 'processed', flag: null, detail: `Payment ${row.id} failed: ${reason}.` }
        : { paymentId: row.id, outcome: 'ignored', flag: null, detail: `Payment ${row.id} is ${row.status}.` };
    }
    case 'refunded':
    case 'refund_failed': {
      const refund = await findRefund(trx, event.refund);
      if (!refund) {
        const row = await payments.findByGatewayPaymentId(event.refund.payment_id);
        return {
          paymentId: row?.id ?? null,
          outcome: 'flagged',
          flag: 'unknown_refund',
          detail: `Refund ${event.refund.id} of ${event.refund.amount} paise (${event.name}) was not made here.`,
        };
      }
      const changed = await applyGatewayRefund(trx, effects, refund.id, {
        id: event.refund.id,
        status: event.type === 'refunded' ? 'processed' : 'failed',
      });
      if (event.type === 'refund_failed') {
        return {
          paymentId: refund.payment_id,
          outcome: 'flagged',
          flag: 'refund_failed',
          detail: `Refund ${event.refund.id} of ₹${refund.amount} failed at the gateway; the student has not been paid back.`,
        };
      }
      return { paymentId: refund.payment_id, outcome: changed ? 'processed' : 'ignored', flag: null, detail: '' };
    }
    case 'not_supported':
      return { paymentId: null, outcome: 'ignored', flag: null, detail: `${event.name} is not used.` };
  }
}

/**
 * What the signed body says happened (decision record 062): the event, the entity it is about and that
 * entity's status. The same body under another X-Razorpay-Event-Id (a replay) has the same key, so it is
 * a duplicate; events with no entity (not used here) keep only the header's id.
 */
function bodyKeyOf(event: GatewayEvent): string | null {
  if (event.type === 'captured' || event.type === 'failed') {
    return `${event.name}:${event.payment.id}:${event.payment.status}`;
  }
  if (event.type === 'refunded' || event.type === 'refund_failed') {
    return `${event.name}:${event.refund.id}:${event.refund.status}`;
  }
  return null;
}

function idsOf(event: GatewayEvent) {
  if (event.type === 'captured' || event.type === 'failed') {
    return { order: event.payment.order_id, payment: event.payment.id, amount: event.payment.amount };
  }
  if (event.type === 'refunded' || event.type === 'refund_failed') {
    return { order: event.payment?.order_id ?? null, payment: event.refund.payment_id, amount: event.refund.amount };
  }
  return { order: null, payment: null, amount: null };
}

export function createGatewayEventService(db: Db, gateway: PaymentGateway, effects: PaymentEffects) {
  return {
    /** Verifies, stores once and applies one webhook delivery. Throws BusinessError (400) for a bad one. */
    async receive(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<WebhookAnswer> {
      if (!gateway.verifyWebhookSignature(rawBody, signature)) {
        throw new BusinessError(SERVER_MESSAGES.webhookSignatureInvalid);
      }
      if (!eventId || eventId.length > 100) throw new BusinessError(SERVER_MESSAGES.webhookEventIdMissing);
      let event: GatewayEvent;
      try {
        event = gateway.parseEvent(rawBody);
      } catch (error) {
        if (error instanceof GatewayError) throw new BusinessError(SERVER_MESSAGES.webhookUnreadable);
        throw error;
      }
      const ids = idsOf(event);
      const base: Omit<GatewayEventsTable, 'id' | 'body_key'> & { body_key: string | null } = {
        event_id: eventId,
        body_key: bodyKeyOf(event)?.slice(0, 200) ?? null,
        source: 'webhook',
        event: event.name,
        gateway_order_id: ids.order,
        gateway_payment_id: ids.payment,
        payment_id: null,
        amount: Number.isInteger(ids.amount) ? ids.amount : null,
        outcome: 'ignored',
        flag: null,
        detail: '',
        payload: rawBody.toString('utf8'),
        resolved_at: null,
        resolved_by: null,
        resolution: null,
        resolution_note: '',
        created_at: nowIso(),
      };
      try {
        return await inTransaction(db, async (trx) => {
          const events = createGatewayEventRepository(trx);
          const id = await events.insertOnce(base);
          if (id === null) return { status: 'duplicate' as const };
          const outcome = await handle(trx, effects, event);
          await events.update(id, {
            payment_id: outcome.paymentId,
            outcome: outcome.outcome,
            flag: outcome.flag,
            detail: outcome.detail,
          });
          return { status: outcome.outcome };
        });
      } catch (error) {
        // The student paid but access could not be granted (the workshop filled up): keep the event,
        // flagged, for the office to place or refund the student.
        if (!(error instanceof BusinessError)) throw error;
        const stored = await inTransaction(db, async (trx) => {
          const payment = ids.order ? await createPaymentRepository(trx).findByOrderId(ids.order) : undefined;
          return createGatewayEventRepository(trx).insertOnce({
            ...base,
            payment_id: payment?.id ?? null,
            outcome: 'flagged',
            flag: 'not_granted',
            detail: `Captured, but access could not be granted: ${error.error}`,
          });
        });
        return { status: stored === null ? 'duplicate' : 'flagged' };
      }
    },
  };
}
export type GatewayEventService = ReturnType<typeof createGatewayEventService>;
