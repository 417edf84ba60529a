import { SERVER_MESSAGES, SETTLEMENT_MESSAGES } from '../../../contract/index.ts';
import { paymentTotalPaise } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { GatewayEventsTable, GatewayFlag, PaymentRow } from '../../platform/db/schema.ts';
import type { GatewayPayment } from './gateway/port.ts';
import { findEnrollmentForCourse } from '../enrollments/index.ts';
import { createGatewayEventRepository } from './repositories/gateway-events.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { givesAccess, grantEnrollment } from '../enrollments/service.ts';
import type { PaymentEffects } from './effects.ts';
import { isSeatRefusal } from '../batches/service.ts';
import { refuseEndedEnrollment } from '../pricing/index.ts';

/**
 * Settlement: the one place where a payment becomes completed and where a capture the gateway reports is
 * judged and applied, whoever brings the news (the student's checkout proof, Complete Payment, the
 * gateway's webhook, the office's sync). Every change happens in the caller's transaction with its
 * consequences (the enrollment, the seat, the invoice and email through `effects`); the guards that matter
 * under concurrency are conditional UPDATEs and unique indexes, so they hold on SQLite and PostgreSQL alike.
 */

/** What the gateway must capture for a payment, in paise: its total with GST (older rows: the price). */
export function paiseDue(payment: Pick<PaymentRow, 'amount' | 'total_paise'>): number {
  return paymentTotalPaise(payment);
}

/** What the gateway says was paid for a payment: its id, its order, the amount in paise and the currency. */
export type Capture = Pick<GatewayPayment, 'id' | 'order_id' | 'amount' | 'currency'>;

/**
 * The amount matching (decision record 062): a capture completes a payment only when it carries exactly
 * what the payment grants, in paise, in INR. /verify, Complete Payment, the webhook, Sync and
 * Reconciliation's grant all judge it here (settleCaptured), against the payment as it stands in the
 * settling transaction, so a re-price between the checkout and its proof is caught too.
 */
export function coversInFull(
  capture: Pick<GatewayPayment, 'amount' | 'currency'>,
  payment: Pick<PaymentRow, 'amount' | 'total_paise'>,
): boolean {
  return capture.amount === paiseDue(payment) && capture.currency === 'INR';
}

/** "Captured, in full, in INR": the gateway's record of a payment that completes ours. */
export function capturedInFull(
  capture: Pick<GatewayPayment, 'status' | 'amount' | 'currency'>,
  payment: Pick<PaymentRow, 'amount' | 'total_paise'>,
): boolean {
  return capture.status === 'captured' && coversInFull(capture, payment);
}

/** The office's flag for a capture that does not pay what the payment grants (never completed). */
function mismatch(capture: Capture, payment: PaymentRow): Settlement {
  return {
    enrollmentId: null,
    outcome: 'flagged',
    flag: 'amount_mismatch',
    detail:
      `Captured ${capture.amount} ${capture.currency} paise (${capture.id}) for payment ${payment.id}, ` +
      `which grants access for ${paiseDue(payment)} INR paise: not completed, no access given.`,
  };
}

/**
 * The one way a payment becomes completed, for students and administrators alike: the status moves
 * only if it is still what the caller read, and the enrollment is granted in the same transaction.
 * Answers the enrollment id, or null when another request changed the payment first.
 */
export async function completePayment(
  trx: Db,
  effects: PaymentEffects,
  payment: PaymentRow,
  extra: Partial<Pick<PaymentRow, 'admin_notes' | 'is_urgent' | 'gateway_payment_id'>> = {},
  options: { refuseIfEnrolled?: boolean } = {},
): Promise<number | null> {
  // An instalment of an enrollment that ended is never paid into it (it would give access back).
  if (payment.instalment_id !== null) await refuseEndedEnrollment(trx, payment.instalment_id);
  // One UPDATE (and so one move between the trigger-kept totals) before the enrollment is touched:
  // every transaction locks payment totals before enrollment totals, so they cannot deadlock.
  const moved = await createPaymentRepository(trx).markCompletedIf(payment.id, payment.status, nowIso(), extra);
  if (!moved) return null;
  const enrollmentId = await grantEnrollment(trx, payment, options);
  // The tax invoice and the confirmation email commit with the completion or not at all.
  await effects.completed(trx, payment.id);
  return enrollmentId;
}

/**
 * A pending payment of nothing (a free workshop, or a course its discount made free) is completed at once,
 * through completePayment like every other: its enrollment, batch seat, "enrolled into a batch" email and
 * notifications commit with it (no invoice for ₹0). A student enrolled meanwhile by a racing request is
 * refused (the caller's transaction rolls back). Answers whether it completed the payment.
 */
export async function completeIfFree(trx: Db, effects: PaymentEffects, paymentId: number): Promise<boolean> {
  const payment = await createPaymentRepository(trx).findRow(paymentId);
  if (!payment || payment.status !== 'pending' || paymentTotalPaise(payment) > 0) return false;
  return (await completePayment(trx, effects, payment, {}, { refuseIfEnrolled: true })) !== null;
}

/** What a payment's completion on the gateway's word did: the enrollment, and what the office must see. */
export type Settlement = {
  enrollmentId: number | null;
  outcome: 'processed' | 'ignored' | 'flagged';
  flag: GatewayFlag | null;
  detail: string;
};

/**
 * Completes a payment the gateway has proven paid (a verified checkout signature, a signed capture
 * webhook, or the gateway's own answer), in the caller's transaction, through completePayment. A payment
 * that failed or was cancelled is completed all the same (the student paid) and, for the gateway's own
 * reports, flagged for the office; a second capture for a completed payment is flagged, never applied.
 */
export async function settleCaptured(
  trx: Db,
  effects: PaymentEffects,
  paymentId: number,
  capture: Capture,
  source: 'verify' | 'webhook' | 'sync' | 'complete' | 'grant',
): Promise<Settlement> {
  const gatewayPaymentId = capture.id;
  const payments = createPaymentRepository(trx);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await payments.findRow(paymentId);
    if (!row) throw notFound();
    if (row.status === 'completed' || row.status === 'refunded') {
      const other = row.gateway_payment_id !== null && row.gateway_payment_id !== gatewayPaymentId;
      if (row.status === 'completed' && row.gateway_payment_id === null) {
        await payments.update(row.id, { gateway_payment_id: gatewayPaymentId });
      }
      const enrollment = await findEnrollmentForCourse(trx, row.student_id, row.course_type, row.course_id);
      return other
        ? {
            enrollmentId: enrollment?.id ?? null,
            outcome: 'flagged',
            flag: 'paid_twice',
            detail: `Payment ${row.id} was already paid by ${row.gateway_payment_id}; ${gatewayPaymentId} captured too.`,
          }
        : { enrollmentId: enrollment?.id ?? null, outcome: 'ignored', flag: null, detail: 'Already completed.' };
    }
    // Read in this transaction: a re-price since the checkout (or a wrong capture) never grants access.
    if (!coversInFull(capture, row)) return mismatch(capture, row);
    let flag: GatewayFlag | null = null;
    if (row.status === 'cancelled') flag = 'capture_after_cancel';
    else if (row.status !== 'pending' && (source === 'webhook' || source === 'sync')) flag = 'capture_after_failure';
    const enrolled = givesAccess(await findEnrollmentForCourse(trx, row.student_id, row.course_type, row.course_id));
    // An instalment (decision record 054) is paid while enrolled, by design: not a second payment.
    if (enrolled && !flag && row.instalment_id === null) flag = 'paid_twice';
    // The gateway's payment id is written with the completion, so the invoice it issues names it.
    const enrollmentId = await completePayment(trx, effects, row, { gateway_payment_id: gatewayPaymentId });
    if (enrollmentId === null) continue; // changed under us: read it again
    const details: Record<GatewayFlag, string> = {
      capture_after_cancel: `Payment ${row.id} was cancelled, then captured: completed, access granted.`,
      capture_after_failure: `Payment ${row.id} was ${row.status}, then captured: completed, access granted.`,
      paid_twice: `Payment ${row.id} captured while the student already had access: a second payment for one course.`,
      unknown_order: '',
      amount_mismatch: '',
      not_granted: '',
      refund_failed: '',
      unknown_refund: '',
    };
    return flag
      ? { enrollmentId, outcome: 'flagged', flag, detail: details[flag] }
      : { enrollmentId, outcome: 'processed', flag: null, detail: `Payment ${row.id} completed.` };
  }
  throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
}

/** Records a finding of our own (a verify or a sync) for the office, once per gateway payment. */
export async function recordFinding(
  trx: Db,
  values: Pick<GatewayEventsTable, 'source' | 'event' | 'flag' | 'detail'> & {
    gatewayOrderId: string | null;
    gatewayPaymentId: string;
    paymentId: number | null;
    amount: number | null;
  },
): Promise<void> {
  await createGatewayEventRepository(trx).insertOnce({
    event_id: `${values.source}:${values.gatewayPaymentId}:${values.flag}`,
    source: values.source,
    event: values.event,
    gateway_order_id: values.gatewayOrderId,
    gateway_payment_id: values.gatewayPaymentId,
    payment_id: values.paymentId,
    amount: values.amount,
    outcome: 'flagged',
    flag: values.flag,
    detail: values.detail,
    payload: '',
    resolved_at: null,
    resolved_by: null,
    resolution: null,
    resolution_note: '',
    created_at: nowIso(),
  });
}

/**
 * Completes a payment on the checkout's proof (a verified signature, or the gateway's answer to Complete
 * Payment) in its own transaction; a finding (paid twice, captured after a cancel) is recorded for the
 * office, and a paid workshop with no seat left is flagged before the refusal reaches the student.
 * Answers the enrollment id (null: another request changed the payment first).
 */
export async function settleCheckout(
  db: Db,
  effects: PaymentEffects,
  payment: PaymentRow,
  capture: Capture,
  source: 'verify' | 'complete',
): Promise<number | null> {
  const gatewayPaymentId = capture.id;
  try {
    const settled = await inTransaction(db, async (trx) => {
      const result = await settleCaptured(trx, effects, payment.id, capture, source);
      if (result.flag) {
        await recordFinding(trx, {
          source: 'verify',
          event: `checkout.${source}`,
          flag: result.flag,
          detail: result.detail,
          gatewayOrderId: payment.gateway_order_id,
          gatewayPaymentId,
          paymentId: payment.id,
          amount: capture.amount,
        });
      }
      return result;
    });
    // Flagged for the office in the transaction above; the student learns why nothing was granted.
    if (settled.flag === 'amount_mismatch') throw new BusinessError(SETTLEMENT_MESSAGES.amountMismatch);
    return settled.enrollmentId;
  } catch (error) {
    if (isSeatRefusal(error, SERVER_MESSAGES.workshopFull)) {
      await inTransaction(db, (trx) =>
        recordFinding(trx, {
          source: 'verify',
          event: `checkout.${source}`,
          flag: 'not_granted',
          detail: `Payment ${payment.id} was paid (${gatewayPaymentId}) but ${(error as BusinessError).error}`,
          gatewayOrderId: payment.gateway_order_id,
          gatewayPaymentId,
          paymentId: payment.id,
          amount: capture.amount,
        }),
      );
    }
    throw error;
  }
}
