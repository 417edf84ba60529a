import { describe, expect } from 'vitest';
import { confirmedActionModel, confirmedErrorText, readErrorText, sampleImpact } from '../support/models/index.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('confirmed action machine, generated paths', () => {
  testGeneratedPaths(confirmedActionModel, (step) => {
    const state = stateOf(step);
    const { impact, error } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown };
    const previous = step.previous ? String(step.previous.value) : null;
    if (step.index === 0) expect([state, impact, error]).toEqual(['idle', null, null]);
    // The dialog is open from the ask until a cancel or a finished run.
    expect(step.snapshot.hasTag('open')).toBe(!['idle', 'done'].includes(state));
    expect(step.snapshot.hasTag('busy')).toBe(state === 'reading' || state === 'running');
    // The impact is read on each ask; the command runs only after a yes in the dialog that listed it.
    const calls = actorCalls(step.effects).map((c) => c.src);
    if (state === 'reading' && previous !== 'reading') expect(calls).toEqual(['readImpact']);
    if (state === 'running') {
      expect(calls).toEqual(['run']);
      expect(['confirming', 'failed']).toContain(previous);
      expect(impact).toEqual(sampleImpact);
    }
    if (state === 'confirming') expect(impact).toEqual(sampleImpact);
    if (event.type === 'confirm.cancel') expect(state).toBe('idle');
    // The app hears of each run that succeeded, once.
    expect(actionNames(step.effects)).toEqual(event.type === 'xstate.done.actor.run' ? ['finished'] : []);
    if (event.type === 'xstate.error.actor.run') expect(error).toBe(confirmedErrorText.get(event.error));
    if (event.type === 'xstate.error.actor.readImpact') expect(error).toBe(readErrorText.get(event.error));
    if (state === 'reading' || state === 'confirming' || state === 'running') expect(error).toBeNull();
  });
});
