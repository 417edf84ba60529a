import { sessionMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, sampleNewStudent, sampleStudent, tokenInvalid, codeInvalid } from '../samples.ts';

/** The server's answer to the right password when a second factor is on. */
export const sampleChallenge = { mfa_required: true, mfa_token: 'mfa-token-sample', passkey: true } as const;
export const secondFactorEvent = { type: 'session.secondFactor', code: '123456' } as const;
export const recoveryEvent = { type: 'session.secondFactor', recovery_code: 'abcde-fghjk' } as const;
/** The login and sign-up forms' answers (form-submit.machine.ts), as the session takes them. */
export const challengedEvent = { type: 'session.challenged', challenge: sampleChallenge } as const;
export const signedInEvent = { type: 'session.signedIn', user: sampleStudent } as const;
export const signedUpEvent = { type: 'session.signedIn', user: sampleNewStudent } as const;

export const sessionModel: MachineModel = {
  name: 'session',
  machine: sessionMachine,
  actors: ['loadCurrentUser', 'logout', 'completeSecondFactor'],
  appActions: ['clearTokens', 'reportError'],
  events: [
    challengedEvent,
    signedInEvent,
    signedUpEvent,
    { type: 'session.logout' },
    { type: 'session.expired' },
    { type: 'xstate.done.actor.loadCurrentUser', output: sampleStudent },
    { type: 'xstate.done.actor.loadCurrentUser', output: null },
    { type: 'xstate.error.actor.loadCurrentUser', error: tokenInvalid },
    secondFactorEvent,
    recoveryEvent,
    { type: 'session.cancelSecondFactor' },
    { type: 'xstate.done.actor.completeSecondFactor', output: sampleStudent },
    { type: 'xstate.error.actor.completeSecondFactor', error: codeInvalid },
    { type: 'xstate.error.actor.completeSecondFactor', error: networkError },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: networkError },
  ],
};
