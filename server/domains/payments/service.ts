import type { z } from 'zod';
import {
  SERVER_MESSAGES,
  type CourseType,
  type Payment,
  type PaymentCompletion,
  type PaymentStart,
  PaymentStartInput,
  PaymentVerifyInput,
  ResolveInput,
} from '../../../contract/index.ts';
import { refuseInstituteGstin } from '../billing/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { PaymentRow, UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import {
  type GuessLimits,
  holdsCouponUse,
  isCouponRefusal,
  openOwnInstalmentPayment,
  recordGuess,
  retakeCouponUse,
} from '../pricing/index.ts';
import { holdCourse } from '../catalogue/index.ts';
import { findEnrollmentForCourse } from '../enrollments/index.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { diff } from '../../platform/lib/diff.ts';
import { BusinessError, HttpError, notFound } from '../../platform/lib/errors.ts';
import { missingInvoiceSettings, type Config } from '../../config.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import type { PaymentEffects } from './effects.ts';
import { enrollmentView, grantEnrollment } from '../enrollments/service.ts';
import { createGatewayOrders, type GatewayOrderDeps } from './gateway-orders.ts';
import { openPayment, paymentView } from './start.ts';
import { toPayment } from './present.ts';
import type { PricingRules } from '../pricing/service.ts';
import { capturedInFull, completePayment, settleCheckout, type Capture } from './settlement.ts';

/**
 * The payment rules: starting a payment, completing it, an administrator resolving it. Every change of a
 * payment's state happens in one transaction with its consequences (the enrollment, the seat, the audit
 * row); the guards that matter under concurrency are conditional UPDATEs and unique indexes, so they hold
 * on SQLite (one writer at a time) and on PostgreSQL (row locks, re-checked conditions) alike.
 */

type StartInput = z.output<typeof PaymentStartInput>;
type Resolve = z.output<typeof ResolveInput>;
type VerifyInput = z.output<typeof PaymentVerifyInput>;

export type PaymentGatewayDeps = GatewayOrderDeps & {
  /** The invoice and emails that commit with a completion (payment-effects.ts). */
  effects: PaymentEffects;
};

export function createPaymentService(
  db: Db,
  deps: PaymentGatewayDeps & PricingRules & { config?: Pick<Config, 'institute'> & Partial<GuessLimits> },
) {
  const { gateway, effects } = deps;
  const rules: PricingRules = deps;
  const { ensureOrder, checkoutOf, report } = createGatewayOrders(db, deps);

  /** The payment and its enrollment, for a payment the gateway has settled. */
  async function completion(paymentId: number, enrollmentId: number | null): Promise<PaymentCompletion> {
    const payment = await paymentView(db, paymentId);
    if (enrollmentId === null) throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
    return { payment, enrollment: await enrollmentView(db, enrollmentId) };
  }

  /** Completes on the gateway's proof (settlement.ts), answering the payment and its enrollment. */
  async function settle(
    payment: PaymentRow,
    capture: Capture,
    source: 'verify' | 'complete',
  ): Promise<PaymentCompletion> {
    const enrollmentId = await settleCheckout(db, effects, payment, capture, source);
    return completion(payment.id, enrollmentId);
  }

  /** A pending payment as the student's start answers it: with its one live gateway order (none without one). */
  async function withLiveOrder(paymentId: number): Promise<PaymentStart> {
    const orderId = await ensureOrder(paymentId);
    const now = await paymentView(db, paymentId);
    return { ...now, gateway: orderId ? checkoutOf(now, orderId) : null };
  }

  async function ownPayment(student: UserRow, paymentId: number): Promise<PaymentRow> {
    const payment = await createPaymentRepository(db).findRow(paymentId);
    if (!payment || payment.student_id !== student.id) throw notFound();
    return payment;
  }

  const service = {
    /**
     * POST /classroom/{programs|workshops}/{id}/payment/ — answers the payment with its live gateway order
     * (none for a free workshop) and whether it is new.
     */
    async start(
      student: UserRow,
      courseType: CourseType,
      courseId: number,
      input: StartInput,
    ): Promise<{ payment: PaymentStart; created: boolean }> {
      // Every completed payment needs a tax invoice: without the institute's details, no payment starts.
      const missing = deps.config ? missingInvoiceSettings(deps.config) : [];
      if (missing.length) {
        throw new HttpError(
          503,
          `Payments are not available yet: the institute's invoice details are missing (${missing.join(', ')}).`,
        );
      }
      refuseInstituteGstin(input.billing, deps.config?.institute.gstin);
      // A code given counts as a guess until it applies, as at the checkout's Apply (decision record 053).
      const limits = deps.config;
      const guess =
        input.coupon?.trim() && limits?.loginMaxFailuresPerAccountAddress && limits.loginWindowSeconds
          ? await recordGuess(db, limits as GuessLimits, student.id)
          : null;
      let opened;
      try {
        opened = await openPayment(db, rules, student, courseType, courseId, input, effects);
      } catch (error) {
        if (!isCouponRefusal(error)) await guess?.release();
        throw error;
      }
      await guess?.release();
      const { payment, created } = opened;
      if (payment.status !== 'pending') return { payment: { ...payment, gateway: null }, created };
      return { payment: await withLiveOrder(payment.id), created };
    },

    /**
     * POST /classroom/instalments/{id}/payment/ — a later instalment's pending payment (pricing opens it: the
     * one already there, reopened after a failure, or a new one at the instalment's charge) with its live
     * gateway order, and whether it is new. An instalment on another student's enrollment is 404.
     */
    async startInstalment(
      student: UserRow,
      instalmentId: number,
    ): Promise<{ payment: PaymentStart; created: boolean }> {
      const { id, created } = await openOwnInstalmentPayment(db, rules, student.id, instalmentId);
      return { payment: await withLiveOrder(id), created };
    },

    /**
     * POST /classroom/payments/{id}/verify/ — the checkout's signed proof: HMAC-SHA256 of
     * `order_id|payment_id` with the key secret. Right, and the gateway's capture of this order carries
     * what the payment grants (settlement.ts): completed exactly as completion does; otherwise 400.
     */
    async verify(student: UserRow, paymentId: number, input: VerifyInput): Promise<PaymentCompletion> {
      const payment = await ownPayment(student, paymentId);
      if (!payment.gateway_order_id || input.razorpay_order_id !== payment.gateway_order_id) {
        throw new BusinessError(SERVER_MESSAGES.orderMismatch);
      }
      const valid = gateway.verifyPaymentSignature({
        orderId: payment.gateway_order_id,
        paymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
      });
      if (!valid) throw new BusinessError(SERVER_MESSAGES.signatureInvalid);
      // What was captured, as the gateway says it (the signature proves the payment, not its amount).
      let capture;
      try {
        capture = await gateway.fetchPayment(input.razorpay_payment_id);
      } catch (error) {
        return report(error, 'fetch payment');
      }
      if (capture.order_id !== payment.gateway_order_id) throw new BusinessError(SERVER_MESSAGES.orderMismatch);
      if (capture.status !== 'captured' && capture.status !== 'authorized') {
        throw new BusinessError(SERVER_MESSAGES.paymentNotReceived);
      }
      return settle(payment, capture, 'verify');
    },

    /**
     * POST /classroom/payments/{id}/complete/ — idempotent; only the payment's own student may call it. It
     * completes only when the gateway reports a captured payment of the full amount for the payment's
     * order; otherwise 400 and nothing changes.
     */
    async complete(student: UserRow, paymentId: number): Promise<PaymentCompletion> {
      const payment = await ownPayment(student, paymentId);
      if (payment.status === 'completed') {
        const enrollment = await findEnrollmentForCourse(
          db,
          payment.student_id,
          payment.course_type,
          payment.course_id,
        );
        if (enrollment) return completion(payment.id, enrollment.id);
      }
      // As before the gateway: only a pending payment completes here (a failed one is retried by Pay).
      if (payment.status !== 'pending') throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
      if (!payment.gateway_order_id) throw new BusinessError(SERVER_MESSAGES.paymentNotReceived);
      let captured;
      try {
        captured = (await gateway.fetchOrderPayments(payment.gateway_order_id)).find((p) => capturedInFull(p, payment));
      } catch (error) {
        return report(error, 'fetch order payments');
      }
      if (!captured) throw new BusinessError(SERVER_MESSAGES.paymentNotReceived);
      return settle(payment, captured, 'complete');
    },

    /** POST /api/admin/payments/{id}/resolve/ — completed grants the enrollment by the same path as completion. */
    async resolve(admin: UserRow, paymentId: number, input: Resolve): Promise<Payment> {
      return inTransaction(db, async (trx) => {
        const payments = createPaymentRepository(trx);
        const before = await payments.findRow(paymentId);
        if (!before) throw notFound();
        // Back to a status that holds the coupon's use: only within its limits (decision record 053).
        if (before.coupon_id !== null && !holdsCouponUse(before.status) && holdsCouponUse(input.status)) {
          await holdCourse(trx, before.course_type, before.course_id);
          await retakeCouponUse(trx, before);
        }
        const now = nowIso();
        const after = {
          status: input.status,
          admin_notes: input.admin_notes,
          failure_reason: input.status === 'completed' ? null : input.failure_reason,
          is_urgent: input.is_urgent ? 1 : 0,
          updated_at: now,
          completed_at: input.status === 'completed' ? (before.completed_at ?? now) : before.completed_at,
        };
        // To completed: granted exactly as a student's completion grants it.
        let transitioned = false;
        if (input.status === 'completed' && before.status !== 'completed') {
          transitioned =
            (await completePayment(trx, effects, before, {
              admin_notes: after.admin_notes,
              is_urgent: after.is_urgent,
            })) !== null;
          // A racing request changed the payment first: fine if it completed it, else refuse.
          if (!transitioned && (await payments.findRow(paymentId))?.status !== 'completed') {
            throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
          }
        }
        if (!transitioned) {
          await payments.update(paymentId, after);
          // Completed already: make sure the access it paid for exists.
          if (input.status === 'completed') await grantEnrollment(trx, before);
        }
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'resolve',
          entity: 'payment',
          entityId: paymentId,
          changes: diff(before, after),
        });
        return paymentView(trx, paymentId);
      });
    },

    /** The student's own payments, newest first. */
    async listForStudent(student: UserRow): Promise<Payment[]> {
      return (await createPaymentRepository(db).listForStudent(student.id)).map(toPayment);
    },
  };
  return service;
}
export type PaymentService = ReturnType<typeof createPaymentService>;
