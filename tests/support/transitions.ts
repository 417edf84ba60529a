import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * What the coverage gate counts as a transition: one per (source state, event, guard, targets) of the
 * machine definition, including eventless (`always`), invoke onDone/onError and guarded alternatives.
 * The same list feeds the diagrams, so a diagram shows exactly what the gate counts.
 */
export type MachineTransition = {
  /** Stable across `machine.provide()`: "session.checking xstate.done.actor.loadCurrentUser [hasUser] -> session.authenticated". */
  key: string;
  source: string;
  /** The event type; "always" for an eventless transition. */
  event: string;
  guard: string | null;
  /** Target state ids; empty for a transition that stays (actions only). */
  targets: string[];
  actions: string[];
  /** The source node, for callers that draw the machine. */
  sourceNode: AnyStateNode;
};

function nameOf(implementation: unknown): string | null {
  if (implementation == null) return null;
  if (typeof implementation === 'string') return implementation;
  if (typeof implementation === 'object' && 'type' in implementation) return String(implementation.type);
  if (typeof implementation === 'function') {
    // assign(), raise()… carry their kind on `type`; inline functions have at most a name.
    const kind = (implementation as { type?: unknown }).type;
    return typeof kind === 'string' ? kind : implementation.name || 'inline';
  }
  return 'inline';
}

function siblingsOf(transition: AnyTransitionDefinition): AnyTransitionDefinition[] {
  const source = transition.source;
  return transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
}

export function describeTransition(
  transition: AnyTransitionDefinition,
): Omit<MachineTransition, 'key'> & { key: string } {
  const source = transition.source.id;
  const event = transition.eventType === '' ? 'always' : transition.eventType;
  const guard = nameOf(transition.guard);
  const targets = (transition.target ?? []).map((node: AnyStateNode) => node.id);
  const actions = (transition.actions ?? []).map(nameOf).filter((name: string | null): name is string => name !== null);
  // Two definitions alike in all of the above would share a key; the position tells them apart.
  const position = siblingsOf(transition).indexOf(transition);
  const key = `${source} ${event}${guard ? ` [${guard}]` : ''} -> ${targets.length ? targets.join(',') : '(stay)'}#${position}`;
  return { key, source, event, guard, targets, actions, sourceNode: transition.source };
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

/** Every transition of the machine's definition, in document order. */
export function listTransitions(machine: AnyStateMachine): MachineTransition[] {
  return allNodes(machine.root).flatMap((node) => {
    const eventful = [...node.transitions.values()].flat();
    const eventless = node.always ?? [];
    return [...eventful, ...eventless].map(describeTransition);
  });
}

/** Records the keys of the transitions a running actor takes; pass `inspect` to createActor. */
export function createTransitionRecorder(walked: Set<string> = new Set()) {
  return {
    walked,
    inspect(event: InspectionEvent) {
      if (event.type !== '@xstate.microstep') return;
      // Only the root actor's own transitions: invoked promise actors have none.
      for (const transition of (event as { _transitions?: AnyTransitionDefinition[] })._transitions ?? []) {
        walked.add(describeTransition(transition).key);
      }
    },
  };
}

export type CoverageReport = { name: string; total: number; covered: number; missing: string[]; line: string };

/** Compares the walked keys with the machine's transitions; `line` is what the gate prints. */
export function coverageReport(name: string, machine: AnyStateMachine, walked: ReadonlySet<string>): CoverageReport {
  const keys = listTransitions(machine).map((t) => t.key);
  const missing = keys.filter((key) => !walked.has(key));
  const covered = keys.length - missing.length;
  return { name, total: keys.length, covered, missing, line: `${name}: covered ${covered}/${keys.length} transitions` };
}
