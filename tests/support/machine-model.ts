import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { machinePaths, type MachinePath, type PathOptions } from './machine-paths.ts';

/**
 * Everything needed to generate and replay one machine's paths: the sample events (with the actors'
 * sample outputs and errors), the inputs to start from, and which implementations to fake or record.
 * tests/support/models/ holds one per machine; views tests can import them to walk the same paths.
 */
/** A user event or an invoked actor's `xstate.done.actor.<id>` {output} / `xstate.error.actor.<id>` {error}. */
export type ModelEvent = EventObject & Record<string, unknown>;

export type MachineModel<TInput = unknown> = {
  /** The machine's file name, as in machineCatalog and the coverage line. */
  name: string;
  machine: AnyStateMachine;
  /** Actor src names to replace with controllable fakes. */
  actors: readonly string[];
  /** App-supplied action names whose calls a replay records. */
  appActions: readonly string[];
  /** One traversal per input, for machines whose first state depends on it. Default: one, no input. */
  inputs?: readonly TInput[];
  events: readonly ModelEvent[];
  stateKey?: (snapshot: AnyMachineSnapshot) => unknown;
  kind?: PathOptions['kind'];
  describeEvent?: PathOptions['describeEvent'];
};

/**
 * The model's generated paths, for every input. `kind` overrides the model's generators, e.g.
 * ['shortest', 'transitions'] for fewer, shorter paths where each step is slow (rendered views).
 */
export function modelPaths<TInput>(
  model: MachineModel<TInput>,
  overrides: { kind?: PathOptions['kind'] } = {},
): MachinePath<TInput>[] {
  const inputs: readonly (TInput | undefined)[] = model.inputs ?? [undefined];
  return inputs.flatMap((input) =>
    machinePaths<TInput>(model.machine, {
      events: model.events,
      input,
      stateKey: model.stateKey,
      kind: overrides.kind ?? model.kind,
      describeEvent: model.describeEvent,
    }),
  );
}
