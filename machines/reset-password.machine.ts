import { assign, setup } from 'xstate';
import {
  ApiError,
  firstFieldErrors,
  MESSAGES,
  PasswordResetConfirmInput,
  SERVER_MESSAGES,
  userMessage,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The emailed link's page: set a new password (the sign-up rules) with the link's single-use token.
 * A link without a token, or one the server refuses (expired, used), shows why and a way to ask again;
 * on success the view leads to the login page with MESSAGES.passwordResetDone.
 */
export type ResetPasswordInput = { token: string };
export type ResetPasswordValues = { password: string };
export type ResetPasswordContext = {
  token: string;
  /** The first message per field of the last refused submit (the browser's or the server's). */
  errors: Record<string, string>;
  /** Why the link cannot be used (`invalid`), or the failure text of the last send (`failed`). */
  failure: string | null;
};

export type ResetPasswordEvent = { type: 'reset.submit'; values: ResetPasswordValues };
export type SetNewPasswordInput = { token: string; password: string };

function fieldErrorsOf(token: string, values: ResetPasswordValues): Record<string, string> {
  const result = PasswordResetConfirmInput.safeParse({ token, password: values.password });
  return result.success ? {} : firstFieldErrors(result.error);
}

/** The server refused the token itself (used, expired, unknown or malformed): asking again is the way on. */
function linkRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const body = error.body as { error?: unknown } | null;
  return typeof body?.error === 'string' || 'token' in error.fieldErrors;
}

export const resetPasswordMachine = setup({
  types: {
    input: {} as ResetPasswordInput,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    /** POST /auth/password-reset/confirm/. */
    setNewPassword: notProvided<unknown, SetNewPasswordInput>('setNewPassword'),
  },
  actions: {
    showErrors: assign(({ context }, params: { values: ResetPasswordValues }) => ({
      errors: fieldErrorsOf(context.token, params.values),
      failure: null,
    })),
    clear: assign({ errors: {}, failure: null }),
    linkInvalid: assign((_, params: { error: unknown }) => ({
      errors: {},
      failure: userMessage(params.error, SERVER_MESSAGES.resetLinkInvalid),
    })),
    noToken: assign({ errors: {}, failure: SERVER_MESSAGES.resetLinkInvalid }),
    serverFieldErrors: assign((_, params: { error: unknown }) => ({
      errors: params.error instanceof ApiError ? params.error.fieldErrors : {},
      failure: null,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({
      failure: userMessage(params.error, MESSAGES.passwordResetFailed),
    })),
  },
  guards: {
    hasToken: ({ context }) => PasswordResetConfirmInput.shape.token.safeParse(context.token).success,
    isValid: ({ context }, params: { values: ResetPasswordValues }) =>
      Object.keys(fieldErrorsOf(context.token, params.values)).length === 0,
    linkRefused: (_, params: { error: unknown }) => linkRefused(params.error),
    passwordRefused: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 400 && 'password' in params.error.fieldErrors,
  },
}).createMachine({
  id: 'reset-password',
  initial: 'resolving',
  context: ({ input }) => ({ token: input.token, errors: {}, failure: null }),
  states: {
    /** Transient: a link without a token cannot be used. */
    resolving: {
      always: [
        { guard: 'hasToken', target: 'idle' },
        { target: 'invalid', actions: 'noToken' },
      ],
    },
    idle: {
      on: {
        'reset.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: 'clear',
          },
          { target: 'idle', actions: { type: 'showErrors', params: ({ event }) => ({ values: event.values }) } },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'setNewPassword',
        src: 'setNewPassword',
        input: ({ context, event }) => ({
          token: context.token,
          password: (event as ResetPasswordEvent).values.password,
        }),
        onDone: { target: 'done' },
        onError: [
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'linkInvalid', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'passwordRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: { type: 'serverFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The view shows `failure` above the form; the student may try again. */
    failed: {
      on: {
        'reset.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: 'clear',
          },
          { target: 'idle', actions: { type: 'showErrors', params: ({ event }) => ({ values: event.values }) } },
        ],
      },
    },
    /** The link cannot be used: the view shows `failure` and a link to ask for a new one. */
    invalid: { type: 'final' },
    /** The password is set: the view goes to the login page with MESSAGES.passwordResetDone. */
    done: { type: 'final' },
  },
});

/** The reset-password machine (what a view that runs one needs). */
export type ResetPasswordLogic = typeof resetPasswordMachine;
