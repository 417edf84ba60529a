import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machinePaths } from '../support/machine-paths.ts';

/** The path generator itself: a path that begins a longer one is dropped, and only such a path. */
describe('generated machine paths', () => {
  // idle -GO-> a -NEXT-> done; idle -SKIP-> done; GO carries a payload whose JSON sorts around the separator.
  const machine = createMachine({
    id: 'steps',
    initial: 'idle',
    states: {
      idle: { on: { GO: 'a', SKIP: 'done' } },
      a: { on: { NEXT: 'done' } },
      done: { type: 'final' },
    },
  });
  const events = [{ type: 'GO', note: '\t' }, { type: 'SKIP' }, { type: 'NEXT' }];

  it('keeps every longest walk and no path that begins another', () => {
    const paths = machinePaths(machine, { events });
    const sequences = paths.map((path) =>
      path.steps
        .slice(1)
        .map((step) => step.event.type)
        .join(' '),
    );
    expect(sequences.filter(Boolean).sort()).toEqual(['GO NEXT', 'SKIP']);
    for (const a of paths) {
      for (const b of paths) {
        if (a === b || a.steps.length === 1) continue;
        const begins = a.steps.every((step, i) => JSON.stringify(b.steps[i]?.event) === JSON.stringify(step.event));
        expect(begins, `${a.description} begins ${b.description}`).toBe(false);
      }
    }
  });
});
