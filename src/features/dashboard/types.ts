import type { LoaderLogic } from '../../../machines/loader.machine.ts';
import type { PaymentFlowLogic } from '../../../machines/payment-flow.machine.ts';
import type { InstalmentPaymentLogic } from '../../../machines/instalment-payment.machine.ts';
import type { ActionLogic } from '../../../machines/action.machine.ts';
import type {
  ApplicationFormLogic,
  OfferLetterLogic,
  OfferReportLogic,
} from '../../../machines/form-submit.machine.ts';
import type { ConfirmedActionLogic } from '../../../machines/confirmed-action.machine.ts';
import type { Application, StudentTest } from '../../../contract/index.ts';
import type { StudentOpenings } from './api/openings-api.ts';
import type { StoryConsentLogic } from '../../../machines/story-consent.machine.ts';
import type { DashboardData } from './api/dashboard-api.ts';
import type { StudentPlacement } from './api/placement-api.ts';

/** The dashboard's Placement section (decision record 078). */
export type PlacementMachines = {
  loader: LoaderLogic<StudentPlacement>;
  /** Report an offer; `onReported` reloads the section. */
  reportFor: (onReported: () => void) => OfferReportLogic;
  /** Add or replace a claimed offer's letter; `onSaved` reloads the section (absent: no such form). */
  letterFor?: (offerId: number, onSaved: () => void) => OfferLetterLogic;
  /** Opt out of placement for a batch (or back in); `onDone` reloads the section. */
  optOutFor: (batch: number, optOut: boolean, onDone: () => void) => ActionLogic<void>;
  /** Openings and My applications: Apply and Withdraw (absent: the section shows neither). */
  openings?: OpeningsMachines;
};

/** The Placement section's Openings (decision record 078). */
export type OpeningsMachines = {
  loader: LoaderLogic<StudentOpenings>;
  /** Apply to one opening with a cover note; `onApplied` reloads the openings. */
  applyFor: (openingId: number, onApplied: () => void) => ApplicationFormLogic;
  /** Withdraw, asked first (the dialog names the application); `onDone` reloads the openings. */
  withdrawFor: (application: Application, onDone: () => void) => ConfirmedActionLogic<Application, Application>;
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
