import { checkoutMachine, type CheckoutCourse, type CheckoutInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  checkoutNow,
  invalidCardForm,
  networkError,
  notFound,
  serverError,
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
} satisfies Record<string, CheckoutInput>;

export const checkoutModel: MachineModel<CheckoutInput> = {
  name: 'checkout',
  machine: checkoutMachine,
  actors: ['loadCourse', 'pay'],
  appActions: [],
  inputs: Object.values(checkoutInputs),
  describeEvent: (event) => {
    const form = (event as { form?: unknown }).form;
    if (form === validCardForm) return 'checkout.submit(valid card)';
    if (form === validUpiForm) return 'checkout.submit(valid UPI)';
    if (form === invalidCardForm) return 'checkout.submit(invalid card)';
    return undefined;
  },
  events: [
    { type: 'checkout.submit', form: validCardForm },
    { type: 'checkout.submit', form: validUpiForm },
    { type: 'checkout.submit', form: invalidCardForm },
    { type: 'xstate.done.actor.loadCourse', output: sampleCheckoutCourse },
    { type: 'xstate.error.actor.loadCourse', error: notFound },
    { type: 'xstate.done.actor.pay', output: undefined },
    { type: 'xstate.error.actor.pay', error: serverError },
    { type: 'xstate.error.actor.pay', error: networkError },
  ],
};
