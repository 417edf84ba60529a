import { fromPromise } from 'xstate';

/**
 * Machines declare their side effects as typed placeholders; the app (and the tests) supply the real
 * ones with `machine.provide({ actors, actions })`. A placeholder that runs unprovided fails loudly,
 * as an actor error the machine turns into a state, instead of silently doing nothing.
 */
export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The "${name}" actor was not provided: supply it with machine.provide({ actors }).`);
  });
}

/** An app-supplied action (tokens, navigation, reloading lists) that does nothing until provided. */
export function appAction<TParams = undefined>() {
  return (_args: unknown, _params: TParams): void => {};
}
