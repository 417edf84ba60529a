import { disclosureMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';

export const disclosureModel: MachineModel = {
  name: 'disclosure',
  machine: disclosureMachine,
  actors: [],
  appActions: [],
  events: [{ type: 'disclosure.toggle' }, { type: 'disclosure.close' }],
};
