import { ApiError, SERVER_MESSAGES } from '../../../contract/index.ts';
import { resetPasswordMachine, type ResetPasswordInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';

export const resetPasswordInputs = {
  withToken: { token: 'b1Yx-sample_token' },
  withoutToken: { token: '' },
} satisfies Record<string, ResetPasswordInput>;

export const validNewPassword = { password: 'N3w-password!' };
export const shortNewPassword = { password: 'short' };
/** The server's answer to a used or expired token. */
export const resetLinkInvalid = new ApiError(400, { error: SERVER_MESSAGES.resetLinkInvalid });
/** The server's field errors for a password the browser let through (rules drifting apart). */
export const passwordRefused = new ApiError(400, { password: ['Password must be at most 256 characters.'] });

export const resetPasswordModel: MachineModel<ResetPasswordInput> = {
  name: 'reset-password',
  machine: resetPasswordMachine,
  actors: ['setNewPassword'],
  appActions: [],
  inputs: Object.values(resetPasswordInputs),
  describeEvent: (event) => {
    const values = (event as { values?: unknown }).values;
    if (values === validNewPassword) return 'reset.submit(valid)';
    if (values === shortNewPassword) return 'reset.submit(too short)';
    return undefined;
  },
  events: [
    { type: 'reset.submit', values: validNewPassword },
    { type: 'reset.submit', values: shortNewPassword },
    { type: 'xstate.done.actor.setNewPassword', output: undefined },
    { type: 'xstate.error.actor.setNewPassword', error: resetLinkInvalid },
    { type: 'xstate.error.actor.setNewPassword', error: passwordRefused },
    { type: 'xstate.error.actor.setNewPassword', error: serverError },
    { type: 'xstate.error.actor.setNewPassword', error: networkError },
  ],
};
