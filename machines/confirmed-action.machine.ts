import { assign, setup } from 'xstate';
import { MESSAGES, userMessage } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * A destructive command asked about first (decision 068; the Privacy tab's Erase now): `confirm.ask` reads
 * what the command would touch (`readImpact`, e.g. the person's active enrollments and unpaid instalments)
 * and the view shows it in a confirmation dialog; only `confirm.yes` there runs the command. Cancel (or
 * Escape) at any point before the run closes the dialog with nothing done. A failed run stays in the
 * dialog with the server's words, to be tried again or cancelled.
 */
export type ConfirmedActionInput = {
  /** What a failed run shows when the server gave no words; default MESSAGES.adminSaveFailed. */
  failureText?: string;
};

export type ConfirmedActionContext<TImpact> = {
  /** What the command would touch, as last read; null until read. */
  impact: TImpact | null;
  /** Why reading the impact or running the command failed. */
  error: string | null;
  failureText: string;
};

export type ConfirmedActionEvent = { type: 'confirm.ask' } | { type: 'confirm.yes' } | { type: 'confirm.cancel' };

export function createConfirmedActionMachine<TImpact = unknown, TOutput = unknown>() {
  return setup({
    types: {
      input: {} as ConfirmedActionInput,
      context: {} as ConfirmedActionContext<TImpact>,
      events: {} as ConfirmedActionEvent,
    },
    actors: {
      /** GET what the command would touch (e.g. /api/admin/users/{id}/impact/). */
      readImpact: notProvided<TImpact, void>('readImpact'),
      /** The command itself. */
      run: notProvided<TOutput, void>('run'),
    },
    actions: {
      /** The app reacts to a run that succeeded (the Privacy tab reloads its requests). */
      finished: appAction(),
      setImpact: assign((_, params: { impact: TImpact }) => ({ impact: params.impact, error: null })),
      showFailure: assign(({ context }, params: { error: unknown }) => ({
        error: userMessage(params.error, context.failureText),
      })),
      showReadFailure: assign((_, params: { error: unknown }) => ({
        error: userMessage(params.error, MESSAGES.adminLoadFailed),
      })),
      clear: assign({ error: null }),
    },
  }).createMachine({
    id: 'confirmedAction',
    context: ({ input }) => ({
      impact: null,
      error: null,
      failureText: input.failureText ?? MESSAGES.adminSaveFailed,
    }),
    initial: 'idle',
    states: {
      idle: {
        on: { 'confirm.ask': { target: 'reading', actions: 'clear' } },
      },
      /** The dialog is open, saying what it is reading. */
      reading: {
        tags: ['open', 'busy'],
        on: { 'confirm.cancel': { target: 'idle' } },
        invoke: {
          id: 'readImpact',
          src: 'readImpact',
          onDone: {
            target: 'confirming',
            actions: { type: 'setImpact', params: ({ event }) => ({ impact: event.output }) },
          },
          onError: {
            target: 'readFailed',
            actions: { type: 'showReadFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      /** Without knowing what it touches, the command is not offered: read again, or cancel. */
      readFailed: {
        tags: ['open'],
        on: {
          'confirm.ask': { target: 'reading', actions: 'clear' },
          'confirm.cancel': { target: 'idle' },
        },
      },
      /** The dialog lists `impact`; the command runs only from here. */
      confirming: {
        tags: ['open'],
        on: {
          'confirm.yes': { target: 'running' },
          'confirm.cancel': { target: 'idle' },
        },
      },
      running: {
        tags: ['open', 'busy'],
        invoke: {
          id: 'run',
          src: 'run',
          onDone: { target: 'done', actions: 'finished' },
          onError: {
            target: 'failed',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      /** Still in the dialog with `error`: try again or cancel. */
      failed: {
        tags: ['open'],
        on: {
          'confirm.yes': { target: 'running', actions: 'clear' },
          'confirm.cancel': { target: 'idle' },
        },
      },
      done: {
        on: { 'confirm.ask': { target: 'reading', actions: 'clear' } },
      },
    },
  });
}

export const confirmedActionMachine = createConfirmedActionMachine();

/** A confirmed action machine reading TImpact (what a view that runs one needs). */
export type ConfirmedActionLogic<TImpact, TOutput = unknown> = ReturnType<
  typeof createConfirmedActionMachine<TImpact, TOutput>
>;
