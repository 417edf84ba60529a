import { describe, expect } from 'vitest';
import { actionModel, sampleSyncResult, syncErrorText } from '../support/models/index.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('action machine, generated paths', () => {
  testGeneratedPaths(actionModel, (step) => {
    const state = stateOf(step);
    const { output, error } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown };
    // Nothing runs until asked.
    if (step.index === 0) expect([state, output, error]).toEqual(['idle', null, null]);
    expect(step.snapshot.hasTag('busy')).toBe(state === 'running');
    expect(actorCalls(step.effects)).toEqual(state === 'running' ? [{ src: 'run', input: undefined }] : []);
    if (state === 'done') expect([output, error]).toEqual([sampleSyncResult, null]);
    // The app hears of each run that succeeded, once.
    expect(actionNames(step.effects)).toEqual(event.type === 'xstate.done.actor.run' ? ['finished'] : []);
    // The server's words when it gave some (the gateway down), else the tab's failure text.
    if (event.type === 'xstate.error.actor.run') expect(error).toBe(syncErrorText.get(event.error));
    // A new run keeps the last answer shown until the new one arrives.
    if (event.type === 'action.run') expect(output).toEqual(step.previous!.context.output);
  });
});
