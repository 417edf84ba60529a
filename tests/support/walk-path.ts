import type { EventObject } from 'xstate';
import { actorOutcome, flush } from './actor-fakes.ts';
import type { ExpectedState, MachinePath, PathStep } from './machine-paths.ts';

/**
 * Walks a generated path through anything that is not the bare machine, e.g. a rendered view:
 * user events go to `perform` (click, type), actor outcomes to `settle` (answer the pending API call),
 * and after each step `check` asserts what the user should see in `expected`.
 */
export type PathDriver = {
  perform: (event: EventObject, step: PathStep) => Promise<void> | void;
  settle: (outcome: { kind: 'done' | 'error'; id: string }, event: EventObject, step: PathStep) => Promise<void> | void;
  check: (expected: ExpectedState, step: PathStep, index: number) => Promise<void> | void;
};

export async function walkPath(path: MachinePath<unknown>, driver: PathDriver): Promise<void> {
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) {
      const outcome = actorOutcome(step.event);
      if (outcome) await driver.settle(outcome, step.event, step);
      else await driver.perform(step.event, step);
    }
    await flush();
    await driver.check(step.expected, step, index);
  }
}
