import { fromPromise } from 'xstate';
import { checkoutBilling, type CourseType } from '../../../contract/index.ts';
import { checkoutMachine, type CheckoutCourse, type LoadCourseInput } from '../../../machines/checkout.machine.ts';
import { fetchProgram, fetchWorkshop } from '../../features/catalogue/api/catalogue-api.ts';
import { fetchProgramBatches } from '../../features/checkout/api/batches.ts';
import { batchChoiceMachine, type LoadBatchesInput } from '../../../machines/batch-choice.machine.ts';
import type { Batch, InstalmentPlan } from '../../../contract/index.ts';
import { planChoiceMachine, type LoadPlansInput } from '../../../machines/plan-choice.machine.ts';
import { fetchProgramPlans } from '../../features/checkout/api/plans.ts';
import { checkCoupon } from '../../features/checkout/api/coupons.ts';
import { couponCheckMachine, type CheckCouponInput } from '../../../machines/coupon-check.machine.ts';
import type { CouponCheck } from '../../../contract/index.ts';
import { paths } from '../../config/paths.ts';
import { startPayment } from '../../features/payments/api/payments-api.ts';
import { gatewayPaymentFor, type CourseOrder } from './gateway.ts';
import { keepCheckoutDraft } from '../../features/checkout/api/draft.ts';

/**
 * Checkout composes three features: the catalogue (the course it sells), the payments feature's calls
 * (start, verify) and the checkout's own reads and gateway step (gateway.ts). Features never import each
 * other, so that composition lives here: the checkout machine is given its children (the batch, plan and
 * coupon choices) with what they read, and the checkout feature only renders the machine it is given.
 */

async function loadCheckoutCourse(courseType: CourseType, courseId: number): Promise<CheckoutCourse> {
  if (courseType === 'program') {
    const program = await fetchProgram(courseId);
    return {
      id: program.id,
      courseType,
      title: program.title,
      description: program.description,
      price: program.price,
      originalPrice: program.original_price,
    };
  }
  const workshop = await fetchWorkshop(courseId);
  return {
    id: workshop.id,
    courseType,
    title: workshop.title,
    description: workshop.description,
    price: workshop.price,
    originalPrice: null,
  };
}

/** Starts the payment with the person's details and consents (never the card): the payment and its order. */
function startOrder({ courseType, courseId, form }: CourseOrder) {
  return startPayment(courseType, courseId, form && checkoutBilling(form));
}

/** The checkout's batch choice: a program's open batches. */
const appBatchChoiceMachine = batchChoiceMachine.provide({
  actors: {
    loadBatches: fromPromise<Batch[], LoadBatchesInput>(({ input }) => fetchProgramBatches(input.courseId)),
  },
});

/** The checkout's coupon: the server's check of a code, or of the student's scholarship. */
const appCouponCheckMachine = couponCheckMachine.provide({
  actors: {
    checkCoupon: fromPromise<CouponCheck, CheckCouponInput>(({ input }) =>
      checkCoupon(input.courseType, input.courseId, input.code),
    ),
  },
});

/** The checkout's choice of paying in full or by an instalment plan: the program's active plans. */
const appPlanChoiceMachine = planChoiceMachine.provide({
  actors: {
    loadPlans: fromPromise<InstalmentPlan[], LoadPlansInput>(({ input }) => fetchProgramPlans(input.courseId)),
  },
});

export const appCheckoutMachine = checkoutMachine.provide({
  actors: {
    loadCourse: fromPromise<CheckoutCourse, LoadCourseInput>(({ input }) =>
      loadCheckoutCourse(input.courseType, input.courseId),
    ),
    // The sandbox's page brings the browser back to this course's checkout.
    gatewayPayment: gatewayPaymentFor({
      startCourse: startOrder,
      returnPath: (order) =>
        'courseType' in order ? paths.checkout.to(order.courseType, order.courseId) : paths.dashboard,
      // A declined or cancelled payment brings the checkout back as the student left it.
      beforeHandOff: ({ order, paymentId }) => {
        if ('courseType' in order && order.form)
          keepCheckoutDraft(order.courseType, order.courseId, paymentId, order.form);
      },
    }),
    // The page's choices, run by the checkout machine as its children.
    batchChoice: appBatchChoiceMachine,
    planChoice: appPlanChoiceMachine,
    couponCheck: appCouponCheckMachine,
  },
});
