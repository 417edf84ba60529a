import { checkoutBilling, type CheckoutForm, type CourseType } from '../../../../contract/index.ts';
import type { CheckoutCourse } from '../../../../machines/checkout.machine.ts';
import { loadAppConfig } from '../../auth/api/config-api.ts';
import { fetchProgram, fetchWorkshop } from '../../catalogue/api/catalogue-api.ts';
import { completePayment, startPayment } from '../../dashboard/api/payments-api.ts';

/** The simulated gateway step of spec section 9, kept in demo mode (design deviation 7). */
export const DEMO_GATEWAY_DELAY_MS = 2000;

export async function loadCheckoutCourse(courseType: CourseType, courseId: number): Promise<CheckoutCourse> {
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
export async function payForCourse(courseType: CourseType, courseId: number, form: CheckoutForm): Promise<unknown> {
  const payment = await startPayment(courseType, courseId, checkoutBilling(form));
  if (payment.status === 'completed') return payment;
  const config = await loadAppConfig().catch(() => null);
  if (config?.demo_mode) await wait(DEMO_GATEWAY_DELAY_MS);
  return completePayment(payment.id);
}
