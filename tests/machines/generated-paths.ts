import { expect, it } from 'vitest';
import { modelPaths, type MachineModel } from '../support/machine-model.ts';
import { replayPath, type ReplayedStep, type StepEffects } from '../support/replay.ts';

/**
 * One test per generated path: replay it against the real machine with controllable actors and, at
 * every step, check the live snapshot against the generated one (state, context, tags) and against the
 * machine's hand-written oracle: what the user sees and which side effects ran.
 */
export type Oracle = (replayed: ReplayedStep) => void;

export function testGeneratedPaths<TInput>(model: MachineModel<TInput>, oracle: Oracle): void {
  const paths = modelPaths(model);
  it('generates paths from the machine', () => {
    expect(paths.length).toBeGreaterThan(0);
  });
  for (const path of paths) {
    it(path.description, async () => {
      await replayPath(model, path, {
        onStep: (replayed) => {
          const where = `step ${replayed.index} (${replayed.event.type}) of ${path.description}`;
          expect(replayed.live, where).toEqual(replayed.step.expected);
          oracle(replayed);
        },
      });
    });
  }
}

/** The names of the app actions a step ran, in order. */
export function actionNames(effects: StepEffects): string[] {
  return effects.actions.map((action) => action.name);
}

/** The actors a step invoked, as {src, input}. */
export function actorCalls(effects: StepEffects): { src: string; input: unknown }[] {
  return effects.calls.map(({ src, input }) => ({ src, input }));
}

export function stateOf(replayed: ReplayedStep): string {
  return replayed.live.states.join(',');
}

/** True when the step entered a different state than the one before it. */
export function enteredNewState(replayed: ReplayedStep): boolean {
  return (
    replayed.previous === null || JSON.stringify(replayed.previous.value) !== JSON.stringify(replayed.snapshot.value)
  );
}
