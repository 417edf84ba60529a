import { fromPromise } from 'xstate';
import { checkoutBilling, type CheckoutForm, type CourseType } from '../../../contract/index.ts';
import {
  checkoutMachine,
  type CheckoutCourse,
  type LoadCourseInput,
  type PayInput,
} from '../../../machines/checkout.machine.ts';
import { loadAppConfig } from '../../features/auth/api/config-api.ts';
import { fetchProgram, fetchWorkshop } from '../../features/catalogue/api/catalogue-api.ts';
import { completePayment, startPayment } from '../../features/dashboard/api/payments-api.ts';

/**
 * Checkout composes three features: the catalogue (the course it sells), the dashboard's payment calls
 * (start, complete) and the app config (demo mode). Features never import each other, so that
 * composition lives here, and the checkout feature only renders the machine it is given.
 */

/** The simulated gateway step of spec section 9, kept in demo mode (design deviation 7). */
const DEMO_GATEWAY_DELAY_MS = 2000;

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

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates the payment with the person's details only (never the card), then completes it. */
async function payForCourse(courseType: CourseType, courseId: number, form: CheckoutForm): Promise<unknown> {
  const payment = await startPayment(courseType, courseId, checkoutBilling(form));
  if (payment.status === 'completed') return payment;
  const config = await loadAppConfig().catch(() => null);
  if (config?.demo_mode) await wait(DEMO_GATEWAY_DELAY_MS);
  return completePayment(payment.id);
}

export const appCheckoutMachine = checkoutMachine.provide({
  actors: {
    loadCourse: fromPromise<CheckoutCourse, LoadCourseInput>(({ input }) =>
      loadCheckoutCourse(input.courseType, input.courseId),
    ),
    pay: fromPromise<unknown, PayInput>(({ input }) => payForCourse(input.courseType, input.courseId, input.form)),
  },
});
