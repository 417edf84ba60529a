import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { getNextSnapshot, getInitialSnapshot } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap, type StatePath } from 'xstate/graph';

/**
 * Paths generated from a real machine with xstate/graph, as plain steps a test can replay against the
 * machine (tests/machines) or against a rendered view (tests/views). Invoked actors appear as their
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, with the sample outputs and errors given.
 */
export type PathKind = 'shortest' | 'simple' | 'transitions' | 'cover';

export type PathOptions<TInput = unknown> = {
  /** Sample events, several per type where payloads matter (valid and invalid forms, done and error…). */
  events: readonly EventObject[];
  input?: TInput;
  /**
   * What makes two snapshots different states for the traversal. Default: value and context.
   * Project a growing context (counters, appended items) to something finite; the expectations of a
   * path are still the machine's full snapshots along it.
   */
  stateKey?: (snapshot: AnyMachineSnapshot) => unknown;
  /** A short name for an event in path descriptions (default: its type and a shortened payload). */
  describeEvent?: (event: EventObject) => string | undefined;
  /** Which generators to use (see machinePaths); default all three. */
  kind?: readonly PathKind[];
};

export type ExpectedState = {
  value: StateValue;
  /** Dotted atomic state names, e.g. ["loaded.idle"]. */
  states: string[];
  /** The context as plain JSON (functions dropped). */
  context: unknown;
  tags: string[];
  status: string;
};

export type PathStep = { event: EventObject; expected: ExpectedState };

export type MachinePath<TInput = unknown> = {
  /** "none → payment.start → xstate.done.actor.startPayment(...)": also the test name. */
  description: string;
  input: TInput | undefined;
  /** The first step is `xstate.init` with the initial state. */
  steps: PathStep[];
};

export function plainJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** What a test compares of a snapshot, live or generated. */
export function expectedStateOf(snapshot: AnyMachineSnapshot): ExpectedState {
  const states = snapshot._nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
  return {
    value: snapshot.value,
    states,
    context: plainJson(snapshot.context),
    tags: [...snapshot.tags].sort(),
    status: snapshot.status,
  };
}

function describeEvent(event: EventObject): string {
  const { type, ...payload } = event;
  const error = (payload as { error?: unknown }).error;
  if (error instanceof Error) return `${type}(${error.name}: ${error.message})`;
  const shown = JSON.stringify(payload);
  return shown === '{}' ? type : `${type}(${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown})`;
}

/**
 * Error events serialise as {} by default; name and message tell two sample errors apart. A chosen file
 * (a form's PDF) would too: its name and type tell two samples apart.
 */
function serializeEvent(event: EventObject): string {
  return JSON.stringify(event, (_key, value: unknown) => {
    if (value instanceof Error) return { ...value, name: value.name, message: value.message };
    if (value instanceof File) return { file: value.name, type: value.type };
    return value;
  });
}

/** The expectations of a path: the real machine's snapshots along its events, computed without actors. */
function toMachinePath<TInput>(
  machine: AnyStateMachine,
  options: PathOptions<TInput>,
  events: EventObject[],
): MachinePath<TInput> {
  const input = options.input;
  let snapshot = getInitialSnapshot(machine, input) as AnyMachineSnapshot;
  const steps: PathStep[] = [{ event: { type: 'xstate.init' }, expected: expectedStateOf(snapshot) }];
  for (const event of events) {
    snapshot = getNextSnapshot(machine, snapshot, event) as AnyMachineSnapshot;
    steps.push({ event, expected: expectedStateOf(snapshot) });
  }
  const start = steps[0]!.expected.states.join(',');
  const description = [start, ...events.map((event) => options.describeEvent?.(event) ?? describeEvent(event))].join(
    ' → ',
  );
  return { description, input, steps };
}

const eventsOf = (path: StatePath<AnyMachineSnapshot, EventObject>) => path.steps.slice(1).map((step) => step.event);

/**
 * Paths generated from `machine` by xstate/graph:
 * - shortest: getShortestPaths, one path to every state;
 * - simple: getSimplePaths, every path that repeats no state;
 * - transitions: for every state the traversal reaches (its adjacency map), the shortest path to it
 *   followed by each event it handles, so transitions back to a known state (close, retry, a second
 *   submit) are walked too.
 * - cover: the paths of shortest and transitions, reduced (greedily) to a few that still take every sample
 *   event in every state value the traversal reaches at least once (context ignored): for rendered
 *   views, where each step costs a render, every transition is walked without walking it in every context.
 * Duplicate event sequences and sequences that begin a longer one are dropped.
 */
export function machinePaths<TInput = unknown>(
  machine: AnyStateMachine,
  options: PathOptions<TInput>,
): MachinePath<TInput>[] {
  const stateKey = options.stateKey ?? ((snapshot: AnyMachineSnapshot) => snapshot.context);
  const serializeState = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, status: snapshot.status, key: stateKey(snapshot) });
  const traversal = {
    // Only the events the current states handle, as xstate/graph does when given no events.
    events: (snapshot: AnyMachineSnapshot) => {
      const handled = new Set(snapshot._nodes.flatMap((node) => node.ownEvents));
      return options.events.filter((event) => handled.has(event.type));
    },
    input: options.input,
    serializeEvent: serializeEvent as never,
    serializeState: serializeState as never,
  };
  const kinds = new Set<PathKind>(options.kind ?? ['shortest', 'simple', 'transitions']);
  const shortest = getShortestPaths(machine, traversal) as StatePath<AnyMachineSnapshot, EventObject>[];
  const sequences: EventObject[][] = [];
  if (kinds.has('shortest')) sequences.push(...shortest.map(eventsOf));
  if (kinds.has('simple')) sequences.push(...(getSimplePaths(machine, traversal) as typeof shortest).map(eventsOf));
  if (kinds.has('transitions')) {
    const toState = new Map(shortest.map((path) => [serializeState(path.state), eventsOf(path)]));
    const adjacency = getAdjacencyMap(machine, traversal) as AdjacencyMap<AnyMachineSnapshot, EventObject>;
    for (const [serial, { transitions }] of Object.entries(adjacency)) {
      const head = toState.get(serial);
      if (!head) continue;
      for (const { event } of Object.values(transitions) as { event: EventObject }[]) sequences.push([...head, event]);
    }
  }
  if (kinds.has('cover')) {
    sequences.push(...shortest.map(eventsOf));
    const toState = new Map(shortest.map((path) => [serializeState(path.state), eventsOf(path)]));
    const adjacency = getAdjacencyMap(machine, traversal) as AdjacencyMap<AnyMachineSnapshot, EventObject>;
    for (const [serial, { transitions }] of Object.entries(adjacency)) {
      const head = toState.get(serial);
      if (!head) continue;
      for (const { event } of Object.values(transitions) as { event: EventObject }[]) sequences.push([...head, event]);
    }
  }
  const byKey = new Map(sequences.map((events) => [events.map(serializeEvent).join('\n'), events]));
  // A path that is the beginning of another walks nothing the longer one does not. Sorted, a sequence that
  // begins others comes right before them: its events' JSON has no character below the newline between them.
  const keys = [...byKey.keys()].sort();
  const paths = keys
    .filter((key, i) => !keys[i + 1]?.startsWith(`${key}\n`))
    .map((key) => toMachinePath(machine, options, byKey.get(key)!));
  return kinds.has('cover') && kinds.size === 1 ? coverEveryStep(paths) : paths;
}

/** What one step walks, context ignored: the state value it leaves and the event it takes there. */
function stepKeys(path: MachinePath<unknown>): string[] {
  return path.steps
    .slice(1)
    .map((step, i) => `${path.steps[i]!.expected.states.join(',')}|${serializeEvent(step.event)}`);
}

/** Greedy set cover: the fewest paths (in practice) that together walk every step any of `paths` walks. */
function coverEveryStep<TInput>(paths: MachinePath<TInput>[]): MachinePath<TInput>[] {
  const keysOf = new Map(paths.map((path) => [path, new Set(stepKeys(path as MachinePath<unknown>))]));
  const uncovered = new Set([...keysOf.values()].flatMap((keys) => [...keys]));
  const chosen: MachinePath<TInput>[] = [];
  while (uncovered.size > 0) {
    let best: MachinePath<TInput> | undefined;
    let bestGain = 0;
    for (const [path, keys] of keysOf) {
      let gain = 0;
      for (const key of keys) if (uncovered.has(key)) gain += 1;
      if (gain > bestGain || (gain === bestGain && best && gain > 0 && path.steps.length < best.steps.length)) {
        best = path;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const key of keysOf.get(best)!) uncovered.delete(key);
    keysOf.delete(best);
  }
  return chosen.sort((a, b) => a.description.localeCompare(b.description));
}
