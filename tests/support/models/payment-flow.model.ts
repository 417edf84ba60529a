import { paymentFlowMachine, type PaymentFlowInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  alreadyEnrolled,
  networkError,
  paymentNotPending,
  sampleCompletion,
  sampleFreeWorkshopPayment,
  samplePendingPayment,
} from '../samples.ts';

const course = { courseType: 'program', courseId: 3 } as const;

export const paymentFlowInputs = {
  notPaid: { ...course, payment: null, enrolled: false },
  pending: { ...course, payment: samplePendingPayment, enrolled: false },
  enrolled: { ...course, payment: null, enrolled: true },
} satisfies Record<string, PaymentFlowInput>;

export const paymentFlowModel: MachineModel<PaymentFlowInput> = {
  name: 'payment-flow',
  machine: paymentFlowMachine,
  actors: ['startPayment', 'completePayment'],
  appActions: ['courseEnrolled'],
  inputs: Object.values(paymentFlowInputs),
  events: [
    { type: 'payment.start' },
    { type: 'payment.complete' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.startPayment', output: samplePendingPayment },
    { type: 'xstate.done.actor.startPayment', output: sampleFreeWorkshopPayment },
    { type: 'xstate.error.actor.startPayment', error: alreadyEnrolled },
    { type: 'xstate.error.actor.startPayment', error: networkError },
    { type: 'xstate.done.actor.completePayment', output: sampleCompletion },
    { type: 'xstate.error.actor.completePayment', error: paymentNotPending },
  ],
};
