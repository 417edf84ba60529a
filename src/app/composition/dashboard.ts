import { fromPromise } from 'xstate';
import type { Payment, PaymentCompletion } from '../../../contract/index.ts';
import {
  paymentFlowMachine,
  type CompletePaymentInput,
  type StartPaymentInput,
} from '../../../machines/payment-flow.machine.ts';
import { completePayment, fetchDashboard, startPayment } from '../../features/dashboard/api/payments-api.ts';
import type { DashboardMachines } from '../../features/dashboard/types.ts';
import { loaderOf } from './lists.ts';

export const dashboardLoader = loaderOf(() => fetchDashboard());

/** A dashboard card's payment flow; `onEnrolled` reloads the dashboard. */
export function paymentFlowFor(onEnrolled: () => void) {
  return paymentFlowMachine.provide({
    actors: {
      startPayment: fromPromise<Payment, StartPaymentInput>(({ input }) =>
        startPayment(input.courseType, input.courseId),
      ),
      completePayment: fromPromise<PaymentCompletion, CompletePaymentInput>(({ input }) =>
        completePayment(input.paymentId),
      ),
    },
    actions: { courseEnrolled: () => onEnrolled() },
  });
}

export const dashboardMachines: DashboardMachines = { loader: dashboardLoader, paymentFlowFor };
