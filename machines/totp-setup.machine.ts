import { assertEvent, assign, setup } from 'xstate';
import { MFA_MESSAGES, userMessage, type TotpSetup } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * Setting up an authenticator app on the account page: start (the server makes a secret and answers its
 * QR code), scan and type the first code (confirm), then the recovery codes, shown once, until the person
 * says they saved them. Cancel before confirming leaves the second factor off.
 */
export type TotpSetupContext = {
  setup: TotpSetup | null;
  recoveryCodes: string[];
  error: string | null;
};

/** `password`: the current password, which the account's first second factor needs (issue 32). */
export type TotpSetupEvent =
  | { type: 'totp.start'; password?: string }
  | { type: 'totp.confirm'; code: string }
  | { type: 'totp.cancel' }
  | { type: 'totp.saved' };

export const totpSetupMachine = setup({
  types: { context: {} as TotpSetupContext, events: {} as TotpSetupEvent },
  actors: {
    start: notProvided<TotpSetup, { password?: string }>('start'),
    confirm: notProvided<{ recovery_codes: string[] }, { code: string }>('confirm'),
  },
  actions: {
    /** The app reloads the account's second-factor status. */
    enabled: appAction(),
    setSetup: assign((_, params: { setup: TotpSetup }) => ({ setup: params.setup, error: null })),
    setCodes: assign((_, params: { codes: string[] }) => ({ recoveryCodes: params.codes, setup: null, error: null })),
    setError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, MFA_MESSAGES.secondFactorFailed),
    })),
    reset: assign({ setup: null, recoveryCodes: [], error: null }),
  },
}).createMachine({
  id: 'totpSetup',
  initial: 'idle',
  context: { setup: null, recoveryCodes: [], error: null },
  states: {
    idle: {
      on: { 'totp.start': { target: 'starting' } },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ event }) => {
          assertEvent(event, 'totp.start');
          return event.password ? { password: event.password } : {};
        },
        onDone: { target: 'scanning', actions: { type: 'setSetup', params: ({ event }) => ({ setup: event.output }) } },
        onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scanning: {
      on: {
        'totp.confirm': { target: 'confirming' },
        'totp.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ event }) => {
          assertEvent(event, 'totp.confirm');
          return { code: event.code };
        },
        onDone: {
          target: 'showingCodes',
          actions: [{ type: 'setCodes', params: ({ event }) => ({ codes: event.output.recovery_codes }) }, 'enabled'],
        },
        onError: {
          target: 'scanning',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    showingCodes: {
      on: { 'totp.saved': { target: 'idle', actions: 'reset' } },
    },
  },
});
export type TotpSetupLogic = typeof totpSetupMachine;
