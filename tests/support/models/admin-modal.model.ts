import { adminModalMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, titleRequired } from '../samples.ts';

export const sampleAdminItem = { id: 12, title: 'Credit Analyst Program' };
/** The Idempotency-Key the view made when it opened a refund dialog. */
export const sampleRefundKey = '5d0c1a36-7f3e-4c52-9a51-0b6f3d2e8c11';

export const adminModalModel: MachineModel = {
  name: 'admin-modal',
  machine: adminModalMachine,
  actors: ['saveItem', 'deleteItem'],
  appActions: ['itemSaved'],
  events: [
    { type: 'modal.view', item: sampleAdminItem },
    { type: 'modal.task', item: sampleAdminItem },
    { type: 'modal.add' },
    { type: 'modal.edit', item: sampleAdminItem },
    { type: 'modal.resolve', item: sampleAdminItem },
    { type: 'modal.refund', item: sampleAdminItem, key: sampleRefundKey },
    { type: 'modal.submit', values: { title: 'Credit Analyst Program', status: 'completed' } },
    { type: 'modal.close' },
    { type: 'modal.delete', item: sampleAdminItem },
    { type: 'modal.confirm' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.saveItem', output: { id: 12 } },
    { type: 'xstate.error.actor.saveItem', error: titleRequired },
    { type: 'xstate.done.actor.deleteItem', output: undefined },
    { type: 'xstate.error.actor.deleteItem', error: networkError },
  ],
};
