import { MESSAGES, SERVER_MESSAGES, type SyncResult } from '../../../contract/index.ts';
import { actionMachine, type ActionInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { gatewayUnavailable, networkError } from '../samples.ts';

/** The Reconciliation tab's Sync answer: two pending payments asked about, one completed. */
export const sampleSyncResult: SyncResult = { checked: 2, completed: 1, errors: [] };
export const syncFailureText = MESSAGES.adminLoadFailed;
export const syncErrorText = new Map<unknown, string>([
  [networkError, syncFailureText],
  [gatewayUnavailable, SERVER_MESSAGES.gatewayUnavailable],
]);

export const actionModel: MachineModel<ActionInput> = {
  name: 'action',
  machine: actionMachine,
  actors: ['run'],
  appActions: ['finished'],
  inputs: [{ failureText: syncFailureText }],
  events: [
    { type: 'action.run' },
    { type: 'xstate.done.actor.run', output: sampleSyncResult },
    { type: 'xstate.error.actor.run', error: networkError },
    { type: 'xstate.error.actor.run', error: gatewayUnavailable },
  ],
};
