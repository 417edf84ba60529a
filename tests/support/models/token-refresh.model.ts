import { tokenRefreshMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { refreshInvalid } from '../samples.ts';

export const tokenRefreshModel: MachineModel = {
  name: 'token-refresh',
  machine: tokenRefreshMachine,
  actors: ['refreshTokens'],
  appActions: ['storeTokens', 'clearTokens', 'redirectToLogin'],
  events: [
    { type: 'refresh.request' },
    { type: 'xstate.done.actor.refreshTokens', output: { access: 'new-access-token', refresh: 'new-refresh-token' } },
    { type: 'xstate.error.actor.refreshTokens', error: refreshInvalid },
  ],
  // The generation counter grows for ever; the outcome is what differs for a user.
  stateKey: (snapshot) => snapshot.context.lastOutcome,
};
