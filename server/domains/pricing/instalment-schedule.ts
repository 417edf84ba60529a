import {
  addDays,
  INSTALMENT_MESSAGES,
  planDiscountShares,
  instalmentStatus,
  istToday,
  type Instalment,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { InstalmentPlanRow, InstalmentRow, PaymentRow } from '../../platform/db/schema.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { couponRepository } from './repositories/coupons.ts';
import { findEnrollmentForCourse, findEnrollmentRow } from '../enrollments/index.ts';
import { createInstalmentRepository } from './repositories/instalments.ts';
import {
  findPaymentRow,
  insertInstalmentPayment,
  linkPaymentToInstalment,
  reopenPaymentIfFailed,
} from '../payments/index.ts';
import { planSteps } from './instalment-plans.ts';
import { quoteForCourse, type PricingRules } from './service.ts';

/**
 * An enrollment's instalments (decision record 054): the schedule made when its first instalment is paid
 * (in that payment's transaction: payment-effects.ts), each instalment's charge (its share of the plan's
 * discount off), the pending payment of a later one (a payment like any other, linked to its instalment),
 * and the cancellation of the open dues when a refund ends the enrollment.
 */

/**
 * The shares of the discount the first payment of a plan was quoted with: its coupon or scholarship
 * decided again on the plan's total when the schedule is made (the first share is what that payment
 * took; the coupon row is the one the payment held).
 */
async function scheduleDiscounts(trx: Db, payment: PaymentRow, plan: InstalmentPlanRow): Promise<number[]> {
  const none = planSteps(plan).map(() => 0);
  if (!payment.coupon_id || !payment.discount_paise) return none;
  const coupon = await couponRepository(trx).find(payment.coupon_id);
  if (!coupon) return none;
  const shares = planDiscountShares(planSteps(plan), coupon);
  return shares.map((share, i) => (i === 0 ? Number(payment.discount_paise) : share));
}

/** The IST day it is now by the instalments' clock. */
export const todayIst = (): string => istToday(new Date(clockNow()));

type ScheduleRow = Awaited<ReturnType<ReturnType<typeof createInstalmentRepository>['scheduleOf']>>[number];

export function toInstalment(row: ScheduleRow, today: string, rules: PricingRules): Instalment {
  return {
    id: row.id,
    number: row.number,
    amount: row.amount,
    total_paise:
      row.payment_total_paise !== null
        ? Number(row.payment_total_paise)
        : instalmentPrice(rules, row, row.billing_state_code).total_paise,
    due_on: row.due_on,
    status: instalmentStatus(row, today),
    paid_on: row.paid_at ? istToday(new Date(row.paid_at)) : null,
    payment: row.payment_id,
    invoice: row.invoice_number,
  };
}

/**
 * A completed payment's consequences for instalments, in the completing transaction: a first instalment
 * (the payment names a plan) creates the enrollment's schedule, the first one paid by it; a later one's
 * payment marks it paid and lifts a pause of access at once.
 */
export async function instalmentsOnCompletion(trx: Db, paymentId: number): Promise<void> {
  const payment = await findPaymentRow(trx, paymentId);
  if (!payment) return;
  const repo = createInstalmentRepository(trx);
  // The instalments' clock (real time but in tests), as their due dates are: `paid_on` is read against them.
  const now = new Date(clockNow()).toISOString();
  if (payment.instalment_id !== null) {
    await repo.updateInstalment(payment.instalment_id, {
      status: 'paid',
      paid_at: now,
      suspended_at: null,
      updated_at: now,
    });
    return;
  }
  if (payment.plan_id === null || payment.course_type !== 'program') return;
  const plan = await repo.findPlan(payment.plan_id);
  const enrollment = await findEnrollmentForCourse(trx, payment.student_id, 'program', payment.course_id);
  if (!plan || !enrollment) return;
  const existing = await repo.scheduleOf(enrollment.id);
  // A new schedule after an earlier one ended (refunded, cancelled) numbers on after it.
  const offset = existing.reduce((max, row) => Math.max(max, row.number), 0);
  const start = todayIst();
  const discounts = await scheduleDiscounts(trx, payment, plan);
  for (const [i, step] of planSteps(plan).entries()) {
    const id = await repo.insertInstalment({
      enrollment_id: enrollment.id,
      plan_id: plan.id,
      number: offset + i + 1,
      amount: step.amount,
      due_on: addDays(start, step.due_after_days),
      status: i === 0 ? 'paid' : 'due',
      paid_at: i === 0 ? now : null,
      suspended_at: null,
      discount_paise: discounts[i] ?? 0,
      coupon_code: (discounts[i] ?? 0) > 0 ? payment.coupon_code : null,
      created_at: now,
      updated_at: now,
    });
    if (i === 0) await linkPaymentToInstalment(trx, payment.id, id);
  }
}

/**
 * A refund ended an enrollment paid in instalments (its access revoked): its open dues are cancelled, with
 * their pending payments, in the refund's transaction. Answers the cancelled instalments' ids.
 */
export async function cancelOpenInstalments(trx: Db, enrollmentId: number): Promise<number[]> {
  return createInstalmentRepository(trx).cancelOpen(enrollmentId, nowIso());
}

/** The billing of an enrollment's instalment payments: its first instalment payment's. */
async function firstPlanPayment(trx: Db, enrollmentId: number): Promise<PaymentRow | undefined> {
  const schedule = await createInstalmentRepository(trx).scheduleOf(enrollmentId);
  const first = schedule.find((row) => row.payment_id !== null);
  return first?.payment_id ? findPaymentRow(trx, first.payment_id) : undefined;
}

/**
 * Refuses (400) an instalment of an enrollment that ended: cancelled (or failed), or whose plan's first
 * payment was refunded. Paying it would give back access the office took away (issue 32).
 */
export async function refuseEndedEnrollment(trx: Db, instalmentId: number): Promise<void> {
  const instalment = await createInstalmentRepository(trx).findInstalment(instalmentId);
  if (!instalment) throw notFound();
  const enrollment = await findEnrollmentRow(trx, instalment.enrollment_id);
  const first = await firstPlanPayment(trx, instalment.enrollment_id);
  if (!enrollment || ENDED.has(enrollment.status) || first?.status === 'refunded') {
    throw new BusinessError(INSTALMENT_MESSAGES.enrollmentEnded);
  }
}
const ENDED = new Set(['cancelled', 'failed']);

/** An instalment's charge: its amount less its share of the plan's discount, taxed by the shared quote. */
function instalmentPrice(
  rules: PricingRules,
  instalment: Pick<InstalmentRow, 'amount' | 'discount_paise' | 'coupon_code'>,
  stateCode: string | null,
) {
  const share = Number(instalment.discount_paise);
  const quoted = quoteForCourse(
    rules,
    instalment.amount,
    { state_code: stateCode },
    share > 0 ? { kind: 'fixed', value: share, code: instalment.coupon_code, source: 'coupon' } : null,
  );
  return {
    total_paise: quoted.total,
    discount_paise: quoted.discount,
    coupon_code: share > 0 ? instalment.coupon_code : null,
  };
}

/**
 * POST /classroom/instalments/{id}/payment/ (payments' `startInstalment` adds the gateway order): the
 * instalment's pending payment, for the student whose enrollment it is (anyone else: 404).
 */
export async function openOwnInstalmentPayment(
  db: Db,
  rules: PricingRules,
  studentId: number,
  instalmentId: number,
): Promise<{ id: number; created: boolean }> {
  const instalment = await createInstalmentRepository(db).findInstalment(instalmentId);
  const enrollment = instalment && (await findEnrollmentRow(db, instalment.enrollment_id));
  if (!instalment || !enrollment || enrollment.student_id !== studentId) throw notFound();
  return openInstalmentPayment(db, rules, instalmentId);
}

/** The instalment's pending payment: the one already there (reopened after a failure) or a new one. */
export async function openInstalmentPayment(
  db: Db,
  rules: PricingRules,
  instalmentId: number,
): Promise<{ id: number; created: boolean }> {
  try {
    return await inTransaction(db, async (trx) => {
      const repo = createInstalmentRepository(trx);
      const instalment = await repo.findInstalment(instalmentId);
      if (!instalment || instalment.status !== 'due') throw new BusinessError(INSTALMENT_MESSAGES.notDue);
      await refuseEndedEnrollment(trx, instalmentId);
      const existing = await repo.paymentOf(instalmentId);
      if (existing) {
        if (existing.status === 'failed') await reopenPaymentIfFailed(trx, existing.id, nowIso());
        const now = await findPaymentRow(trx, existing.id);
        if (now?.status !== 'pending') throw new BusinessError(INSTALMENT_MESSAGES.notDue);
        return { id: existing.id, created: false };
      }
      const enrollment = await findEnrollmentRow(trx, instalment.enrollment_id);
      const first = await firstPlanPayment(trx, instalment.enrollment_id);
      if (!enrollment || !first) throw notFound();
      const now = nowIso();
      const id = await insertInstalmentPayment(trx, {
        student_id: enrollment.student_id,
        course_type: 'program',
        course_id: enrollment.course_id,
        status: 'pending',
        amount: instalment.amount,
        payment_method: first.payment_method,
        billing_first_name: first.billing_first_name,
        billing_last_name: first.billing_last_name,
        billing_email: first.billing_email,
        billing_phone: first.billing_phone,
        billing_state_code: first.billing_state_code,
        billing_address: first.billing_address,
        billing_gstin: first.billing_gstin,
        billing_gstin_name: first.billing_gstin_name,
        // Its share of the plan's discount (decision record 053), printed on its invoice with the code.
        ...instalmentPrice(rules, instalment, first.billing_state_code),
        failure_reason: null,
        admin_notes: '',
        is_urgent: 0,
        created_at: now,
        completed_at: null,
        updated_at: now,
        instalment_id: instalmentId,
      });
      return { id, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request opened it first: that one.
    const row = await createInstalmentRepository(db).paymentOf(instalmentId);
    if (row?.status === 'pending') return { id: row.id, created: false };
    throw error;
  }
}
