import { gatewayPaymentMachine, type GatewayPaymentInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  gatewayUnavailable,
  handOffClosed,
  handOffDeclined,
  handOffPaid,
  networkError,
  sampleCompletion,
  sampleFreeStart,
  samplePaymentStart,
  sampleProof,
  sampleStartWithoutOrder,
  serverError,
  signatureInvalid,
  validCardForm,
} from '../samples.ts';

const order = { courseType: 'program', courseId: 3, form: validCardForm } as const;

export const gatewayPaymentInputs = {
  fresh: { order },
  // Back from the sandbox's page for payment 41, with each of its outcomes.
  backPaid: { order, gatewayReturn: { paymentId: 41, kind: 'paid', proof: sampleProof } },
  backDeclined: { order, gatewayReturn: { paymentId: 41, kind: 'failed' } },
  backClosed: { order, gatewayReturn: { paymentId: 41, kind: 'cancelled' } },
} satisfies Record<string, GatewayPaymentInput>;

export const gatewayPaymentModel: MachineModel<GatewayPaymentInput> = {
  name: 'gateway-payment',
  machine: gatewayPaymentMachine,
  actors: ['startOrder', 'handOff', 'verify'],
  appActions: [],
  inputs: Object.values(gatewayPaymentInputs),
  describeEvent: (event) => {
    const output = (event as { output?: unknown }).output;
    if (output === samplePaymentStart) return 'startOrder → pending, with its order';
    if (output === sampleFreeStart) return 'startOrder → free, completed';
    if (output === sampleStartWithoutOrder) return 'startOrder → pending, no order';
    if (output === handOffPaid) return 'handOff → paid';
    if (output === handOffDeclined) return 'handOff → declined';
    if (output === handOffClosed) return 'handOff → closed';
    return undefined;
  },
  events: [
    { type: 'xstate.done.actor.startOrder', output: samplePaymentStart },
    { type: 'xstate.done.actor.startOrder', output: sampleFreeStart },
    { type: 'xstate.done.actor.startOrder', output: sampleStartWithoutOrder },
    { type: 'xstate.error.actor.startOrder', error: gatewayUnavailable },
    { type: 'xstate.error.actor.startOrder', error: networkError },
    { type: 'xstate.done.actor.handOff', output: handOffPaid },
    { type: 'xstate.done.actor.handOff', output: handOffDeclined },
    { type: 'xstate.done.actor.handOff', output: handOffClosed },
    { type: 'xstate.error.actor.handOff', error: networkError },
    { type: 'xstate.done.actor.verify', output: sampleCompletion },
    { type: 'xstate.error.actor.verify', error: signatureInvalid },
    { type: 'xstate.error.actor.verify', error: serverError },
  ],
};
