import type { LoaderLogic } from '../../../machines/loader.machine.ts';
import type { PaymentFlowLogic } from '../../../machines/payment-flow.machine.ts';
import type { InstalmentPaymentLogic } from '../../../machines/instalment-payment.machine.ts';
import type { ActionLogic } from '../../../machines/action.machine.ts';
import type { OfferReportLogic } from '../../../machines/form-submit.machine.ts';
import type { StoryConsentLogic } from '../../../machines/story-consent.machine.ts';
import type { StudentTest } from '../../../contract/index.ts';
import type { DashboardData } from './api/payments-api.ts';
import type { StudentPlacement } from './api/placement-api.ts';

/** The dashboard's Placement section (decision record 078). */
export type PlacementMachines = {
  loader: LoaderLogic<StudentPlacement>;
  /** Report an offer; `onReported` reloads the section. */
  reportFor: (onReported: () => void) => OfferReportLogic;
  /** Opt out of placement for a batch (or back in); `onDone` reloads the section. */
  optOutFor: (batch: number, optOut: boolean, onDone: () => void) => ActionLogic<void>;
};

/** What the dashboard needs (app/composition supplies it): its loader and a payment flow per course card. */
export type DashboardMachines = {
  loader: LoaderLogic<DashboardData>;
  /** A card's payment flow; `onEnrolled` runs when the course is paid for (the dashboard reloads). */
  paymentFlowFor: (onEnrolled: () => void) => PaymentFlowLogic;
  /** An enrolled program's instalments and the Pay of the next due one (decision record 054). */
  instalmentPayment?: InstalmentPaymentLogic;
  /** The student's tests: open, upcoming and finished (decision records 071, 072). */
  tests?: LoaderLogic<StudentTest[]>;
  /** The student's placement record: offers, Report an offer, the opt-out per batch. */
  placement?: PlacementMachines;
  /** The student's consent to publish their success stories, item by item (decision record 079). */
  stories?: StoryConsentLogic;
};
