import { describe, expect } from 'vitest';
import { MESSAGES } from '../../contract/index.ts';
import { loaderModel, sampleStats } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('loader machine, generated paths', () => {
  testGeneratedPaths(loaderModel, (step) => {
    const state = stateOf(step);
    const { data, error } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading');
    expect(actorCalls(step.effects)).toEqual(state === 'loading' ? [{ src: 'load', input: { params: {} } }] : []);
    if (state === 'failed') expect(error).toBe(MESSAGES.adminLoadFailed);
    if (state === 'loaded') expect([data, error]).toEqual([sampleStats, null]);
    // A reload keeps the figures shown until the new ones arrive.
    if (step.event.type === 'loader.reload') expect(data).toEqual(step.previous!.context.data);
  });
});
