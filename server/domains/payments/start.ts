import type { z } from 'zod';
import { SERVER_MESSAGES, type CourseType, type Payment, type PaymentStartInput } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { PaymentRow, UserRow } from '../../platform/db/schema.ts';
import { courseForPayment, holdCourse } from '../catalogue/index.ts';
import { findEnrollmentForCourse } from '../enrollments/index.ts';
import { createPaymentRepository } from './repositories/payments.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { givesAccess } from '../enrollments/service.ts';
import type { PaymentEffects } from './effects.ts';
import { completeIfFree } from './settlement.ts';
import { quoteForCourse, type PricingRules } from '../pricing/service.ts';
import { chooseDiscount, choosePlan, planSteps } from '../pricing/index.ts';
import { paymentTotalPaise, rupeesToPaise } from '../../../contract/money.ts';
import { toPayment } from './present.ts';
import { chooseBatch } from '../batches/service.ts';
import { INSTALMENT_MESSAGES, planDiscountShares } from '../../../contract/instalments.ts';

type StartInput = z.output<typeof PaymentStartInput>;

/**
 * A re-price (plan, coupon) drops the gateway order and voids any claim in flight: the order a request is
 * still waiting for is then never stored (setOrder compares the claim and the amount, decision record 062).
 */
const REPRICED = { gateway_order_id: null, order_claimed_at: null, order_claim: null } as const;

/** A payment as the API answers it, or 404. */
export async function paymentView(trx: Db, id: number): Promise<Payment> {
  const view = await createPaymentRepository(trx).findView(id);
  if (!view) throw notFound();
  return toPayment(view);
}

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

/** The pending payment (new, the one already pending, or a failed one reopened for a retry). */
export async function openPayment(
  db: Db,
  rules: PricingRules,
  student: UserRow,
  courseType: CourseType,
  courseId: number,
  input: StartInput,
  effects: PaymentEffects,
) {
  try {
    return await inTransaction(db, async (trx) => {
      await holdCourse(trx, courseType, courseId);
      const course = await courseForPayment(trx, courseType, courseId);
      if (!course || !course.is_active) throw notFound();
      const enrollment = await findEnrollmentForCourse(trx, student.id, courseType, courseId);
      if (givesAccess(enrollment)) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
      // A workshop that has begun, or has no seat left, is refused before any payment exists
      // (and before a pending one is reused), so nobody fills in a card form for nothing.
      if (course.started) throw new BusinessError(SERVER_MESSAGES.workshopStarted);
      if (course.seatsFull) throw new BusinessError(SERVER_MESSAGES.workshopFull);
      // The batch (cohort) of a program: checked before any payment or gateway order exists.
      const batch = await chooseBatch(trx, courseType, courseId, input.batch);
      // An instalment plan (decision record 054): its first instalment is what this payment charges.
      if (input.plan && courseType !== 'program') throw new BusinessError(INSTALMENT_MESSAGES.planNotOffered);
      const plan = input.plan ? await choosePlan(trx, courseId, input.plan) : null;
      const price = plan ? planSteps(plan)[0]!.amount : course.price;
      // Checkout says how it pays (it sends billing details, or a plan); the dashboard's bare Pay does not.
      const choosing = input.billing !== undefined || input.plan !== undefined;
      const payments = createPaymentRepository(trx);
      /**
       * What a payment of `amount` (its list price, whole rupees) is charged: the shared quote with the
       * discount the server decides (decision record 053: the code given, checked again with its limits
       * while the coupon is held, or the student's scholarship). Never what the client computed. With a
       * plan (decision record 054) the discount is decided on the plan's total and comes off its
       * instalments in proportion (integer paise adding up exactly): this payment, the first, takes the
       * first share; the later instalments take theirs when the schedule is made.
       */
      const priced = async (
        amount: number,
        billing: { state_code?: string | null } | null | undefined,
        code: string | null | undefined,
        exceptPayment?: number,
      ) => {
        const listRupees = plan ? plan.total : amount;
        const chosen =
          listRupees > 0
            ? await chooseDiscount(trx, {
                studentId: student.id,
                courseType,
                courseId,
                listPrice: rupeesToPaise(listRupees),
                code,
                exceptPayment,
              })
            : null;
        const whole = quoteForCourse(rules, listRupees, billing, chosen?.discount ?? null);
        const share = plan ? planDiscountShares(planSteps(plan), chosen?.discount)[0]! : whole.discount;
        const quoted = plan
          ? quoteForCourse(
              rules,
              amount,
              billing,
              whole.coupon ? { ...whole.coupon, kind: 'fixed', value: share } : null,
            )
          : whole;
        if (plan && quoted.total === 0) throw new BusinessError(INSTALMENT_MESSAGES.planCoveredByDiscount);
        return {
          total_paise: quoted.total,
          coupon_id: quoted.coupon ? (chosen?.couponId ?? null) : null,
          coupon_code: quoted.coupon?.code ?? null,
          discount_paise: quoted.discount,
        };
      };
      /** A payment reused with another plan (or none) charges the new amount through a new gateway order. */
      const switchPlan = async (row: PaymentRow) => {
        if (!choosing || (row.plan_id ?? null) === (plan?.id ?? null)) return row.amount;
        const billing = input.billing ?? (row.billing_state_code ? { state_code: row.billing_state_code } : undefined);
        await payments.update(row.id, {
          amount: price,
          plan_id: plan?.id ?? null,
          ...(await priced(price, billing, input.billing ? input.coupon : row.coupon_code, row.id)),
          ...REPRICED,
          updated_at: nowIso(),
        });
        return price;
      };
      const pending = await payments.findPending(student.id, courseType, courseId);
      if (pending) {
        // Checkout (it sends billing details) after the dashboard's Pay: the same payment, with the
        // method, billing details and coupon just given. The dashboard's bare Pay changes nothing.
        // Another batch voids a claim in flight (its order is stored only for the payment as it was).
        if (batch !== null && batch !== pending.batch_id) {
          await payments.update(pending.id, { batch_id: batch, order_claimed_at: null, order_claim: null });
        }
        const amount = await switchPlan(pending);
        if (input.billing) {
          const quoted = await priced(amount, input.billing, input.coupon, pending.id);
          const current = await payments.findRow(pending.id);
          await payments.update(pending.id, {
            payment_method: input.payment_method,
            ...billingColumns(input.billing),
            ...quoted,
            // A new amount (a coupon applied or removed) needs a new gateway order of that amount.
            ...(current && quoted.total_paise !== paymentTotalPaise(current) ? REPRICED : {}),
            updated_at: nowIso(),
          });
          await completeIfFree(trx, effects, pending.id);
        }
        return { payment: await paymentView(trx, pending.id), created: false };
      }
      // A retry after a failed attempt: the same payment again, with its order (still payable). Reopened,
      // it holds a use of its coupon again, so the discount is decided again (with the code just given,
      // or the one it had; a scholarship by itself).
      const failed = await payments.findLatestFailed(student.id, courseType, courseId);
      if (failed && (await payments.reopenIfFailed(failed.id, nowIso()))) {
        await payments.update(failed.id, { batch_id: batch, order_claimed_at: null, order_claim: null });
        const amount = await switchPlan(failed);
        const current = (await payments.findRow(failed.id)) ?? failed;
        const quoted = await priced(
          amount,
          input.billing ?? (current.billing_state_code ? { state_code: current.billing_state_code } : undefined),
          input.billing ? input.coupon : current.coupon_code,
          failed.id,
        );
        await payments.update(failed.id, {
          ...(input.billing ? { payment_method: input.payment_method, ...billingColumns(input.billing) } : {}),
          ...quoted,
          ...(quoted.total_paise !== paymentTotalPaise(current) ? REPRICED : {}),
        });
        await completeIfFree(trx, effects, failed.id);
        return { payment: await paymentView(trx, failed.id), created: false };
      }

      const now = nowIso();
      const quoted = await priced(price, input.billing, input.coupon);
      const id = await payments.insert({
        student_id: student.id,
        course_type: courseType,
        course_id: courseId,
        status: 'pending',
        amount: price,
        payment_method: input.payment_method,
        ...billingColumns(input.billing),
        ...quoted,
        failure_reason: null,
        admin_notes: '',
        is_urgent: 0,
        created_at: now,
        completed_at: null,
        updated_at: now,
        batch_id: batch,
        plan_id: plan?.id ?? null,
      });
      // A payment of nothing (a free workshop, or a program its discount made free, which joins the batch
      // chosen as a paid one does) is completed at once by the settlement module, with its effects.
      await completeIfFree(trx, effects, id);
      return { payment: await paymentView(trx, id), created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent request created the pending payment first: answer that one.
    const pending = await createPaymentRepository(db).findPending(student.id, courseType, courseId);
    if (pending) return { payment: await paymentView(db, pending.id), created: false };
    // Or it enrolled the student (a free workshop clicked twice).
    const enrollment = await findEnrollmentForCourse(db, student.id, courseType, courseId);
    if (enrollment?.is_active) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
    throw error;
  }
}
