import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createActorFakes, flush, settleActorEvent, type ActorCall } from './actor-fakes.ts';
import type { MachineModel } from './machine-model.ts';
import { expectedStateOf, plainJson, type ExpectedState, type MachinePath, type PathStep } from './machine-paths.ts';
import { createTransitionRecorder } from './transitions.ts';

/**
 * Replays a generated path against a live actor of the real machine whose actors are controllable
 * fakes: user events are sent, done/error events settle the waiting fake. After every step the caller
 * sees the live snapshot, the generated expectation and the effects of that step.
 */
export type StepEffects = {
  /** App actions run during the step, with their params. */
  actions: { name: string; params: unknown }[];
  /** Actors invoked during the step, with their input. */
  calls: ActorCall[];
};

export type ReplayedStep = {
  index: number;
  step: PathStep;
  /** The step's event that led here (xstate.init for the first). */
  event: PathStep['event'];
  live: ExpectedState;
  snapshot: AnyMachineSnapshot;
  previous: AnyMachineSnapshot | null;
  effects: StepEffects;
};

export type ReplayOptions = {
  /** Receives the key of every transition taken (for the coverage gate). */
  walked?: Set<string>;
  onStep?: (replayed: ReplayedStep) => void;
};

export async function replayPath<TInput>(
  model: MachineModel<TInput>,
  path: MachinePath<TInput>,
  options: ReplayOptions = {},
): Promise<void> {
  const fakes = createActorFakes(model.actors);
  const actionLog: StepEffects['actions'] = [];
  const actions = Object.fromEntries(
    model.appActions.map((name) => [
      name,
      (_: unknown, params: unknown) => actionLog.push({ name, params: plainJson(params) }),
    ]),
  );
  const recorder = createTransitionRecorder(options.walked);
  const machine = model.machine.provide({ actors: fakes.actors, actions } as never);
  const actor = createActor(machine, { input: path.input, inspect: recorder.inspect });
  let previous: AnyMachineSnapshot | null = null;
  let callsSeen = 0;
  let actionsSeen = 0;
  actor.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      if (index > 0 && !settleActorEvent(fakes, step.event)) actor.send(step.event);
      await flush();
      const snapshot = actor.getSnapshot();
      const effects = { actions: actionLog.slice(actionsSeen), calls: fakes.calls.slice(callsSeen) };
      actionsSeen = actionLog.length;
      callsSeen = fakes.calls.length;
      options.onStep?.({
        index,
        step,
        event: step.event,
        live: expectedStateOf(snapshot),
        snapshot,
        previous,
        effects,
      });
      previous = snapshot;
    }
  } finally {
    actor.stop();
  }
}
