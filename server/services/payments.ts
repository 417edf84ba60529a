import type { z } from 'zod';
import {
  priceSplit,
  SERVER_MESSAGES,
  type CourseType,
  type GatewayCheckout,
  type Payment,
  type PaymentCompletion,
  type PaymentStart,
  PaymentStartInput,
  PaymentVerifyInput,
  ResolveInput,
} from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { GatewayEventsTable, GatewayFlag, PaymentRow, UserRow } from '../db/schema.ts';
import { GatewayError, type PaymentGateway } from '../gateway/port.ts';
import { createGatewayEventRepository } from '../repositories/gateway-events.ts';
import { createAuditRepository } from '../repositories/audit.ts';
import { createCourseRepository } from '../repositories/courses.ts';
import { createEnrollmentRepository } from '../repositories/enrollments.ts';
import { createPaymentRepository } from '../repositories/payments.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { diff } from '../lib/diff.ts';
import { BusinessError, HttpError, notFound, ServiceUnavailable } from '../lib/errors.ts';
import { missingInvoiceSettings, type Config, type Institute } from '../config.ts';
import { nowIso } from '../lib/time.ts';
import { inTransaction } from '../lib/transaction.ts';
import { parse } from '../lib/validate.ts';
import type { PaymentEffects } from './completion-effects.ts';
import { enrollmentView, givesAccess, grantEnrollment } from './enrollments.ts';
import { toPayment } from './present.ts';
import { chooseBatch, isSeatRefusal } from './batches.ts';

/**
 * The payment rules: starting a payment, completing it, an administrator resolving it. Every change of a
 * payment's state happens in one transaction with its consequences (the enrollment, the seat, the audit
 * row); the guards that matter under concurrency are conditional UPDATEs and unique indexes, so they hold
 * on SQLite (one writer at a time) and on PostgreSQL (row locks, re-checked conditions) alike.
 */

type StartInput = z.output<typeof PaymentStartInput>;
type Resolve = z.output<typeof ResolveInput>;

/**
 * The one way a payment becomes completed, for students and administrators alike: the status moves
 * only if it is still what the caller read, and the enrollment is granted in the same transaction.
 * Answers the enrollment id, or null when another request changed the payment first.
 */
export async function completePayment(
  trx: Db,
  effects: PaymentEffects,
  payment: PaymentRow,
  extra: Partial<Pick<PaymentRow, 'admin_notes' | 'is_urgent'>> = {},
): Promise<number | null> {
  // One UPDATE (and so one move between the trigger-kept totals) before the enrollment is touched:
  // every transaction locks payment totals before enrollment totals, so they cannot deadlock.
  const moved = await createPaymentRepository(trx).markCompletedIf(payment.id, payment.status, nowIso(), extra);
  if (!moved) return null;
  const enrollmentId = await grantEnrollment(trx, payment);
  // The tax invoice and the confirmation email commit with the completion or not at all.
  await effects.completed(trx, payment.id);
  return enrollmentId;
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
  gatewayPaymentId: string,
  source: 'verify' | 'webhook' | 'sync' | 'complete',
): Promise<Settlement> {
  const payments = createPaymentRepository(trx);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await payments.findRow(paymentId);
    if (!row) throw notFound();
    if (row.status === 'completed' || row.status === 'refunded') {
      const other = row.gateway_payment_id !== null && row.gateway_payment_id !== gatewayPaymentId;
      if (row.status === 'completed' && row.gateway_payment_id === null) {
        await payments.update(row.id, { gateway_payment_id: gatewayPaymentId });
      }
      const enrollment = await createEnrollmentRepository(trx).findForCourse(
        row.student_id,
        row.course_type,
        row.course_id,
      );
      return other
        ? {
            enrollmentId: enrollment?.id ?? null,
            outcome: 'flagged',
            flag: 'paid_twice',
            detail: `Payment ${row.id} was already paid by ${row.gateway_payment_id}; ${gatewayPaymentId} captured too.`,
          }
        : { enrollmentId: enrollment?.id ?? null, outcome: 'ignored', flag: null, detail: 'Already completed.' };
    }
    let flag: GatewayFlag | null = null;
    if (row.status === 'cancelled') flag = 'capture_after_cancel';
    else if (row.status !== 'pending' && source !== 'verify' && source !== 'complete') flag = 'capture_after_failure';
    const enrolled = givesAccess(
      await createEnrollmentRepository(trx).findForCourse(row.student_id, row.course_type, row.course_id),
    );
    if (enrolled && !flag) flag = 'paid_twice';
    const enrollmentId = await completePayment(trx, effects, row);
    if (enrollmentId === null) continue; // changed under us: read it again
    await payments.update(row.id, { gateway_payment_id: gatewayPaymentId });
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

/** Any gateway trouble reaches the student as "try again", never as a 500. */
function gatewayTrouble(error: unknown): never {
  if (error instanceof GatewayError) throw new ServiceUnavailable(SERVER_MESSAGES.gatewayUnavailable);
  throw error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A claim on creating an order older than this belongs to a request that died. */
const ORDER_CLAIM_STALE_MS = 60_000;

function billingColumns(billing: StartInput['billing']) {
  return {
    billing_first_name: billing?.first_name ?? null,
    billing_last_name: billing?.last_name ?? null,
    billing_email: billing?.email ?? null,
    billing_phone: billing?.phone ?? null,
    billing_state_code: billing?.state_code ?? null,
    billing_address: billing?.address || null,
    billing_gstin: billing?.gstin ?? null,
    billing_gstin_name: billing?.gstin ? billing.gstin_name : null,
  };
}

/** What the gateway must capture for a payment, in paise: its total with GST (older rows: the price). */
export function paiseDue(payment: Pick<PaymentRow, 'amount' | 'total_paise'>): number {
  return payment.total_paise === null ? payment.amount * 100 : Number(payment.total_paise);
}

/** How a new payment is taxed: catalogue prices include GST or not, and the institute's state. */
export type PricingRules = { pricesIncludeGst: boolean; institute: Pick<Institute, 'stateCode'> & Partial<Institute> };

/** The amount charged in paise for a price, by the place of supply the billing details give. */
function totalPaise(rules: PricingRules, price: number, billing: StartInput['billing']): number {
  // The shared rule: the checkout shows exactly this total (contract/gst.ts).
  return priceSplit(
    price,
    { pricesIncludeGst: rules.pricesIncludeGst, instituteStateCode: rules.institute.stateCode },
    billing?.state_code,
  ).total;
}

async function paymentView(trx: Db, id: number): Promise<Payment> {
  const view = await createPaymentRepository(trx).findView(id);
  if (!view) throw notFound();
  return toPayment(view);
}

export type PaymentGatewayDeps = {
  gateway: PaymentGateway;
  /** The sandbox's checkout page when the local gateway stands in for Razorpay, else null. */
  sandboxCheckoutUrl: string | null;
  onGatewayError?: (error: GatewayError, what: string) => void;
  /** The invoice and emails that commit with a completion (completion-effects.ts). */
  effects: PaymentEffects;
};

export function createPaymentService(
  db: Db,
  deps: PaymentGatewayDeps & PricingRules & { config?: Pick<Config, 'institute'> },
) {
  const { gateway, effects } = deps;
  const rules: PricingRules = deps;
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

  /** The payment and its enrollment, for a payment the gateway has settled. */
  async function completion(paymentId: number, enrollmentId: number | null): Promise<PaymentCompletion> {
    const payment = await paymentView(db, paymentId);
    if (enrollmentId === null) throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
    return { payment, enrollment: await enrollmentView(db, enrollmentId) };
  }

  /** Completes on the gateway's proof; a paid workshop with no seat left is flagged for the office. */
  async function settle(
    payment: PaymentRow,
    gatewayPaymentId: string,
    source: 'verify' | 'complete',
  ): Promise<PaymentCompletion> {
    try {
      const settled = await inTransaction(db, async (trx) => {
        const result = await settleCaptured(trx, effects, payment.id, gatewayPaymentId, source);
        if (result.flag) {
          await recordFinding(trx, {
            source: 'verify',
            event: `checkout.${source}`,
            flag: result.flag,
            detail: result.detail,
            gatewayOrderId: payment.gateway_order_id,
            gatewayPaymentId,
            paymentId: payment.id,
            amount: paiseDue(payment),
          });
        }
        return result;
      });
      return await completion(payment.id, settled.enrollmentId);
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
            amount: paiseDue(payment),
          }),
        );
      }
      throw error;
    }
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
      const { payment, created } = await service.startRow(student, courseType, courseId, input);
      if (payment.status !== 'pending') return { payment: { ...payment, gateway: null }, created };
      const orderId = await ensureOrder(payment.id);
      const now = await paymentView(db, payment.id);
      return { payment: { ...now, gateway: orderId ? checkoutOf(now, orderId) : null }, created };
    },

    /** The pending payment (new, the one already pending, or a failed one reopened for a retry). */
    async startRow(student: UserRow, courseType: CourseType, courseId: number, input: StartInput) {
      try {
        return await inTransaction(db, async (trx) => {
          const courses = createCourseRepository(trx);
          await courses.hold(courseType, courseId);
          const course = await courses.findForPayment(courseType, courseId);
          if (!course || !course.is_active) throw notFound();
          const enrollment = await createEnrollmentRepository(trx).findForCourse(student.id, courseType, courseId);
          if (givesAccess(enrollment)) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
          // A workshop that has begun, or has no seat left, is refused before any payment exists
          // (and before a pending one is reused), so nobody fills in a card form for nothing.
          if (course.started) throw new BusinessError(SERVER_MESSAGES.workshopStarted);
          if (course.seatsFull) throw new BusinessError(SERVER_MESSAGES.workshopFull);
          // The batch (cohort) of a program: checked before any payment or gateway order exists.
          const batch = await chooseBatch(trx, courseType, courseId, input.batch);
          const payments = createPaymentRepository(trx);
          const pending = await payments.findPending(student.id, courseType, courseId);
          if (pending) {
            // Checkout (it sends billing details) after the dashboard's Pay: the same payment, with the
            // method and billing details just given. The dashboard's bare Pay changes nothing.
            if (batch !== null) await payments.update(pending.id, { batch_id: batch });
            if (input.billing) {
              await payments.update(pending.id, {
                payment_method: input.payment_method,
                ...billingColumns(input.billing),
                total_paise: totalPaise(rules, pending.amount, input.billing),
                updated_at: nowIso(),
              });
            }
            return { payment: await paymentView(trx, pending.id), created: false };
          }
          // A retry after a failed attempt: the same payment again, with its order (still payable).
          const failed = await payments.findLatestFailed(student.id, courseType, courseId);
          if (failed && (await payments.reopenIfFailed(failed.id, nowIso()))) {
            await payments.update(failed.id, { batch_id: batch });
            if (input.billing) {
              await payments.update(failed.id, {
                payment_method: input.payment_method,
                ...billingColumns(input.billing),
                total_paise: totalPaise(rules, failed.amount, input.billing),
              });
            }
            return { payment: await paymentView(trx, failed.id), created: false };
          }

          const now = nowIso();
          const free = course.price === 0;
          const id = await payments.insert({
            student_id: student.id,
            course_type: courseType,
            course_id: courseId,
            // Free workshops enroll at once: the payment is born completed, for nothing.
            status: free ? 'completed' : 'pending',
            amount: course.price,
            payment_method: input.payment_method,
            ...billingColumns(input.billing),
            total_paise: totalPaise(rules, course.price, input.billing),
            failure_reason: null,
            admin_notes: '',
            is_urgent: 0,
            created_at: now,
            completed_at: free ? now : null,
            updated_at: now,
            batch_id: batch,
          });
          // A racing request may have enrolled the student since the check above: refuse, roll back.
          if (free)
            await grantEnrollment(
              trx,
              { student_id: student.id, course_type: courseType, course_id: courseId },
              { refuseIfEnrolled: true },
            );
          return { payment: await paymentView(trx, id), created: true };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent request created the pending payment first: answer that one.
        const pending = await createPaymentRepository(db).findPending(student.id, courseType, courseId);
        if (pending) return { payment: await paymentView(db, pending.id), created: false };
        // Or it enrolled the student (a free workshop clicked twice).
        const enrollment = await createEnrollmentRepository(db).findForCourse(student.id, courseType, courseId);
        if (enrollment?.is_active) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
        throw error;
      }
    },

    /**
     * POST /classroom/payments/{id}/verify/ — the checkout's signed proof: HMAC-SHA256 of
     * `order_id|payment_id` with the key secret. Right: completed exactly as completion does; wrong: 400.
     */
    async verify(student: UserRow, paymentId: number, body: unknown): Promise<PaymentCompletion> {
      const payment = await ownPayment(student, paymentId);
      const input = parse(PaymentVerifyInput, body ?? {});
      if (!payment.gateway_order_id || input.razorpay_order_id !== payment.gateway_order_id) {
        throw new BusinessError(SERVER_MESSAGES.orderMismatch);
      }
      const valid = gateway.verifyPaymentSignature({
        orderId: payment.gateway_order_id,
        paymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
      });
      if (!valid) throw new BusinessError(SERVER_MESSAGES.signatureInvalid);
      return settle(payment, input.razorpay_payment_id, 'verify');
    },

    /**
     * POST /classroom/payments/{id}/complete/ — idempotent; only the payment's own student may call it. It
     * completes only when the gateway reports a captured payment of the full amount for the payment's
     * order; otherwise 400 and nothing changes.
     */
    async complete(student: UserRow, paymentId: number): Promise<PaymentCompletion> {
      const payment = await ownPayment(student, paymentId);
      if (payment.status === 'completed') {
        const enrollment = await createEnrollmentRepository(db).findForCourse(
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
        captured = (await gateway.fetchOrderPayments(payment.gateway_order_id)).find(
          (p) => p.status === 'captured' && p.amount === paiseDue(payment) && p.currency === 'INR',
        );
      } catch (error) {
        return report(error, 'fetch order payments');
      }
      if (!captured) throw new BusinessError(SERVER_MESSAGES.paymentNotReceived);
      return settle(payment, captured.id, 'complete');
    },

    /** POST /api/admin/payments/{id}/resolve/ — completed grants the enrollment by the same path as completion. */
    async resolve(admin: UserRow, paymentId: number, input: Resolve): Promise<Payment> {
      return inTransaction(db, async (trx) => {
        const payments = createPaymentRepository(trx);
        const before = await payments.findRow(paymentId);
        if (!before) throw notFound();
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
