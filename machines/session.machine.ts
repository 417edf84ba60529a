import { assertEvent, assign, setup } from 'xstate';
import { SECOND_FACTOR_FAILED, type MfaChallenge, type MfaLoginInput, type User } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * The server's words for a refused code (an ApiError's `userMessage`), else the one sentence. Read by its
 * shape, as contract/errors.ts's `userMessage` would: the session machine is on every page's entry, which
 * then needs neither the error class nor the message table.
 */
function secondFactorError(error: unknown): string {
  const words = (error as { userMessage?: unknown } | null)?.userMessage;
  return typeof words === 'string' && words ? words : SECOND_FACTOR_FAILED;
}

/**
 * Who is using the app (spec section 4, Session). One instance for the whole SPA.
 * The app supplies the actors (API calls, token storage) and the `clearTokens`/`reportError` actions.
 * The login and sign-up forms are form-submit machines (form-submit.machine.ts): they check, send and show
 * their failures; their answer comes here as `session.signedIn` or `session.challenged`.
 */
export type SessionContext = {
  user: User | null;
  /** The login's second step: why the last code was refused. */
  error: string | null;
  /** Between a right password and the second factor: the server's single-use mfa_token. */
  mfaToken: string | null;
  /** The account has a passkey: the second step may use one (decision record 055). */
  mfaPasskey: boolean;
};

/** What the person enters at the login's second step: a code from their app, or a recovery code. */
export type SecondFactorAnswer = { code: string } | { recovery_code: string };

export type SessionEvent =
  /** The login form's right password, when a second factor is on: the server's challenge. */
  | { type: 'session.challenged'; challenge: MfaChallenge }
  /** The login's second step: the code (or recovery code) the person entered. */
  | ({ type: 'session.secondFactor' } & SecondFactorAnswer)
  /** Back to the password form from the second step. */
  | { type: 'session.cancelSecondFactor' }
  /** Signed in (the login or sign-up form, a passkey ceremony): the tokens are stored, this is the user. */
  | { type: 'session.signedIn'; user: User }
  | { type: 'session.logout' }
  /** The token refresh failed: the stored tokens are gone, so is the user. */
  | { type: 'session.expired' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** null: no stored token. Rejects when a stored token does not verify. */
    loadCurrentUser: notProvided<User | null>('loadCurrentUser'),
    /** Trades the mfa_token and the code for both tokens, stores them, then loads the user. */
    completeSecondFactor: notProvided<User, MfaLoginInput>('completeSecondFactor'),
    /** Revokes the refresh token on the server. */
    logout: notProvided<void>('logout'),
  },
  actions: {
    clearTokens: appAction(),
    reportError: appAction<{ error: unknown }>(),
    setUser: assign((_, params: { user: User }) => ({ user: params.user, error: null })),
    clearUser: assign({ user: null }),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
    setMfaToken: assign((_, params: { challenge: MfaChallenge }) => ({
      mfaToken: params.challenge.mfa_token,
      mfaPasskey: params.challenge.passkey,
    })),
    clearMfaToken: assign({ mfaToken: null, mfaPasskey: false }),
  },
  guards: {
    hasUser: (_, params: { user: User | null }) => params.user !== null,
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { user: null, error: null, mfaToken: null, mfaPasskey: false },
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'loadCurrentUser',
        src: 'loadCurrentUser',
        input: () => undefined,
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            // The guard has just checked that the output is a user.
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output as User }) },
          },
          { target: 'unauthenticated' },
        ],
        onError: {
          target: 'unauthenticated',
          actions: ['clearTokens', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    unauthenticated: {
      on: {
        // A second factor is on: no tokens yet, the person enters a code next.
        'session.challenged': {
          target: 'secondFactor',
          actions: ['clearError', { type: 'setMfaToken', params: ({ event }) => event }],
        },
        'session.signedIn': { target: 'authenticated', actions: { type: 'setUser', params: ({ event }) => event } },
      },
    },
    secondFactor: {
      on: {
        'session.secondFactor': { target: 'verifyingSecondFactor', actions: 'clearError' },
        'session.cancelSecondFactor': { target: 'unauthenticated', actions: ['clearMfaToken', 'clearError'] },
        'session.signedIn': {
          target: 'authenticated',
          actions: ['clearMfaToken', { type: 'setUser', params: ({ event }) => event }],
        },
      },
    },
    verifyingSecondFactor: {
      tags: ['busy'],
      invoke: {
        id: 'completeSecondFactor',
        src: 'completeSecondFactor',
        input: ({ context, event }) => {
          assertEvent(event, 'session.secondFactor');
          const { type: _type, ...answer } = event;
          return { mfa_token: context.mfaToken ?? '', ...answer } as MfaLoginInput;
        },
        onDone: {
          target: 'authenticated',
          actions: ['clearMfaToken', { type: 'setUser', params: ({ event }) => ({ user: event.output }) }],
        },
        onError: {
          target: 'secondFactor',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: secondFactorError(event.error) }),
          },
        },
      },
    },
    authenticated: {
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.expired': { target: 'unauthenticated', actions: ['clearUser', 'clearTokens'] },
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: () => undefined,
        // Logging out locally must work even when the server cannot be reached.
        onDone: { target: 'unauthenticated', actions: ['clearUser', 'clearTokens'] },
        onError: {
          target: 'unauthenticated',
          actions: [
            'clearUser',
            'clearTokens',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

/** The login form's answer (`submitted`) as what the session takes: the user, or the second factor's challenge. */
export function loginAnswerEvent(answer: User | MfaChallenge): SessionEvent {
  return 'mfa_required' in answer
    ? { type: 'session.challenged', challenge: answer }
    : { type: 'session.signedIn', user: answer };
}
