import { checkoutMachine, type CheckoutCourse, type CheckoutInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  checkoutNow,
  gatewayUnavailable,
  handOffClosed,
  handOffDeclined,
  handOffPaid,
  invalidCardForm,
  networkError,
  notFound,
  sampleFreeStart,
  samplePaymentStart,
  sampleProof,
  serverError,
  signatureInvalid,
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

export const checkoutInputs = {
  program: { courseType: 'program', courseId: '3', now: checkoutNow },
  badType: { courseType: 'course', courseId: '3', now: checkoutNow },
  badId: { courseType: 'workshop', courseId: '0', now: checkoutNow },
  // Back from the sandbox gateway's page, with each of its outcomes.
  backPaid: {
    courseType: 'program',
    courseId: '3',
    now: checkoutNow,
    gatewayReturn: { paymentId: 41, kind: 'paid', proof: sampleProof },
  },
  backDeclined: {
    courseType: 'program',
    courseId: '3',
    now: checkoutNow,
    gatewayReturn: { paymentId: 41, kind: 'failed' },
  },
  backClosed: {
    courseType: 'program',
    courseId: '3',
    now: checkoutNow,
    gatewayReturn: { paymentId: 41, kind: 'cancelled' },
  },
} satisfies Record<string, CheckoutInput>;

export const checkoutModel: MachineModel<CheckoutInput> = {
  name: 'checkout',
  machine: checkoutMachine,
  actors: ['loadCourse', 'startOrder', 'handOff', 'verify'],
  appActions: [],
  inputs: Object.values(checkoutInputs),
  describeEvent: (event) => {
    const form = (event as { form?: unknown }).form;
    if (form === validCardForm) return 'checkout.submit(valid card)';
    if (form === validUpiForm) return 'checkout.submit(valid UPI)';
    if (form === invalidCardForm) return 'checkout.submit(invalid card)';
    const output = (event as { output?: unknown }).output;
    if (output === samplePaymentStart) return 'startOrder → order';
    if (output === sampleFreeStart) return 'startOrder → free, completed';
    if (output === handOffPaid) return 'handOff → paid';
    if (output === handOffDeclined) return 'handOff → declined';
    if (output === handOffClosed) return 'handOff → closed';
    return undefined;
  },
  events: [
    { type: 'checkout.submit', form: validCardForm },
    { type: 'checkout.submit', form: validUpiForm },
    { type: 'checkout.submit', form: invalidCardForm },
    { type: 'xstate.done.actor.loadCourse', output: sampleCheckoutCourse },
    { type: 'xstate.error.actor.loadCourse', error: notFound },
    { type: 'xstate.done.actor.startOrder', output: samplePaymentStart },
    { type: 'xstate.done.actor.startOrder', output: sampleFreeStart },
    { type: 'xstate.error.actor.startOrder', error: gatewayUnavailable },
    { type: 'xstate.error.actor.startOrder', error: networkError },
    { type: 'xstate.done.actor.handOff', output: handOffPaid },
    { type: 'xstate.done.actor.handOff', output: handOffDeclined },
    { type: 'xstate.done.actor.handOff', output: handOffClosed },
    { type: 'xstate.error.actor.handOff', error: networkError },
    { type: 'xstate.done.actor.verify', output: undefined },
    { type: 'xstate.error.actor.verify', error: signatureInvalid },
    { type: 'xstate.error.actor.verify', error: serverError },
  ],
};
