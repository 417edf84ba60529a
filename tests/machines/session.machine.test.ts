import { describe, expect } from 'vitest';
import { MESSAGES, MFA_MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { loginEvent, registerEvent, sampleChallenge, sessionModel } from '../support/models/index.ts';
import {
  badCredentials,
  codeInvalid,
  networkError,
  sampleNewStudent,
  sampleStudent,
  usernameTaken,
} from '../support/samples.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

/** The banner text each sample failure must produce: the server's words, else the spec's fallback. */
const loginErrorText = new Map<unknown, string>([
  [badCredentials, SERVER_MESSAGES.badCredentials],
  [networkError, MESSAGES.loginFailed],
]);
const secondFactorErrorText = new Map<unknown, string>([
  [codeInvalid, MFA_MESSAGES.codeInvalid],
  [networkError, MFA_MESSAGES.secondFactorFailed],
]);
const registerErrorText = new Map<unknown, string>([
  [usernameTaken, SERVER_MESSAGES.usernameTaken],
  [networkError, MESSAGES.registerFailed],
]);

const { type: _register, ...registration } = registerEvent;

describe('session machine, generated paths', () => {
  testGeneratedPaths(sessionModel, (step) => {
    const state = stateOf(step);
    const { user, error, mfaToken, mfaPasskey } = step.snapshot.context;
    const previous = step.previous?.context ?? { user: null, error: null, mfaToken: null, mfaPasskey: false };
    const event = step.event as { type: string; error?: unknown; output?: unknown };

    expect(step.snapshot.hasTag('busy')).toBe(
      ['checking', 'loggingIn', 'verifyingSecondFactor', 'registering', 'loggingOut'].includes(state),
    );

    // The server's mfa_token is kept exactly between the right password and the second factor.
    expect(mfaToken).toBe(['secondFactor', 'verifyingSecondFactor'].includes(state) ? sampleChallenge.mfa_token : null);
    // ...and with it whether the second step may offer a passkey.
    expect(mfaPasskey).toBe(mfaToken !== null);

    // Who the header shows.
    if (state === 'authenticated') {
      const expected = event.type === 'xstate.done.actor.register' ? sampleNewStudent : sampleStudent;
      expect(user).toEqual(expected);
    } else if (state === 'loggingOut') {
      expect(user).toEqual(previous.user);
    } else {
      expect(user).toBeNull();
    }

    // The login page's error banner.
    if (event.type === 'xstate.error.actor.login') expect(error).toBe(loginErrorText.get(event.error));
    else if (event.type === 'xstate.error.actor.register') expect(error).toBe(registerErrorText.get(event.error));
    else if (event.type === 'xstate.error.actor.completeSecondFactor')
      expect(error).toBe(secondFactorErrorText.get(event.error));
    else if (
      [
        'session.login',
        'session.register',
        'session.secondFactor',
        'session.cancelSecondFactor',
        'session.signedIn',
      ].includes(event.type)
    )
      expect(error).toBeNull();
    else expect(error).toBe(previous.error);

    // Tokens are cleared when the session ends or the stored one does not verify; failures are logged.
    const clears = [
      'xstate.error.actor.loadCurrentUser',
      'session.expired',
      'xstate.done.actor.logout',
      'xstate.error.actor.logout',
    ];
    const reports = ['xstate.error.actor.loadCurrentUser', 'xstate.error.actor.logout'];
    expect(actionNames(step.effects).filter((name) => name === 'clearTokens')).toHaveLength(
      clears.includes(event.type) ? 1 : 0,
    );
    expect(actionNames(step.effects).filter((name) => name === 'reportError')).toHaveLength(
      reports.includes(event.type) ? 1 : 0,
    );

    // Each busy state calls its actor once, with what the user typed.
    const expectedCalls = {
      checking: [{ src: 'loadCurrentUser', input: undefined }],
      loggingIn: [{ src: 'login', input: { username: loginEvent.username, password: loginEvent.password } }],
      registering: [{ src: 'register', input: registration }],
      loggingOut: [{ src: 'logout', input: undefined }],
      verifyingSecondFactor: [
        {
          src: 'completeSecondFactor',
          input: {
            mfa_token: sampleChallenge.mfa_token,
            ...(({ type: _t, ...answer }: { type: string }) => answer)(step.event),
          },
        },
      ],
    }[state];
    expect(actorCalls(step.effects)).toEqual(expectedCalls ?? []);
  });
});
