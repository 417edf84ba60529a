import { describe, expect } from 'vitest';
import { DELIVERY_MESSAGES } from '../../contract/index.ts';
import { batchChoiceModel, fullBatch, sampleBatch } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('batch choice machine, generated paths', () => {
  testGeneratedPaths(batchChoiceModel, (step) => {
    const state = stateOf(step);
    const { batches, chosen, error, isProgram } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading');
    // Only a program's checkout reads batches, and only while loading.
    expect(actorCalls(step.effects)).toEqual(
      state === 'loading' ? [{ src: 'loadBatches', input: { courseId: 3 } }] : [],
    );
    if (!isProgram) expect(state).toBe('none');
    if (state === 'choosing' || state === 'chosen') expect(batches).toEqual([sampleBatch, fullBatch]);
    // A full batch is never the choice; the choice is one of those offered.
    if (state === 'chosen') expect(chosen).toBe(sampleBatch.id);
    if (state === 'choosing') expect(chosen).toBeNull();
    if (step.event.type === 'batch.require' && state === 'choosing')
      expect(error).toBe(DELIVERY_MESSAGES.batchRequired);
    if (state === 'chosen' || state === 'loading') expect(error).toBeNull();
  });
});
