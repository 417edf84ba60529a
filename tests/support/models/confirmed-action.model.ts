import { MESSAGES, SERVER_MESSAGES, type UserImpact } from '../../../contract/index.ts';
import { confirmedActionMachine, type ConfirmedActionInput } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { gatewayUnavailable, networkError } from '../samples.ts';

/** What erasing Asha touches: her program and the ₹20,475 instalment she still owes. */
export const sampleImpact: UserImpact = {
  user_id: 10,
  username: 'asha',
  active_enrollments: [{ id: 4, course_type: 'program', title: 'Data Science', status: 'active', batch: 'January' }],
  unpaid_instalments: [
    {
      id: 9,
      enrollment_id: 4,
      title: 'Data Science',
      number: 2,
      of: 3,
      total_paise: 2047500,
      due_on: '2026-12-28',
      overdue: false,
    },
  ],
  unpaid_total_paise: 2047500,
};
export const eraseFailureText = MESSAGES.adminSaveFailed;
export const confirmedErrorText = new Map<unknown, string>([
  [networkError, eraseFailureText],
  [gatewayUnavailable, SERVER_MESSAGES.gatewayUnavailable],
]);
export const readErrorText = new Map<unknown, string>([
  [networkError, MESSAGES.adminLoadFailed],
  [gatewayUnavailable, SERVER_MESSAGES.gatewayUnavailable],
]);

export const confirmedActionModel: MachineModel<ConfirmedActionInput> = {
  name: 'confirmed-action',
  machine: confirmedActionMachine,
  actors: ['readImpact', 'run'],
  appActions: ['finished'],
  inputs: [{ failureText: eraseFailureText }],
  events: [
    { type: 'confirm.ask' },
    { type: 'confirm.yes' },
    { type: 'confirm.cancel' },
    { type: 'xstate.done.actor.readImpact', output: sampleImpact },
    { type: 'xstate.error.actor.readImpact', error: networkError },
    { type: 'xstate.error.actor.readImpact', error: gatewayUnavailable },
    { type: 'xstate.done.actor.run', output: null },
    { type: 'xstate.error.actor.run', error: networkError },
    { type: 'xstate.error.actor.run', error: gatewayUnavailable },
  ],
};
