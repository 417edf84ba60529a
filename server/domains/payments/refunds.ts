import type { z } from 'zod';
import { SERVER_MESSAGES, type Payment, RefundInput } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { RefundRow, UserRow } from '../../platform/db/schema.ts';
import { GatewayError, type GatewayRefund, type PaymentGateway } from './gateway/port.ts';
import { BusinessError, notFound, ServiceUnavailable } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import type { PaymentEffects } from './effects.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { cancelEnrollment, findEnrollmentForCourse, findEnrollmentRow, holdEnrollment } from '../enrollments/index.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { createRefundRepository } from './repositories/refunds.ts';
import { releaseWorkshopSeat } from '../catalogue/index.ts';
import { batchSeatFollowsAccess } from '../batches/service.ts';
import { givesAccess } from '../enrollments/service.ts';
import { cancelOpenInstalments } from '../pricing/index.ts';
import { toPayment } from './present.ts';
import { paiseToRupees, paymentTotalPaise, rupeesToPaise } from '../../../contract/money.ts';

/** A refund in paise (rows from before migration 023 hold whole rupees only). */
export const refundPaise = (refund: Pick<RefundRow, 'amount' | 'amount_paise'>): number =>
  refund.amount_paise === null ? rupeesToPaise(refund.amount) : Number(refund.amount_paise);

/**
 * Refunds through the gateway (POST /api/admin/payments/{id}/refund/). Three steps: reserve a refund row
 * (unique per payment and Idempotency-Key, the amount checked against what is left while the payment row
 * is held), ask the gateway, then apply its answer. A second click with the same key gets the first
 * click's result; two different requests can never refund more than was paid.
 */

type Input = z.output<typeof RefundInput>;

/** Refund rows reach the webhook by the gateway's refund id, or before that by our receipt `refund_<id>`. */
export async function findRefund(trx: Db, refund: Pick<GatewayRefund, 'id' | 'receipt' | 'payment_id'>) {
  const refunds = createRefundRepository(trx);
  const byId = await refunds.findByGatewayId(refund.id);
  if (byId) return byId;
  const match = /^refund_(\d+)$/.exec(refund.receipt ?? '');
  if (!match) return undefined;
  const row = await refunds.findById(Number(match[1]));
  if (!row || row.gateway_refund_id !== null) return undefined;
  const payment = await createPaymentRepository(trx).findRow(row.payment_id);
  return payment?.gateway_payment_id === refund.payment_id ? row : undefined;
}

/**
 * Applies what the gateway says of one refund, in the caller's transaction: the first word (the refund
 * call's answer or a webhook, whichever lands first) counts the amount as refunded unless it failed; a
 * later failure gives it back. A refund never leaves `failed`, nor goes from `processed` back to pending.
 * Answers whether anything changed.
 */
export async function applyGatewayRefund(
  trx: Db,
  effects: PaymentEffects,
  refundId: number,
  gatewayRefund: { id: string; status: RefundRow['status'] },
): Promise<boolean> {
  const payments = createPaymentRepository(trx);
  const refunds = createRefundRepository(trx);
  const first = await refunds.findById(refundId);
  if (!first) return false;
  await payments.hold(first.payment_id);
  const refund = (await refunds.findById(refundId))!;
  const payment = (await payments.findRow(refund.payment_id))!;
  const now = nowIso();
  const counted = refund.gateway_refund_id !== null && refund.status !== 'failed';
  let status = refund.status;
  if (refund.status !== 'failed' && !(refund.status === 'processed' && gatewayRefund.status === 'pending')) {
    status = gatewayRefund.status;
  }
  const countsNow = status !== 'failed';
  if (status === refund.status && refund.gateway_refund_id !== null) return false;
  // Counted in paise of what was charged; `refunded_amount` keeps its list-price share (whole rupees).
  const sign = !counted && countsNow ? 1 : counted && !countsNow ? -1 : 0;
  // The payment before the refund: the kept totals then lock in the order every payment change locks them.
  if (sign !== 0) {
    const refundedPaise = Number(payment.refunded_paise) + sign * refundPaise(refund);
    const full = refundedPaise >= paymentTotalPaise(payment);
    await payments.update(payment.id, {
      refunded_amount: payment.refunded_amount + sign * refund.amount,
      refunded_paise: refundedPaise,
      status: full ? 'refunded' : payment.status === 'refunded' ? 'completed' : payment.status,
      updated_at: now,
    });
  }
  await refunds.update(refund.id, { status, gateway_refund_id: gatewayRefund.id, updated_at: now });
  // The first time the gateway accepts a refund, its credit note and email commit with it (once per refund).
  if (!counted && countsNow) {
    await effects.refunded(trx, {
      paymentId: payment.id,
      refundId: refund.id,
      amountPaise: refundPaise(refund),
    });
  }
  return true;
}

function gatewayStatus(refund: GatewayRefund): RefundRow['status'] {
  return refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
}

export function createRefundService(db: Db, gateway: PaymentGateway, effects: PaymentEffects) {
  async function view(id: number): Promise<Payment> {
    const row = await createPaymentRepository(db).findView(id);
    if (!row) throw notFound();
    return toPayment(row);
  }

  return {
    async refund(admin: UserRow, paymentId: number, input: Input, key: string | undefined): Promise<Payment> {
      if (!key || key.length > 100) throw new BusinessError(SERVER_MESSAGES.refundKeyRequired);
      const reserved = await inTransaction(db, async (trx) => {
        const payments = createPaymentRepository(trx);
        const refunds = createRefundRepository(trx);
        if (!(await payments.hold(paymentId))) throw notFound();
        const existing = await refunds.findByKey(paymentId, key);
        if (existing) return { existing, created: null };
        const payment = (await payments.findRow(paymentId))!;
        if (payment.status === 'refunded') throw new BusinessError(SERVER_MESSAGES.refundTooMuch);
        if (payment.status !== 'completed') throw new BusinessError(SERVER_MESSAGES.refundNotCompleted);
        if (!payment.gateway_payment_id) throw new BusinessError(SERVER_MESSAGES.refundNoGatewayPayment);
        // In paise of what was charged (tax included, discount net), never the list price (issue 32).
        const done = await refunds.notFailed(paymentId);
        const charged = paymentTotalPaise(payment);
        const left = charged - done.reduce((sum, r) => sum + refundPaise(r), 0);
        const amountPaise = input.amount === null ? left : rupeesToPaise(input.amount);
        if (amountPaise <= 0 || amountPaise > left) {
          const most = paiseToRupees(Math.max(left, 0));
          throw new BusinessError(`${SERVER_MESSAGES.refundTooMuch} At most ₹${most} can be refunded.`);
        }
        // Its share of the price after the discount, in whole rupees (revenue's refunded, decision 066: net is
        // gross less discounts less refunds): all that is left when it refunds the rest, so a full refund nets
        // the payment's revenue to nothing.
        const price = Math.max(payment.amount - Math.round(paiseToRupees(payment.discount_paise ?? 0)), 0);
        const listLeft = Math.max(price - done.reduce((sum, r) => sum + r.amount, 0), 0);
        const amount =
          amountPaise === left ? listLeft : Math.min(listLeft, Math.round((amountPaise * price) / charged));
        const now = nowIso();
        const id = await refunds.insert({
          payment_id: paymentId,
          idempotency_key: key,
          amount,
          amount_paise: amountPaise,
          reason: input.reason,
          revoke_access: input.revoke_access ? 1 : 0,
          status: 'pending',
          gateway_refund_id: null,
          error: '',
          created_by: admin.id,
          created_at: now,
          updated_at: now,
        });
        return {
          existing: null,
          created: { id, amount, amountPaise, gatewayPaymentId: payment.gateway_payment_id },
        };
      });
      // A second click: the first click's outcome (or its progress).
      if (reserved.existing) {
        if (reserved.existing.status === 'failed' && reserved.existing.error) {
          throw new BusinessError(reserved.existing.error);
        }
        return view(paymentId);
      }

      const { id, amount, amountPaise, gatewayPaymentId } = reserved.created!;
      let answer: GatewayRefund;
      try {
        answer = await gateway.refund(gatewayPaymentId, {
          amount: amountPaise,
          receipt: `refund_${id}`,
          notes: { payment_id: String(paymentId), reason: input.reason.slice(0, 250) },
        });
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        const message =
          error.kind === 'rejected'
            ? error.message
            : 'The payment gateway did not answer, so the refund may or may not have been made. Check the Razorpay dashboard before trying again.';
        await inTransaction(db, (trx) =>
          createRefundRepository(trx).update(id, { status: 'failed', error: message, updated_at: nowIso() }),
        );
        if (error.kind === 'rejected') throw new BusinessError(message);
        throw new ServiceUnavailable(message);
      }

      await inTransaction(db, async (trx) => {
        const payments = createPaymentRepository(trx);
        const before = (await payments.findRow(paymentId))!;
        await applyGatewayRefund(trx, effects, id, { id: answer.id, status: gatewayStatus(answer) });
        const after = (await payments.findRow(paymentId))!;
        let revoked = false;
        if (input.revoke_access) {
          const enrollment = await findEnrollmentForCourse(
            trx,
            before.student_id,
            before.course_type,
            before.course_id,
          );
          if (enrollment && (await holdEnrollment(trx, enrollment.id))) {
            const current = (await findEnrollmentRow(trx, enrollment.id))!;
            if (givesAccess(current)) {
              if (current.course_type === 'workshop') {
                await releaseWorkshopSeat(trx, current.course_id);
              }
              await batchSeatFollowsAccess(trx, current, true, false);
              await cancelEnrollment(trx, current.id, nowIso());
              // Paid in instalments (decision record 054): the dues still open end with it.
              await cancelOpenInstalments(trx, current.id);
              revoked = true;
            }
          }
        }
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'refund',
          entity: 'payment',
          entityId: paymentId,
          changes: {
            refunded_amount: { from: before.refunded_amount, to: after.refunded_amount },
            ...(before.status !== after.status ? { status: { from: before.status, to: after.status } } : {}),
            refunded_paise: { from: before.refunded_paise, to: after.refunded_paise },
            refund: {
              from: null,
              to: { id, amount, amount_paise: amountPaise, gateway_refund_id: answer.id, reason: input.reason },
            },
            access: { from: 'kept', to: revoked ? 'revoked' : 'kept' },
          },
        });
      });
      return view(paymentId);
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
