import { fromPromise, type AnyActorLogic, type EventObject } from 'xstate';

/**
 * Controllable stand-ins for a machine's invoked actors: each invocation returns a promise the test
 * settles later, by invoke id, from a generated path's `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` step. Pass `fakes.actors` to `machine.provide({ actors })`.
 */
type Deferred = { resolve: (output: unknown) => void; reject: (error: unknown) => void };

export type ActorCall = { src: string; id: string; input: unknown };

export type ActorFakes = {
  actors: Record<string, AnyActorLogic>;
  /** Every invocation so far, oldest first. */
  calls: ActorCall[];
  /** The invoke ids whose promise is still unsettled. */
  pendingIds(): string[];
  resolve(id: string, output: unknown): void;
  reject(id: string, error: unknown): void;
};

export function createActorFakes(srcNames: readonly string[]): ActorFakes {
  const pending = new Map<string, Deferred>();
  const calls: ActorCall[] = [];
  const actors = Object.fromEntries(
    srcNames.map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, self }) => {
        calls.push({ src, id: self.id, input });
        return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
      }),
    ]),
  );
  function take(id: string): Deferred {
    const deferred = pending.get(id);
    if (!deferred)
      throw new Error(`No invocation of "${id}" is waiting (waiting: ${[...pending.keys()].join(', ') || 'none'})`);
    pending.delete(id);
    return deferred;
  }
  return {
    actors,
    calls,
    pendingIds: () => [...pending.keys()],
    resolve: (id, output) => take(id).resolve(output),
    reject: (id, error) => take(id).reject(error),
  };
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** Tells an invoked actor's outcome event ({kind, id}) from an event a user sends. */
export function actorOutcome(event: EventObject): { kind: 'done' | 'error'; id: string } | null {
  if (event.type.startsWith(DONE)) return { kind: 'done', id: event.type.slice(DONE.length) };
  if (event.type.startsWith(ERROR)) return { kind: 'error', id: event.type.slice(ERROR.length) };
  return null;
}

/** Settles the waiting invocation a done/error event stands for; false for any other event. */
export function settleActorEvent(fakes: ActorFakes, event: EventObject): boolean {
  const outcome = actorOutcome(event);
  if (!outcome) return false;
  if (outcome.kind === 'done') fakes.resolve(outcome.id, (event as { output?: unknown }).output);
  else fakes.reject(outcome.id, (event as { error?: unknown }).error);
  return true;
}

/**
 * Lets settled promises reach the machine: every pending microtask (promise callbacks, the actor's
 * done/error event) runs before the next macrotask. setImmediate where Node offers it, being faster.
 */
export function flush(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}
