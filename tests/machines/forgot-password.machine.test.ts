import { describe, expect } from 'vitest';
import { MESSAGES } from '../../contract/index.ts';
import { forgotPasswordModel, invalidForgotPassword, tooManyRequests } from '../support/models/index.ts';
import { networkError, serverError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// A 4xx carries words for the user (the rate limit); a 500 or a network failure shows the page's own text.
const failureText = new Map<unknown, string>([
  [tooManyRequests, 'Too many requests. Please try again later.'],
  [serverError, MESSAGES.passwordResetRequestFailed],
  [networkError, MESSAGES.passwordResetRequestFailed],
]);

describe('forgot-password machine, generated paths', () => {
  testGeneratedPaths(forgotPasswordModel, (step) => {
    const state = stateOf(step);
    const { errors, failure } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; values?: unknown };
    const before = step.previous;

    expect(step.snapshot.hasTag('busy')).toBe(state === 'submitting');
    if (step.index === 0) expect([state, errors, failure]).toEqual(['idle', {}, null]);
    if (state !== 'failed') expect(failure).toBeNull();

    switch (event.type) {
      case 'forgot.submit':
        if (before?.value === 'submitting') {
          // Ignored while a request is in flight.
          expect(state).toBe('submitting');
          expect(actorCalls(step.effects)).toEqual([]);
        } else if (event.values === invalidForgotPassword) {
          // Refused in the browser with the server's own message, nothing sent.
          expect(state).toBe('idle');
          expect(errors).toEqual({ email: 'Enter a valid email address.' });
          expect(actorCalls(step.effects)).toEqual([]);
        } else {
          expect(state).toBe('submitting');
          expect(errors).toEqual({});
          expect(actorCalls(step.effects)).toEqual([
            { src: 'requestPasswordReset', input: { values: JSON.parse(JSON.stringify(event.values)) } },
          ]);
        }
        break;
      case 'xstate.done.actor.requestPasswordReset':
        expect(state).toBe('sent');
        break;
      case 'xstate.error.actor.requestPasswordReset':
        expect(state).toBe('failed');
        expect(failure).toBe(failureText.get(event.error));
        break;
    }
    if (event.type !== 'forgot.submit') expect(actorCalls(step.effects)).toEqual([]);
  });
});
