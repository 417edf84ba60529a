import { describe, expect } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import {
  passwordRefused,
  resetLinkInvalid,
  resetPasswordInputs,
  resetPasswordModel,
  shortNewPassword,
} from '../support/models/index.ts';
import { networkError, serverError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('reset-password machine, generated paths', () => {
  testGeneratedPaths(resetPasswordModel, (step) => {
    const state = stateOf(step);
    const { errors, failure, token } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; values?: { password: string } };
    const before = step.previous;

    expect(step.snapshot.hasTag('busy')).toBe(state === 'submitting');
    expect([resetPasswordInputs.withToken.token, resetPasswordInputs.withoutToken.token]).toContain(token);
    if (step.index === 0) {
      // A link without a token is refused at once, with the way to ask again; nothing is sent.
      if (token === '') expect([state, failure]).toEqual(['invalid', SERVER_MESSAGES.resetLinkInvalid]);
      else expect([state, errors, failure]).toEqual(['idle', {}, null]);
    }
    if (state === 'idle' || state === 'submitting' || state === 'done') expect(failure).toBeNull();
    expect(step.snapshot.status === 'done').toBe(state === 'invalid' || state === 'done');

    switch (event.type) {
      case 'reset.submit':
        if (event.values === shortNewPassword) {
          // The sign-up rule, in the browser, before anything is sent.
          expect(state).toBe('idle');
          expect(errors).toEqual({ password: 'Password must be at least 8 characters.' });
          expect(actorCalls(step.effects)).toEqual([]);
        } else {
          expect(before?.value).not.toBe('submitting');
          expect(state).toBe('submitting');
          expect(errors).toEqual({});
          expect(actorCalls(step.effects)).toEqual([
            { src: 'setNewPassword', input: { token, password: event.values!.password } },
          ]);
        }
        break;
      case 'xstate.done.actor.setNewPassword':
        expect(state).toBe('done');
        break;
      case 'xstate.error.actor.setNewPassword':
        if (event.error === resetLinkInvalid) {
          expect(state).toBe('invalid');
          expect(failure).toBe(SERVER_MESSAGES.resetLinkInvalid);
        } else if (event.error === passwordRefused) {
          // The server's field message shows under the field; the form stays.
          expect(state).toBe('idle');
          expect(errors).toEqual({ password: 'Password must be at most 256 characters.' });
        } else {
          expect(event.error === serverError || event.error === networkError).toBe(true);
          expect(state).toBe('failed');
          expect(failure).toBe(MESSAGES.passwordResetFailed);
        }
        break;
    }
    if (event.type !== 'reset.submit') expect(actorCalls(step.effects)).toEqual([]);
  });
});
