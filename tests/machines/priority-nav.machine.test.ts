import { describe, expect, it } from 'vitest';
import { itemsThatFit } from '../../machines/index.ts';
import { priorityNavModel, priorityNavShown } from '../support/models/index.ts';
import { stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('priority-nav machine, generated paths', () => {
  testGeneratedPaths(priorityNavModel, (step) => {
    const state = stateOf(step);
    const { shown, widths } = step.snapshot.context;
    // Before any measurement every item is in the row (the server's HTML) and the menu is closed.
    if (step.index === 0) expect([state, shown]).toEqual(['closed', Number.POSITIVE_INFINITY]);
    // Each measurement keeps exactly the first items that fit beside the More button.
    const expected = priorityNavShown.get(step.event);
    if (expected !== undefined) expect(shown).toBe(expected);
    // The menu is open only while something is behind More, and says so by its tag.
    expect(step.snapshot.hasTag('open')).toBe(state === 'open');
    if (state === 'open') expect(shown).toBeLessThan(widths.length);
    // More opens on its button only when it has items; it toggles closed and closes on nav.close.
    if (step.event.type === 'nav.toggle') {
      const before = step.previous!;
      const couldOpen = before.context.shown < before.context.widths.length;
      expect(state).toBe(before.value === 'open' || !couldOpen ? 'closed' : 'open');
    }
    if (step.event.type === 'nav.close') expect(state).toBe('closed');
  });
});

describe('itemsThatFit', () => {
  it('keeps every item when they fit without More, else the first that fit beside it', () => {
    expect(itemsThatFit([50, 50], 100, 40)).toBe(2);
    expect(itemsThatFit([50, 50], 99, 40)).toBe(1);
    expect(itemsThatFit([50, 50], 89, 40)).toBe(0);
    expect(itemsThatFit([], 0, 40)).toBe(0);
    // A narrow item after a wide one stays behind More: the row keeps the order of the links.
    expect(itemsThatFit([80, 10, 10], 95, 40)).toBe(0);
  });
});
