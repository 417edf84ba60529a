import { forgotPasswordMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';
import { tooManyRequests } from './contact.model.ts';

export const validForgotPassword = { email: 'student@example.in' };
export const invalidForgotPassword = { email: 'student.example.in' };

export const forgotPasswordModel: MachineModel = {
  name: 'forgot-password',
  machine: forgotPasswordMachine,
  actors: ['requestPasswordReset'],
  appActions: [],
  describeEvent: (event) => {
    const values = (event as { values?: unknown }).values;
    if (values === validForgotPassword) return 'forgot.submit(valid)';
    if (values === invalidForgotPassword) return 'forgot.submit(invalid)';
    return undefined;
  },
  events: [
    { type: 'forgot.submit', values: validForgotPassword },
    { type: 'forgot.submit', values: invalidForgotPassword },
    { type: 'xstate.done.actor.requestPasswordReset', output: undefined },
    { type: 'xstate.error.actor.requestPasswordReset', error: tooManyRequests },
    { type: 'xstate.error.actor.requestPasswordReset', error: serverError },
    { type: 'xstate.error.actor.requestPasswordReset', error: networkError },
  ],
};
