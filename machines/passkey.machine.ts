import { assign, setup } from 'xstate';
import { PASSKEY_MESSAGES, userMessage } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * One passkey ceremony (decision record 055): adding a passkey on the account page, signing in with one,
 * the login's second step or step-up with one. The server gives options (a single-use challenge), the
 * browser asks the authenticator (navigator.credentials through @simplewebauthn/browser), the server
 * verifies the answer. The person cancelling (or the browser timing out: NotAllowedError, AbortError) is
 * not a failure: it says so and lets them try again. The app supplies the three actors for each use and
 * `succeeded` (store tokens, reload a list, settle a step-up).
 */

/**
 * What the ceremony needs besides the browser: a new passkey's name (and the current password, which the
 * account's first second factor needs), the login's mfa_token.
 */
export type PasskeyCeremonyInput = { name?: string; password?: string; mfaToken?: string };

export type PasskeyContext = {
  input: PasskeyCeremonyInput;
  /** The server's options (JSON) while the authenticator is asked. */
  options: unknown;
  /** The authenticator's answer while the server verifies it. */
  response: unknown;
  error: string | null;
  /** The last ceremony was cancelled (the error then says so). */
  cancelled: boolean;
};

export type PasskeyEvent = { type: 'passkey.start'; input?: PasskeyCeremonyInput } | { type: 'passkey.reset' };

/** The browser's answer when the person dismissed the prompt or it timed out (WebAuthn L3, 5.1.3 / 5.1.4). */
const isCancellation = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** The browser's other refusals, in words (section 5.1.3: NotSupportedError, SecurityError, InvalidStateError). */
function browserMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'InvalidStateError') return PASSKEY_MESSAGES.alreadyOnDevice;
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError') return PASSKEY_MESSAGES.unsupported;
  return undefined;
}

const startTransition = {
  target: 'requestingOptions',
  actions: {
    type: 'start',
    params: ({ event }: { event: PasskeyEvent }) => ({
      input: event.type === 'passkey.start' ? (event.input ?? {}) : {},
    }),
  },
} as const;

export const passkeyMachine = setup({
  types: { context: {} as PasskeyContext, events: {} as PasskeyEvent },
  actors: {
    /** POST …/options/: the server's options. */
    options: notProvided<unknown, PasskeyCeremonyInput>('options'),
    /** The browser and authenticator: startRegistration / startAuthentication with the options. */
    authenticate: notProvided<unknown, { options: unknown }>('authenticate'),
    /** POST the authenticator's answer to the server. */
    verify: notProvided<unknown, PasskeyCeremonyInput & { response: unknown }>('verify'),
  },
  actions: {
    succeeded: appAction<{ output: unknown }>(),
    start: assign((_, params: { input: PasskeyCeremonyInput }) => ({
      input: params.input,
      options: null,
      response: null,
      error: null,
      cancelled: false,
    })),
    setOptions: assign((_, params: { options: unknown }) => ({ options: params.options })),
    setResponse: assign((_, params: { response: unknown }) => ({ options: null, response: params.response })),
    setError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, browserMessage(params.error) ?? PASSKEY_MESSAGES.failed),
      options: null,
      response: null,
    })),
    setCancelled: assign({ error: PASSKEY_MESSAGES.cancelled, cancelled: true, options: null }),
    clearResponse: assign({ response: null }),
    reset: assign({ input: {}, options: null, response: null, error: null, cancelled: false }),
  },
  guards: {
    cancelled: (_, params: { error: unknown }) => isCancellation(params.error),
  },
}).createMachine({
  id: 'passkey',
  initial: 'idle',
  context: { input: {}, options: null, response: null, error: null, cancelled: false },
  states: {
    idle: { on: { 'passkey.start': startTransition } },
    requestingOptions: {
      tags: ['busy'],
      invoke: {
        id: 'options',
        src: 'options',
        input: ({ context }) => context.input,
        onDone: {
          target: 'waitingForAuthenticator',
          actions: { type: 'setOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    waitingForAuthenticator: {
      tags: ['busy'],
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ options: context.options }),
        onDone: {
          target: 'verifying',
          actions: { type: 'setResponse', params: ({ event }) => ({ response: event.output }) },
        },
        onError: [
          {
            guard: { type: 'cancelled', params: ({ event }) => ({ error: event.error }) },
            target: 'cancelled',
            actions: 'setCancelled',
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ ...context.input, response: context.response }),
        onDone: {
          target: 'done',
          actions: ['clearResponse', { type: 'succeeded', params: ({ event }) => ({ output: event.output }) }],
        },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // After a ceremony: another one (a second passkey, a retry), or back to the start.
    done: { on: { 'passkey.start': startTransition, 'passkey.reset': { target: 'idle', actions: 'reset' } } },
    failed: { on: { 'passkey.start': startTransition, 'passkey.reset': { target: 'idle', actions: 'reset' } } },
    cancelled: { on: { 'passkey.start': startTransition, 'passkey.reset': { target: 'idle', actions: 'reset' } } },
  },
});
export type PasskeyLogic = typeof passkeyMachine;
