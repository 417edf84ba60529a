import { assertEvent, assign, setup } from 'xstate';
import { MFA_MESSAGES, userMessage } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * The step-up modal: an action the server refused with `step_up_required` asks for a code from the
 * authenticator app (or a passkey: `stepUp.proved`); a proof lets the app retry the action, Cancel gives it up. One instance for the
 * admin panel; the app supplies `verify` (POST /auth/step-up/) and the `proved`/`cancelled` actions that
 * settle the waiting request.
 */
export type StepUpContext = { error: string | null };

export type StepUpEvent =
  | { type: 'stepUp.open' }
  | { type: 'stepUp.submit'; code: string }
  | { type: 'stepUp.cancel' }
  /** A passkey ceremony (passkey.machine) proved the second factor instead of a code. */
  | { type: 'stepUp.proved' };

export const stepUpMachine = setup({
  types: { context: {} as StepUpContext, events: {} as StepUpEvent },
  actors: {
    verify: notProvided<unknown, { code: string }>('verify'),
  },
  actions: {
    proved: appAction(),
    cancelled: appAction(),
    setError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, MFA_MESSAGES.secondFactorFailed),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'stepUp',
  initial: 'closed',
  context: { error: null },
  states: {
    closed: {
      on: { 'stepUp.open': { target: 'asking', actions: 'clearError' } },
    },
    asking: {
      on: {
        'stepUp.submit': { target: 'verifying' },
        'stepUp.cancel': { target: 'closed', actions: ['clearError', 'cancelled'] },
        'stepUp.proved': { target: 'closed', actions: ['clearError', 'proved'] },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ event }) => {
          assertEvent(event, 'stepUp.submit');
          return { code: event.code };
        },
        onDone: { target: 'closed', actions: ['clearError', 'proved'] },
        onError: {
          target: 'asking',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
export type StepUpLogic = typeof stepUpMachine;
