import { assign, setup } from 'xstate';
import {
  CounselingInput,
  firstFieldErrors,
  MESSAGES,
  userMessage,
  type CounselingInput as CounselingValues,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The contact page's Book Free Counseling form (docs/deviations.md). The view keeps the typed values;
 * the machine checks them with the contract schema, sends them, and says how it went.
 */
export type ContactContext = {
  /** The first message per field of the last refused submit (the server's keys: contract/validation.ts). */
  errors: Record<string, string>;
  /** The failure text of the last send. */
  failure: string | null;
};

export type ContactEvent = { type: 'contact.submit'; values: CounselingValues };
export type BookCounselingInput = { values: CounselingValues };

function fieldErrorsOf(values: CounselingValues): Record<string, string> {
  const result = CounselingInput.safeParse(values);
  return result.success ? {} : firstFieldErrors(result.error);
}

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    /** POST /classroom/counseling-requests/. */
    bookCounseling: notProvided<unknown, BookCounselingInput>('bookCounseling'),
  },
  actions: {
    showErrors: assign((_, params: { values: CounselingValues }) => ({
      errors: fieldErrorsOf(params.values),
      failure: null,
    })),
    clear: assign({ errors: {}, failure: null }),
    setFailure: assign((_, params: { error: unknown }) => ({
      failure: userMessage(params.error, MESSAGES.counselingFailed),
    })),
  },
  guards: {
    isValid: (_, params: { values: CounselingValues }) => Object.keys(fieldErrorsOf(params.values)).length === 0,
  },
}).createMachine({
  id: 'contact',
  initial: 'idle',
  context: { errors: {}, failure: null },
  // From the form, the confirmation or the failure alike: a valid form is sent, else its messages show.
  on: {
    'contact.submit': [
      {
        guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
        target: '.submitting',
        actions: 'clear',
      },
      { target: '.idle', actions: { type: 'showErrors', params: ({ event }) => ({ values: event.values }) } },
    ],
  },
  states: {
    idle: {},
    submitting: {
      tags: ['busy'],
      // Submits while one is in flight are ignored.
      on: { 'contact.submit': {} },
      invoke: {
        id: 'bookCounseling',
        src: 'bookCounseling',
        input: ({ event }) => ({ values: (event as ContactEvent).values }),
        onDone: { target: 'sent' },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The view shows MESSAGES.counselingSent and empties the form. */
    sent: {},
    /** The view shows `failure`. */
    failed: {},
  },
});

/** The contact machine (what a view that runs one needs). */
export type ContactLogic = typeof contactMachine;
