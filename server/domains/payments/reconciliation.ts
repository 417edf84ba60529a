import type { z } from 'zod';
import {
  SERVER_MESSAGES,
  SETTLEMENT_MESSAGES,
  type FlaggedEvent,
  type Reconciliation,
  ReconciliationActionInput,
  type SyncResult,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { GatewayEventRow, UserRow } from '../../platform/db/schema.ts';
import { GatewayError, type PaymentGateway } from './gateway/port.ts';
import { BusinessError, notFound, ServiceUnavailable } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createGatewayEventRepository } from './repositories/gateway-events.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { grantEnrollment } from '../enrollments/service.ts';
import { capturedInFull, recordFinding, settleCaptured } from './settlement.ts';
import { toPayment } from './present.ts';
import type { PaymentEffects } from './effects.ts';
import type { RefundService } from './refunds.ts';

/**
 * The office's view of money that does not add up (GET /api/admin/reconciliation/): every flagged gateway
 * event and every pending payment older than 30 minutes; each flagged event is granted, refunded or
 * marked resolved with a note (audited); Sync asks the gateway about pending payments (a missed webhook).
 */

type Action = z.output<typeof ReconciliationActionInput>;

export const STALE_PENDING_MINUTES = 30;

export function toFlaggedEvent(row: GatewayEventRow): FlaggedEvent {
  return {
    id: row.id,
    event: row.event,
    source: row.source,
    flag: row.flag!,
    detail: row.detail,
    gateway_order_id: row.gateway_order_id,
    gateway_payment_id: row.gateway_payment_id,
    payment_id: row.payment_id,
    amount_paise: row.amount,
    created_at: row.created_at,
    resolved_at: row.resolved_at,
    resolution: row.resolution,
    resolution_note: row.resolution_note,
  };
}

export function createReconciliationService(
  db: Db,
  gateway: PaymentGateway,
  refunds: RefundService,
  effects: PaymentEffects,
) {
  async function close(
    admin: UserRow,
    event: GatewayEventRow,
    resolution: 'granted' | 'refunded' | 'resolved',
    note: string,
    extra: Record<string, unknown> = {},
  ) {
    return inTransaction(db, async (trx) => {
      const done = await createGatewayEventRepository(trx).resolveIfOpen(event.id, {
        resolved_at: nowIso(),
        resolved_by: admin.id,
        resolution,
        resolution_note: note,
      });
      if (!done) throw new BusinessError(SERVER_MESSAGES.reconciliationResolved);
      await createAuditRepository(trx).record({
        actorId: admin.id,
        action: 'reconcile',
        entity: 'gateway_event',
        entityId: event.id,
        changes: { resolution: { from: null, to: resolution }, note: { from: '', to: note }, ...extra },
      });
    });
  }

  /** The gateway's word on the event's capture (its amount and currency), for a grant. */
  async function captureOf(event: GatewayEventRow) {
    if (!event.gateway_payment_id) throw new BusinessError(SERVER_MESSAGES.reconciliationNoPayment);
    try {
      return await gateway.fetchPayment(event.gateway_payment_id);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.kind === 'rejected') throw new BusinessError(error.message);
      throw new ServiceUnavailable(SERVER_MESSAGES.gatewayUnavailable);
    }
  }

  return {
    async overview(): Promise<Reconciliation> {
      const before = new Date(Date.now() - STALE_PENDING_MINUTES * 60_000).toISOString();
      const [flagged, pending] = await Promise.all([
        createGatewayEventRepository(db).listFlagged(),
        createPaymentRepository(db).listPendingBefore(before),
      ]);
      return { flagged: flagged.map(toFlaggedEvent), stale_pending: pending.map(toPayment) };
    },

    async act(admin: UserRow, eventId: number, input: Action): Promise<FlaggedEvent> {
      const event = await createGatewayEventRepository(db).findById(eventId);
      if (!event || !event.flag) throw notFound();
      if (event.resolved_at) throw new BusinessError(SERVER_MESSAGES.reconciliationResolved);

      if (input.action === 'grant') {
        if (!event.payment_id) throw new BusinessError(SERVER_MESSAGES.reconciliationNoPayment);
        const payment = await createPaymentRepository(db).findRow(event.payment_id);
        if (!payment) throw notFound();
        // Not completed yet: completed only on a capture that carries what it grants (settlement.ts).
        const capture = payment.status !== 'completed' && payment.status !== 'refunded' ? await captureOf(event) : null;
        await inTransaction(db, async (trx) => {
          if (!capture) return void (await grantEnrollment(trx, payment));
          const settled = await settleCaptured(trx, effects, payment.id, capture, 'grant');
          if (settled.flag === 'amount_mismatch') throw new BusinessError(SETTLEMENT_MESSAGES.grantAmountMismatch);
          if (settled.enrollmentId === null) throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
        });
        await close(admin, event, 'granted', input.note, { payment: { from: null, to: event.payment_id } });
      } else if (input.action === 'refund') {
        const payment = event.payment_id ? await createPaymentRepository(db).findRow(event.payment_id) : undefined;
        if (
          payment &&
          payment.status === 'completed' &&
          (payment.gateway_payment_id === event.gateway_payment_id || event.gateway_payment_id === null)
        ) {
          await refunds.refund(
            admin,
            payment.id,
            { amount: null, reason: input.note, revoke_access: true },
            `reconcile-${event.id}`,
          );
        } else {
          // Money the gateway captured that no payment of ours took (unknown order, wrong amount, a second
          // capture): give it back at the gateway.
          if (!event.gateway_payment_id || !event.amount)
            throw new BusinessError(SERVER_MESSAGES.reconciliationNoPayment);
          try {
            await gateway.refund(event.gateway_payment_id, {
              amount: event.amount,
              receipt: `event_${event.id}`,
              notes: { reason: input.note.slice(0, 250) },
            });
          } catch (error) {
            if (!(error instanceof GatewayError)) throw error;
            if (error.kind === 'rejected') throw new BusinessError(error.message);
            throw new ServiceUnavailable(SERVER_MESSAGES.gatewayUnavailable);
          }
        }
        await close(admin, event, 'refunded', input.note, {
          refund: { from: null, to: { gateway_payment_id: event.gateway_payment_id, amount_paise: event.amount } },
        });
      } else {
        await close(admin, event, 'resolved', input.note);
      }
      return toFlaggedEvent((await createGatewayEventRepository(db).findById(eventId))!);
    },

    /** Asks the gateway about every pending payment's order; completes those it captured in full. */
    async sync(admin: UserRow): Promise<SyncResult> {
      const pending = await createPaymentRepository(db).listPendingBefore(nowIso());
      const result: SyncResult = { checked: 0, completed: 0, errors: [] };
      for (const payment of pending) {
        if (!payment.gateway_order_id) continue;
        result.checked++;
        let captured;
        try {
          // A capture of another amount is judged (and flagged) by settlement, never completed.
          const payments = await gateway.fetchOrderPayments(payment.gateway_order_id);
          captured = payments.find((p) => capturedInFull(p, payment)) ?? payments.find((p) => p.status === 'captured');
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          result.errors.push(`Payment ${payment.id}: ${error.message}`);
          continue;
        }
        if (!captured) continue;
        try {
          const settled = await inTransaction(db, async (trx) => {
            const outcome = await settleCaptured(trx, effects, payment.id, captured, 'sync');
            if (outcome.flag) {
              await recordFinding(trx, {
                source: 'sync',
                event: 'sync.captured',
                flag: outcome.flag,
                detail: outcome.detail,
                gatewayOrderId: payment.gateway_order_id,
                gatewayPaymentId: captured.id,
                paymentId: payment.id,
                amount: captured.amount,
              });
            }
            return outcome;
          });
          if (settled.enrollmentId !== null && settled.outcome !== 'ignored') result.completed++;
        } catch (error) {
          if (!(error instanceof BusinessError)) throw error;
          result.errors.push(`Payment ${payment.id}: ${error.error}`);
        }
      }
      await inTransaction(db, (trx) =>
        createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'sync',
          entity: 'payment',
          entityId: null,
          changes: { checked: { from: null, to: result.checked }, completed: { from: null, to: result.completed } },
        }),
      );
      return result;
    },
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;
