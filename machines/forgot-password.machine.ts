import { assign, setup } from 'xstate';
import {
  firstFieldErrors,
  MESSAGES,
  PasswordResetRequestInput,
  userMessage,
  type PasswordResetRequestInput as ForgotPasswordValues,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * "Forgot password?": the visitor gives an email address and, whether or not an account has it, sees
 * the same answer (SERVER_MESSAGES.resetRequested). The view keeps the typed value; the machine checks
 * it with the contract schema, sends it, and says how it went.
 */
export type ForgotPasswordContext = {
  /** The first message per field of the last refused submit. */
  errors: Record<string, string>;
  /** The failure text of the last send (the server's words for a 4xx, such as the rate limit). */
  failure: string | null;
};

export type ForgotPasswordEvent = { type: 'forgot.submit'; values: ForgotPasswordValues };
export type RequestPasswordResetInput = { values: ForgotPasswordValues };

function fieldErrorsOf(values: ForgotPasswordValues): Record<string, string> {
  const result = PasswordResetRequestInput.safeParse(values);
  return result.success ? {} : firstFieldErrors(result.error);
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** POST /auth/password-reset/. */
    requestPasswordReset: notProvided<unknown, RequestPasswordResetInput>('requestPasswordReset'),
  },
  actions: {
    showErrors: assign((_, params: { values: ForgotPasswordValues }) => ({
      errors: fieldErrorsOf(params.values),
      failure: null,
    })),
    clear: assign({ errors: {}, failure: null }),
    setFailure: assign((_, params: { error: unknown }) => ({
      failure: userMessage(params.error, MESSAGES.passwordResetRequestFailed),
    })),
  },
  guards: {
    isValid: (_, params: { values: ForgotPasswordValues }) => Object.keys(fieldErrorsOf(params.values)).length === 0,
  },
}).createMachine({
  id: 'forgot-password',
  initial: 'idle',
  context: { errors: {}, failure: null },
  // From the form, the answer or the failure alike: a valid form is sent, else its messages show.
  on: {
    'forgot.submit': [
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
      on: { 'forgot.submit': {} },
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ event }) => ({ values: (event as ForgotPasswordEvent).values }),
        onDone: { target: 'sent' },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The view shows SERVER_MESSAGES.resetRequested (the same for every address). */
    sent: {},
    /** The view shows `failure`. */
    failed: {},
  },
});

/** The forgot-password machine (what a view that runs one needs). */
export type ForgotPasswordLogic = typeof forgotPasswordMachine;
