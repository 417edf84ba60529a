import type { CheckoutSubmission } from '../../../contract/index.ts';
import { checkoutMachine, type CheckoutCourse, type CheckoutInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  gatewayClosed,
  gatewayDeclined,
  gatewayPaid,
  gatewayProofRefused,
  invalidCheckoutForm,
  networkError,
  notFound,
  sampleProof,
  validCardForm,
  validUpiForm,
} from '../samples.ts';

export const sampleCheckoutCourse: CheckoutCourse = {
  id: 3,
  courseType: 'program',
  title: 'Credit Analyst Program',
  description: 'Six months from financial statements to the credit committee.',
  price: 125000,
  originalPrice: 150000,
};

/** What the student submitted before leaving for the gateway's page: batch, plan, coupon, consents and all. */
export const keptSubmission: CheckoutSubmission = {
  ...validUpiForm,
  batch: 7,
  plan: 2,
  coupon: 'WELCOME10',
  consents: { notice_version: '2026-11', whatsapp: true },
};

export const checkoutInputs = {
  program: { courseType: 'program', courseId: '3' },
  badType: { courseType: 'course', courseId: '3' },
  badId: { courseType: 'workshop', courseId: '0' },
  // Back from the sandbox gateway's page, with each of its outcomes.
  backPaid: {
    courseType: 'program',
    courseId: '3',
    gatewayReturn: { paymentId: 41, kind: 'paid', proof: sampleProof },
  },
  backDeclined: {
    courseType: 'program',
    courseId: '3',
    gatewayReturn: { paymentId: 41, kind: 'failed' },
  },
  // Declined, with what the student submitted before the gateway's page kept by the app.
  backDeclinedKept: {
    courseType: 'program',
    courseId: '3',
    gatewayReturn: { paymentId: 41, kind: 'failed' },
    draft: keptSubmission,
  },
  backClosed: {
    courseType: 'program',
    courseId: '3',
    gatewayReturn: { paymentId: 41, kind: 'cancelled' },
  },
} satisfies Record<string, CheckoutInput>;

export const checkoutModel: MachineModel<CheckoutInput> = {
  name: 'checkout',
  machine: checkoutMachine,
  // The gateway step is a child machine with its own model (gateway-payment): here, only its outcomes.
  actors: ['loadCourse', 'gatewayPayment'],
  appActions: [],
  // The kept-draft input walks the same transitions as backDeclined (its own test: checkout.machine.test.ts).
  inputs: Object.values(checkoutInputs).filter((input) => input !== checkoutInputs.backDeclinedKept),
  describeEvent: (event) => {
    const form = (event as { form?: unknown }).form;
    if (form === validCardForm) return 'checkout.submit(valid card)';
    if (form === validUpiForm) return 'checkout.submit(valid UPI)';
    if (form === invalidCheckoutForm) return 'checkout.submit(invalid)';
    const output = (event as { output?: unknown }).output;
    if (output === gatewayPaid) return 'gatewayPayment → paid';
    if (output === gatewayDeclined) return 'gatewayPayment → declined';
    if (output === gatewayProofRefused) return 'gatewayPayment → proof refused';
    if (output === gatewayClosed) return 'gatewayPayment → closed';
    return undefined;
  },
  events: [
    { type: 'checkout.submit', form: validCardForm },
    { type: 'checkout.submit', form: validUpiForm },
    { type: 'checkout.submit', form: invalidCheckoutForm },
    { type: 'xstate.done.actor.loadCourse', output: sampleCheckoutCourse },
    { type: 'xstate.error.actor.loadCourse', error: notFound },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayPaid },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayDeclined },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayProofRefused },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayClosed },
    { type: 'xstate.error.actor.gatewayPayment', error: networkError },
  ],
};
