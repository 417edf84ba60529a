import { fromPromise } from 'xstate';
import { ApiError, SERVER_MESSAGES, type Payment, type PaymentCompletion } from '../../../contract/index.ts';
import {
  paymentFlowMachine,
  type CompletePaymentInput,
  type StartPaymentInput,
} from '../../../machines/payment-flow.machine.ts';
import { handOffToGateway } from '../../features/checkout/api/gateway.ts';
import {
  completePayment,
  fetchDashboard,
  startPayment,
  verifyPayment,
} from '../../features/dashboard/api/payments-api.ts';
import { paths } from '../../config/paths.ts';
import type { DashboardMachines } from '../../features/dashboard/types.ts';
import { loaderOf } from './lists.ts';

export const dashboardLoader = loaderOf(() => fetchDashboard());

/**
 * Complete Payment goes through the gateway: the server first (a webhook, or a payment made earlier, may
 * have settled it: it asks the gateway), else the payment's order is handed to the gateway. The sandbox's
 * page brings the browser back to the course's checkout page, which verifies; Razorpay Checkout answers
 * here, and the proof is verified at once. Closing or a decline answers the server's refusal.
 */
async function completeThroughGateway(paymentId: number): Promise<PaymentCompletion> {
  let refusal: unknown;
  try {
    return await completePayment(paymentId);
  } catch (error) {
    if (!(error instanceof ApiError && error.userMessage === SERVER_MESSAGES.paymentNotReceived)) throw error;
    refusal = error;
  }
  const payment = (await fetchDashboard()).payments.find((p: Payment) => p.id === paymentId);
  if (!payment) throw refusal;
  const start = await startPayment(payment.course_type, payment.course);
  if (!start.gateway) return completePayment(paymentId);
  const course = {
    id: payment.course,
    courseType: payment.course_type,
    title: payment.program_title ?? payment.workshop_title ?? '',
    description: '',
    price: payment.amount,
    originalPrice: null,
  };
  const result = await handOffToGateway(
    { paymentId: start.id, gateway: start.gateway, course },
    paths.checkout.to(payment.course_type, payment.course),
  );
  if (result.kind !== 'paid') throw refusal;
  return verifyPayment(start.id, result.proof);
}

/** A dashboard card's payment flow; `onEnrolled` reloads the dashboard. */
export function paymentFlowFor(onEnrolled: () => void) {
  return paymentFlowMachine.provide({
    actors: {
      startPayment: fromPromise<Payment, StartPaymentInput>(({ input }) =>
        startPayment(input.courseType, input.courseId),
      ),
      completePayment: fromPromise<PaymentCompletion, CompletePaymentInput>(({ input }) =>
        completeThroughGateway(input.paymentId),
      ),
    },
    actions: { courseEnrolled: () => onEnrolled() },
  });
}

export const dashboardMachines: DashboardMachines = { loader: dashboardLoader, paymentFlowFor };
