import { sessionMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import {
  badCredentials,
  networkError,
  sampleNewStudent,
  sampleStudent,
  tokenInvalid,
  usernameTaken,
  codeInvalid,
} from '../samples.ts';

export const loginEvent = { type: 'session.login', username: 'student', password: 'student123' } as const;
export const registerEvent = {
  type: 'session.register',
  username: 'arjun',
  email: 'arjun@example.in',
  password: 'long-enough-password',
  first_name: 'Arjun',
  last_name: 'Mehta',
} as const;

/** The server's answer to the right password when a second factor is on. */
export const sampleChallenge = { mfa_required: true, mfa_token: 'mfa-token-sample', passkey: true } as const;
export const secondFactorEvent = { type: 'session.secondFactor', code: '123456' } as const;
export const recoveryEvent = { type: 'session.secondFactor', recovery_code: 'abcde-fghjk' } as const;

export const sessionModel: MachineModel = {
  name: 'session',
  machine: sessionMachine,
  actors: ['loadCurrentUser', 'login', 'register', 'logout', 'completeSecondFactor'],
  appActions: ['clearTokens', 'reportError'],
  events: [
    loginEvent,
    registerEvent,
    { type: 'session.logout' },
    { type: 'session.expired' },
    { type: 'xstate.done.actor.loadCurrentUser', output: sampleStudent },
    { type: 'xstate.done.actor.loadCurrentUser', output: null },
    { type: 'xstate.error.actor.loadCurrentUser', error: tokenInvalid },
    { type: 'xstate.done.actor.login', output: sampleStudent },
    { type: 'xstate.error.actor.login', error: badCredentials },
    { type: 'xstate.error.actor.login', error: networkError },
    { type: 'xstate.done.actor.login', output: sampleChallenge },
    secondFactorEvent,
    recoveryEvent,
    { type: 'session.cancelSecondFactor' },
    { type: 'session.signedIn', user: sampleStudent },
    { type: 'xstate.done.actor.completeSecondFactor', output: sampleStudent },
    { type: 'xstate.error.actor.completeSecondFactor', error: codeInvalid },
    { type: 'xstate.error.actor.completeSecondFactor', error: networkError },
    { type: 'xstate.done.actor.register', output: sampleNewStudent },
    { type: 'xstate.error.actor.register', error: usernameTaken },
    { type: 'xstate.error.actor.register', error: networkError },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: networkError },
  ],
};
