import { assertEvent, assign, setup } from 'xstate';
import { MESSAGES, userMessage, type LoginInput, type RegisterInput, type User } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * Who is using the app (spec section 4, Session). One instance for the whole SPA.
 * The app supplies the actors (API calls, token storage) and the `clearTokens`/`reportError` actions.
 */
export type SessionContext = { user: User | null; error: string | null };

export type SessionEvent =
  | ({ type: 'session.login' } & LoginInput)
  | ({ type: 'session.register' } & RegisterInput)
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
    /** Stores both tokens, then loads the user. */
    login: notProvided<User, LoginInput>('login'),
    /** Creates the student, stores both tokens, then loads the user. */
    register: notProvided<User, RegisterInput>('register'),
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
  },
  guards: {
    hasUser: (_, params: { user: User | null }) => params.user !== null,
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { user: null, error: null },
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
        'session.login': { target: 'loggingIn', actions: 'clearError' },
        'session.register': { target: 'registering', actions: 'clearError' },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { username: event.username, password: event.password };
        },
        onDone: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'unauthenticated',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: userMessage(event.error, MESSAGES.loginFailed) }),
          },
        },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'session.register');
          const { type: _type, ...registration } = event;
          return registration;
        },
        onDone: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'unauthenticated',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: userMessage(event.error, MESSAGES.registerFailed) }),
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
