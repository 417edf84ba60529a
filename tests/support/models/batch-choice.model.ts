import type { Batch } from '../../../contract/index.ts';
import { batchChoiceMachine, type BatchChoiceInput } from '../../../machines/batch-choice.machine.ts';
import type { MachineModel } from '../machine-model.ts';

export const sampleBatch: Batch = {
  id: 41,
  course: 3,
  name: 'January weekend batch',
  starts_on: '2027-01-09',
  ends_on: '2027-05-29',
  seats: 30,
  seats_taken: 12,
  seats_left: 18,
  mode: 'hybrid',
  location: 'Andheri East, Mumbai',
  instructor: null,
  is_open: true,
};
export const fullBatch: Batch = { ...sampleBatch, id: 42, name: 'Full batch', seats_taken: 30, seats_left: 0 };

export const batchChoiceModel: MachineModel<BatchChoiceInput> = {
  name: 'batch-choice',
  machine: batchChoiceMachine,
  actors: ['loadBatches'],
  appActions: [],
  inputs: [
    { courseType: 'program', courseId: '3' },
    { courseType: 'workshop', courseId: '2' },
  ],
  events: [
    { type: 'xstate.done.actor.loadBatches', output: [sampleBatch, fullBatch] },
    { type: 'xstate.done.actor.loadBatches', output: [] },
    { type: 'xstate.error.actor.loadBatches', error: new Error('offline') },
    { type: 'batch.choose', batchId: sampleBatch.id },
    { type: 'batch.choose', batchId: fullBatch.id },
    { type: 'batch.require' },
  ],
};
