import { fromPromise } from 'xstate';
import type { Instalment, PaymentCompletion, PaymentStart } from '../../../contract/index.ts';
import {
  instalmentPaymentMachine,
  type InstalmentHandOffInput,
  type LoadScheduleInput,
  type StartInstalmentInput,
  type VerifyInstalmentInput,
} from '../../../machines/instalment-payment.machine.ts';
import { fetchInstalments, startInstalmentPayment } from '../../features/dashboard/api/instalments-api.ts';
import type { HandOffResult } from '../../../machines/checkout.machine.ts';
import {
  paymentFlowMachine,
  type CompletePaymentInput,
  type PaymentHandOffInput,
  type StartPaymentInput,
  type VerifyPaymentInput,
} from '../../../machines/payment-flow.machine.ts';
import { handOffToGateway, pageNavigation } from '../../features/checkout/api/gateway.ts';
import { fetchProgramBatches } from '../../features/checkout/api/batches.ts';
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
 * The card's gateway step: Razorpay Checkout answers here; the sandbox's page brings the browser back to
 * /dashboard?payment=… with its outcome, which the dashboard hands to that payment's card.
 */
function handOffFromDashboard({ payment, gateway }: PaymentHandOffInput): Promise<HandOffResult> {
  const course = {
    id: payment.course,
    courseType: payment.course_type,
    title: payment.program_title ?? payment.workshop_title ?? '',
    description: '',
    price: payment.amount,
    originalPrice: null,
  };
  return handOffToGateway({ paymentId: payment.id, gateway, course }, paths.dashboard);
}

/**
 * The card's Pay. A program with open batches needs a batch chosen first: Pay takes the student to the
 * program's checkout, which asks for it (the browser leaves, so this never resolves), like the gateway
 * step does. Otherwise the payment starts here, as the spec's Pay does.
 */
async function startFromDashboard({ courseType, courseId }: StartPaymentInput): Promise<PaymentStart> {
  // Unreadable batches: start as before; the server refuses a missing batch with its message.
  const batches = courseType === 'program' ? await fetchProgramBatches(courseId).catch(() => []) : [];
  if (batches.length > 0) {
    pageNavigation.go(paths.checkout.to(courseType, courseId));
    return new Promise<PaymentStart>(() => undefined);
  }
  return startPayment(courseType, courseId);
}

/** A dashboard card's payment flow; `onEnrolled` reloads the dashboard. */
export function paymentFlowFor(onEnrolled: () => void) {
  return paymentFlowMachine.provide({
    actors: {
      startPayment: fromPromise<PaymentStart, StartPaymentInput>(({ input }) => startFromDashboard(input)),
      completePayment: fromPromise<PaymentCompletion, CompletePaymentInput>(({ input }) =>
        completePayment(input.paymentId),
      ),
      handOff: fromPromise<HandOffResult, PaymentHandOffInput>(({ input }) => handOffFromDashboard(input)),
      verifyPayment: fromPromise<PaymentCompletion, VerifyPaymentInput>(({ input }) =>
        verifyPayment(input.paymentId, input.proof),
      ),
    },
    actions: { courseEnrolled: () => onEnrolled() },
  });
}

/** An enrolled program's instalments: the schedule, the next due one's payment, the gateway, its proof. */
const instalmentPayment = instalmentPaymentMachine.provide({
  actors: {
    loadSchedule: fromPromise<Instalment[], LoadScheduleInput>(({ input }) => fetchInstalments(input.enrollmentId)),
    startInstalment: fromPromise<PaymentStart, StartInstalmentInput>(({ input }) =>
      startInstalmentPayment(input.instalmentId),
    ),
    handOff: fromPromise<HandOffResult, InstalmentHandOffInput>(({ input }) => {
      const { gateway, ...payment } = input.payment;
      if (!gateway) return Promise.resolve({ kind: 'failed' as const });
      return handOffFromDashboard({ payment, gateway });
    }),
    verify: fromPromise<unknown, VerifyInstalmentInput>(({ input }) => verifyPayment(input.paymentId, input.proof)),
  },
});

export const dashboardMachines: DashboardMachines = { loader: dashboardLoader, paymentFlowFor, instalmentPayment };
