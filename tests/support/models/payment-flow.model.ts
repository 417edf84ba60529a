import { paymentFlowMachine, type PaymentFlowInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  alreadyEnrolled,
  gatewayClosed,
  gatewayDeclined,
  gatewayPaid,
  gatewayStartRefused,
  gatewayUnavailable,
  networkError,
  paymentNotPending,
  paymentNotReceived,
  sampleCompletion,
  sampleFreeStart,
  samplePaymentStart,
  samplePendingPayment,
  sampleProof,
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
  // The gateway step is a child machine with its own model (gateway-payment): here, only its outcomes.
  actors: ['startPayment', 'completePayment', 'gatewayPayment'],
  appActions: ['courseEnrolled'],
  inputs: Object.values(paymentFlowInputs),
  describeEvent: (event) => {
    const output = (event as { output?: unknown }).output;
    if (output === samplePaymentStart) return 'startPayment → pending, with its order';
    if (output === sampleFreeStart) return 'startPayment → free, completed';
    if (output === gatewayPaid) return 'gatewayPayment → paid';
    if (output === gatewayDeclined) return 'gatewayPayment → declined';
    if (output === gatewayStartRefused) return 'gatewayPayment → start refused';
    if (output === gatewayClosed) return 'gatewayPayment → closed';
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
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayPaid },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayDeclined },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayStartRefused },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayClosed },
    { type: 'xstate.error.actor.gatewayPayment', error: networkError },
  ],
};
