import type { LoaderLogic } from '../../../machines/loader.machine.ts';
import type { PaymentFlowLogic } from '../../../machines/payment-flow.machine.ts';
import type { InstalmentPaymentLogic } from '../../../machines/instalment-payment.machine.ts';
import type { DashboardData } from './api/payments-api.ts';

/** What the dashboard needs (app/composition supplies it): its loader and a payment flow per course card. */
export type DashboardMachines = {
  loader: LoaderLogic<DashboardData>;
  /** A card's payment flow; `onEnrolled` runs when the course is paid for (the dashboard reloads). */
  paymentFlowFor: (onEnrolled: () => void) => PaymentFlowLogic;
  /** An enrolled program's instalments and the Pay of the next due one (decision record 054). */
  instalmentPayment?: InstalmentPaymentLogic;
};
