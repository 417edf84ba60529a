import { describe, expect } from 'vitest';
import { disclosureModel } from '../support/models/index.ts';
import { stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('disclosure machine, generated paths', () => {
  testGeneratedPaths(disclosureModel, (step) => {
    const state = stateOf(step);
    // Collapsed until asked; the view's aria-expanded follows the open tag.
    if (step.index === 0) expect(state).toBe('closed');
    expect(step.snapshot.hasTag('open')).toBe(state === 'open');
    // The button toggles; a close (Escape, a choice made) always collapses.
    if (step.event.type === 'disclosure.toggle')
      expect(state).toBe(step.previous!.value === 'open' ? 'closed' : 'open');
    if (step.event.type === 'disclosure.close') expect(state).toBe('closed');
  });
});
