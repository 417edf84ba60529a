import { paymentFlowMachine, type PaymentFlowInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  alreadyEnrolled,
  gatewayUnavailable,
  handOffClosed,
  handOffDeclined,
  handOffPaid,
  networkError,
  paymentNotPending,
  paymentNotReceived,
  sampleCompletion,
  sampleFreeStart,
  samplePaymentStart,
  samplePendingPayment,
  sampleProof,
  signatureInvalid,
} from '../samples.ts';

const course = { courseType: 'program', courseId: 3 } as const;
const pending = { ...course, payment: samplePendingPayment, enrolled: false };

export const paymentFlowInputs = {
  notPaid: { ...course, payment: null, enrolled: false },
  pending,
  enrolled: { ...course, payment: null, enrolled: true },
  // Back on the dashboard from the sandbox gateway's page, with each of its outcomes for this card's payment.
  backPaid: { ...pending, gatewayReturn: { paymentId: samplePendingPayment.id, kind: 'paid', proof: sampleProof } },
  backDeclined: { ...pending, gatewayReturn: { paymentId: samplePendingPayment.id, kind: 'failed' } },
  backClosed: { ...pending, gatewayReturn: { paymentId: samplePendingPayment.id, kind: 'cancelled' } },
} satisfies Record<string, PaymentFlowInput>;

export const paymentFlowModel: MachineModel<PaymentFlowInput> = {
  name: 'payment-flow',
  machine: paymentFlowMachine,
  actors: ['startPayment', 'completePayment', 'handOff', 'verifyPayment'],
  appActions: ['courseEnrolled'],
  inputs: Object.values(paymentFlowInputs),
  describeEvent: (event) => {
    const output = (event as { output?: unknown }).output;
    if (output === samplePaymentStart) return 'startPayment → pending, with its order';
    if (output === sampleFreeStart) return 'startPayment → free, completed';
    if (output === handOffPaid) return 'handOff → paid';
    if (output === handOffDeclined) return 'handOff → declined';
    if (output === handOffClosed) return 'handOff → closed';
    const error = (event as { error?: unknown }).error;
    if (error === paymentNotReceived) return `${event.type}(not received)`;
    return undefined;
  },
  events: [
    { type: 'payment.start' },
    { type: 'payment.complete' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.startPayment', output: samplePaymentStart },
    { type: 'xstate.done.actor.startPayment', output: sampleFreeStart },
    { type: 'xstate.error.actor.startPayment', error: alreadyEnrolled },
    { type: 'xstate.error.actor.startPayment', error: gatewayUnavailable },
    { type: 'xstate.error.actor.startPayment', error: networkError },
    { type: 'xstate.done.actor.completePayment', output: sampleCompletion },
    { type: 'xstate.error.actor.completePayment', error: paymentNotReceived },
    { type: 'xstate.error.actor.completePayment', error: paymentNotPending },
    { type: 'xstate.done.actor.handOff', output: handOffPaid },
    { type: 'xstate.done.actor.handOff', output: handOffDeclined },
    { type: 'xstate.done.actor.handOff', output: handOffClosed },
    { type: 'xstate.error.actor.handOff', error: networkError },
    { type: 'xstate.done.actor.verifyPayment', output: sampleCompletion },
    { type: 'xstate.error.actor.verifyPayment', error: signatureInvalid },
  ],
};
