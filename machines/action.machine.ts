import { assign, setup } from 'xstate';
import { MESSAGES, userMessage } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * A command the user runs on demand and whose answer is shown (the Reconciliation tab's Sync): nothing
 * runs until `action.run`; the last answer stays shown until the next run ends.
 */
export type ActionInput = {
  /** The text a failed run shows when the server gave no words; default MESSAGES.adminLoadFailed. */
  failureText?: string;
};

export type ActionContext<TOutput> = {
  /** The last successful run's answer. */
  output: TOutput | null;
  error: string | null;
  failureText: string;
};

export type ActionEvent = { type: 'action.run' };

/** An action machine typed for its answer; `actionMachine` below is the untyped instance. */
export function createActionMachine<TOutput = unknown>() {
  return setup({
    types: {
      input: {} as ActionInput,
      context: {} as ActionContext<TOutput>,
      events: {} as ActionEvent,
    },
    actors: {
      run: notProvided<TOutput, void>('run'),
    },
    actions: {
      /** The app reacts to a run that succeeded (the Reconciliation tab reloads its lists). */
      finished: appAction(),
      setOutput: assign((_, params: { output: TOutput }) => ({ output: params.output, error: null })),
      showFailure: assign(({ context }, params: { error: unknown }) => ({
        error: userMessage(params.error, context.failureText),
      })),
    },
  }).createMachine({
    id: 'action',
    context: ({ input }) => ({
      output: null,
      error: null,
      failureText: input.failureText ?? MESSAGES.adminLoadFailed,
    }),
    initial: 'idle',
    states: {
      idle: {
        on: { 'action.run': { target: 'running' } },
      },
      running: {
        tags: ['busy'],
        invoke: {
          id: 'run',
          src: 'run',
          onDone: {
            target: 'done',
            actions: [{ type: 'setOutput', params: ({ event }) => ({ output: event.output }) }, 'finished'],
          },
          onError: {
            target: 'failed',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      done: {
        on: { 'action.run': { target: 'running' } },
      },
      failed: {
        on: { 'action.run': { target: 'running' } },
      },
    },
  });
}

export const actionMachine = createActionMachine();

/** An action machine answering TOutput (what a view that runs one needs). */
export type ActionLogic<TOutput> = ReturnType<typeof createActionMachine<TOutput>>;
