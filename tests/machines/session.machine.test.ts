import { describe, expect, it } from 'vitest';
import { MFA_MESSAGES } from '../../contract/index.ts';
import { loginAnswerEvent } from '../../machines/index.ts';
import { sampleChallenge, sessionModel } from '../support/models/index.ts';
import { codeInvalid, networkError, sampleStudent } from '../support/samples.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

/** The second step's banner for each sample failure: the server's words, else the fallback. */
const secondFactorErrorText = new Map<unknown, string>([
  [codeInvalid, MFA_MESSAGES.codeInvalid],
  [networkError, MFA_MESSAGES.secondFactorFailed],
]);

describe('session machine, generated paths', () => {
  testGeneratedPaths(sessionModel, (step) => {
    const state = stateOf(step);
    const { user, error, mfaToken, mfaPasskey } = step.snapshot.context;
    const previous = step.previous?.context ?? { user: null, error: null, mfaToken: null, mfaPasskey: false };
    const event = step.event as { type: string; error?: unknown; output?: unknown; user?: unknown };

    expect(step.snapshot.hasTag('busy')).toBe(['checking', 'verifyingSecondFactor', 'loggingOut'].includes(state));

    // The server's mfa_token is kept exactly between the right password and the second factor.
    expect(mfaToken).toBe(['secondFactor', 'verifyingSecondFactor'].includes(state) ? sampleChallenge.mfa_token : null);
    // ...and with it whether the second step may offer a passkey.
    expect(mfaPasskey).toBe(mfaToken !== null);

    // Who the header shows.
    if (state === 'authenticated') {
      // The user the form or the passkey signed in, else the one the stored token or the second step loaded.
      expect(user).toEqual(event.type === 'session.signedIn' ? event.user : sampleStudent);
    } else if (state === 'loggingOut') {
      expect(user).toEqual(previous.user);
    } else {
      expect(user).toBeNull();
    }

    // The second step's error banner.
    if (event.type === 'xstate.error.actor.completeSecondFactor')
      expect(error).toBe(secondFactorErrorText.get(event.error));
    else if (
      ['session.challenged', 'session.secondFactor', 'session.cancelSecondFactor', 'session.signedIn'].includes(
        event.type,
      )
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

describe('the login form’s answer, as the session takes it', () => {
  it('is the signed-in user, or the challenge of the second step', () => {
    expect(loginAnswerEvent(sampleStudent)).toEqual({ type: 'session.signedIn', user: sampleStudent });
    expect(loginAnswerEvent(sampleChallenge)).toEqual({ type: 'session.challenged', challenge: sampleChallenge });
  });
});
