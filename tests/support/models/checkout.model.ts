import type { AnyMachineSnapshot } from 'xstate';
import type { CheckoutSubmission } from '../../../contract/index.ts';
import {
  checkoutMachine,
  type AppliedCoupon,
  type CheckoutContext,
  type CheckoutCourse,
  type CheckoutInput,
} from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { sampleBatch } from './batch-choice.model.ts';
import { samplePlan } from './plan-choice.model.ts';
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

/** The coupon check's report of a code that applies (the checkout keeps it and pays with its code). */
export const appliedCode: AppliedCoupon = {
  code: 'SAVE10',
  discount: 1_250_000,
  priceAfter: 11_250_000,
  message: 'Coupon applied.',
  rule: { kind: 'percent', value: 10 },
};

/** The children's reports, as the batch choice, the plan choice and the coupon check send them. */
export const childReports = [
  { type: 'batch.ready', offered: true },
  { type: 'batch.ready', offered: false },
  { type: 'batch.chosen', batchId: sampleBatch.id },
  { type: 'plan.ready', offered: true },
  { type: 'plan.chosen', planId: samplePlan.id },
  { type: 'coupon.changed', applied: appliedCode },
] as const;

/**
 * What tells two checkout states apart for the traversal: the context reduced to what the page shows and
 * what decides a submit (the form by its sample, whether batches are read or offered and one chosen). The
 * plan, the coupon and the sign-in only change what the payment starts with, which every step checks.
 */
function checkoutStateKey(snapshot: AnyMachineSnapshot): unknown {
  const { errors, form, batches, batch } = snapshot.context as CheckoutContext;
  return { errors: Object.keys(errors).sort(), form: form !== null, batches, batchChosen: batch !== null };
}

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
  // The gateway step and the choices are child machines with their own models (gateway-payment,
  // batch-choice, plan-choice, coupon-check): here, only their outcomes and reports.
  actors: ['loadCourse', 'gatewayPayment', 'batchChoice', 'planChoice', 'couponCheck'],
  appActions: [],
  // The kept-draft input walks the same transitions as backDeclined (its own test: checkout.machine.test.ts).
  inputs: Object.values(checkoutInputs).filter((input) => input !== checkoutInputs.backDeclinedKept),
  stateKey: checkoutStateKey,
  // The choices' reports make every simple path a permutation of them: the shortest path to every state,
  // then every event there, walks each transition in each state the traversal tells apart.
  kind: ['shortest', 'transitions'],
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
    if (event.type === 'batch.ready' || event.type === 'plan.ready')
      return `${event.type}(${(event as { offered?: boolean }).offered ? 'offered' : 'none'})`;
    if (event.type === 'coupon.changed') return 'coupon.changed(SAVE10)';
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
    { type: 'checkout.signedIn' },
    ...childReports,
  ],
};

/**
 * The same paths as a rendered page walks them (tests/views/model-checkout.test.tsx): the page runs the
 * real children, so of their reports only the batch choice's "none offered" is walked (its read answered
 * with no batch; said again, it changes nothing), and the sign-in is the session's.
 */
export const checkoutViewModel: MachineModel<CheckoutInput> = {
  ...checkoutModel,
  actors: ['loadCourse', 'gatewayPayment'],
  events: checkoutModel.events.filter(
    (event) =>
      event.type === 'checkout.submit' ||
      event.type.startsWith('xstate.') ||
      (event.type === 'batch.ready' && event.offered === false),
  ),
};
