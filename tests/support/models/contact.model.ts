import { contactMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';
import { ApiError, type CounselingInput } from '../../../contract/index.ts';

export const validCounseling: CounselingInput = {
  name: 'Neha Gupta',
  email: 'neha@example.in',
  phone: '98765 43210',
  preferred_date: '',
  interest: 'Credit Analyst Program',
  message: '',
};
export const invalidCounseling: CounselingInput = { ...validCounseling, name: '', phone: '12345' };
/** A 4xx whose words the user sees (the rate limit, say). */
export const tooManyRequests = new ApiError(429, { detail: 'Too many requests. Please try again later.' });

export const contactModel: MachineModel = {
  name: 'contact',
  machine: contactMachine,
  actors: ['bookCounseling'],
  appActions: [],
  describeEvent: (event) => {
    const values = (event as { values?: unknown }).values;
    if (values === validCounseling) return 'contact.submit(valid)';
    if (values === invalidCounseling) return 'contact.submit(invalid)';
    return undefined;
  },
  events: [
    { type: 'contact.submit', values: validCounseling },
    { type: 'contact.submit', values: invalidCounseling },
    { type: 'xstate.done.actor.bookCounseling', output: { id: 1 } },
    { type: 'xstate.error.actor.bookCounseling', error: tooManyRequests },
    { type: 'xstate.error.actor.bookCounseling', error: serverError },
    { type: 'xstate.error.actor.bookCounseling', error: networkError },
  ],
};
