import { tokenRefreshMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { refreshInvalid } from '../samples.ts';

export const tokenRefreshModel: MachineModel = {
  name: 'token-refresh',
  machine: tokenRefreshMachine,
  actors: ['refreshAccessToken'],
  appActions: ['storeAccessToken', 'clearTokens', 'redirectToLogin'],
  events: [
    { type: 'refresh.request' },
    { type: 'xstate.done.actor.refreshAccessToken', output: 'new-access-token' },
    { type: 'xstate.error.actor.refreshAccessToken', error: refreshInvalid },
  ],
  // The generation counter grows for ever; the outcome is what differs for a user.
  stateKey: (snapshot) => snapshot.context.lastOutcome,
};
