import { act, waitFor } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { actorOutcome, createActorFakes, flush, type ActorFakes } from '../../support/actor-fakes.ts';
import type { MachineModel } from '../../support/machine-model.ts';
import type { ExpectedState, MachinePath } from '../../support/machine-paths.ts';

/**
 * Replays a path generated from a real machine against the rendered view that machine drives: user
 * events become what a user does (typing, clicking, pressing Escape), invoked actors' done/error events
 * settle the view's controllable fake actors, and after every step `expectState` asserts what the user
 * sees in the state the machine itself says it is in.
 */
export type ViewDriver<TContext> = {
  /** Renders the view with the machine provided with `fakes.actors`. */
  mount: (fakes: ActorFakes, input: unknown) => TContext | Promise<TContext>;
  /** Does what a user does to send `event`. */
  perform: (event: EventObject, context: TContext, expectedBefore: ExpectedState) => Promise<void>;
  /** What the user sees in `expected` (throws when it does not match). */
  expectState: (expected: ExpectedState, context: TContext, event: EventObject) => void;
  /** Turns a model's sample output into what the view's real actor would return. */
  output?: (event: EventObject) => unknown;
};

export async function replayInView<TInput, TContext>(
  model: MachineModel<TInput>,
  path: MachinePath<TInput>,
  driver: ViewDriver<TContext>,
) {
  const fakes = createActorFakes(model.actors);
  const context = await driver.mount(fakes, path.input);
  let before = path.steps[0]!.expected;
  await waitFor(() => driver.expectState(before, context, path.steps[0]!.event));
  for (const step of path.steps.slice(1)) {
    const outcome = actorOutcome(step.event);
    if (outcome) {
      await act(async () => {
        if (outcome.kind === 'done')
          fakes.resolve(
            outcome.id,
            driver.output ? driver.output(step.event) : (step.event as { output?: unknown }).output,
          );
        else fakes.reject(outcome.id, (step.event as { error?: unknown }).error);
        await flush();
      });
    } else {
      await driver.perform(step.event, context, before);
    }
    await waitFor(() => driver.expectState(step.expected, context, step.event));
    before = step.expected;
  }
}

export const inState = (expected: ExpectedState, name: string) =>
  expected.states.some((s) => s === name || s.startsWith(`${name}.`));
