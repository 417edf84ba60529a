import { fromPromise } from 'xstate';
import type {
  Application,
  ApplicationForm,
  Instalment,
  Offer,
  OfferLetterForm,
  PaymentCompletion,
  PaymentStart,
  StudentOfferForm,
} from '../../../contract/index.ts';
import type { z } from 'zod';

type StudentOfferData = z.output<typeof StudentOfferForm>;
import { instalmentPaymentMachine, type LoadScheduleInput } from '../../../machines/instalment-payment.machine.ts';
import { fetchInstalments } from '../../features/dashboard/api/instalments-api.ts';
import {
  paymentFlowMachine,
  type CompletePaymentInput,
  type StartPaymentInput,
} from '../../../machines/payment-flow.machine.ts';
import { pageNavigation } from '../../features/checkout/api/gateway.ts';
import { fetchProgramBatches } from '../../features/checkout/api/batches.ts';
import { fetchDashboard } from '../../features/dashboard/api/dashboard-api.ts';
import { completePayment, startPayment } from '../../features/payments/api/payments-api.ts';
import { paths } from '../../config/paths.ts';
import type { DashboardMachines, PlacementMachines } from '../../features/dashboard/types.ts';
import {
  attachOfferLetter,
  fetchStudentPlacement,
  reportOffer,
  setPlacementOptOut,
} from '../../features/dashboard/api/placement-api.ts';
import {
  applicationFormMachine,
  offerLetterMachine,
  offerReportMachine,
  type FormSubmitInput,
} from '../../../machines/form-submit.machine.ts';
import { createActionMachine } from '../../../machines/action.machine.ts';
import { createConfirmedActionMachine } from '../../../machines/confirmed-action.machine.ts';
import {
  applyToOpening,
  fetchStudentOpenings,
  withdrawApplication,
} from '../../features/dashboard/api/openings-api.ts';
import { fetchStudentTests } from '../../features/exams/api/exams-api.ts';
import { loadAppConfig } from '../../features/auth/api/config-api.ts';
import { gatewayPaymentFor } from './gateway.ts';
import { loaderOf } from './lists.ts';
import { storyConsentMachine, type ConsentSave } from '../../../machines/story-consent.machine.ts';
import { fetchMyStories, saveStoryConsent } from '../../features/dashboard/api/stories-api.ts';
import type { StudentStory } from '../../../contract/stories.ts';

export const dashboardLoader = loaderOf(() => fetchDashboard());

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

/**
 * The dashboard's gateway step (a card's Complete Payment, an instalment's Pay): Razorpay Checkout answers
 * here; the sandbox's page brings the browser back to /dashboard?payment=… with its outcome, which the
 * dashboard hands to that payment's card or schedule. A course's order is started as the card's Pay is.
 */
const dashboardGateway = gatewayPaymentFor({ startCourse: startFromDashboard, returnPath: () => paths.dashboard });

/** A dashboard card's payment flow; `onEnrolled` reloads the dashboard. */
export function paymentFlowFor(onEnrolled: () => void) {
  return paymentFlowMachine.provide({
    actors: {
      startPayment: fromPromise<PaymentStart, StartPaymentInput>(({ input }) => startFromDashboard(input)),
      completePayment: fromPromise<PaymentCompletion, CompletePaymentInput>(({ input }) =>
        completePayment(input.paymentId),
      ),
      gatewayPayment: dashboardGateway,
    },
    actions: { courseEnrolled: () => onEnrolled() },
  });
}

/** An enrolled program's instalments: the schedule, and the gateway step for the next due one. */
const instalmentPayment = instalmentPaymentMachine.provide({
  actors: {
    loadSchedule: fromPromise<Instalment[], LoadScheduleInput>(({ input }) => fetchInstalments(input.enrollmentId)),
    gatewayPayment: dashboardGateway,
  },
});

/** The Placement section (decision record 078): its loader, Report an offer, the opt-out per batch. */
const placement: PlacementMachines = {
  loader: loaderOf(() => fetchStudentPlacement(async () => (await loadAppConfig()).upload_max_bytes)),
  reportFor: (onReported) =>
    offerReportMachine.provide({
      actors: {
        submit: fromPromise<Offer, FormSubmitInput<StudentOfferData>>(({ input }) => reportOffer(input.values)),
      },
      actions: { submitted: () => onReported() },
    }),
  letterFor: (offerId, onSaved) =>
    offerLetterMachine.provide({
      actors: {
        submit: fromPromise<Offer, FormSubmitInput<z.output<typeof OfferLetterForm>>>(({ input }) =>
          attachOfferLetter(offerId, input.values),
        ),
      },
      actions: { submitted: () => onSaved() },
    }),
  optOutFor: (batch, optOut, onDone) =>
    createActionMachine<void>().provide({
      actors: { run: fromPromise<void, void>(() => setPlacementOptOut(batch, optOut)) },
      actions: { finished: () => onDone() },
    }),
  openings: {
    loader: loaderOf(() => fetchStudentOpenings()),
    applyFor: (openingId, onApplied) =>
      applicationFormMachine.provide({
        actors: {
          submit: fromPromise<Application, FormSubmitInput<z.output<typeof ApplicationForm>>>(({ input }) =>
            applyToOpening(openingId, input.values),
          ),
        },
        actions: { submitted: () => onApplied() },
      }),
    // What is withdrawn is the application itself: the dialog names it, nothing more to read.
    withdrawFor: (application, onDone) =>
      createConfirmedActionMachine<Application, Application>().provide({
        actors: {
          readImpact: fromPromise<Application, void>(async () => application),
          run: fromPromise<Application, void>(() => withdrawApplication(application.id)),
        },
        actions: { finished: () => onDone() },
      }),
  },
};

/** The student's success-story consent (decision record 079). */
const stories = storyConsentMachine.provide({
  actors: {
    loadStories: fromPromise<StudentStory[], void>(() => fetchMyStories()),
    saveConsent: fromPromise<StudentStory, ConsentSave>(({ input }) => saveStoryConsent(input.id, input.choice)),
  },
});

export const dashboardMachines: DashboardMachines = {
  loader: dashboardLoader,
  paymentFlowFor,
  instalmentPayment,
  tests: loaderOf(() => fetchStudentTests()),
  placement,
  stories,
};
