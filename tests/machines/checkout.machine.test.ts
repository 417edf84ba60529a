import { describe, expect } from 'vitest';
import { CHECKOUT_MESSAGES, MESSAGES } from '../../contract/index.ts';
import { checkoutInputs, checkoutModel, sampleCheckoutCourse } from '../support/models/index.ts';
import { invalidCardForm, networkError, serverError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// A 500 carries no words for the user (ApiError keeps only 4xx texts): the spec's text shows.
const payErrorText = new Map<unknown, string>([
  [serverError, MESSAGES.checkoutFailed],
  [networkError, MESSAGES.checkoutFailed],
]);

describe('checkout machine, generated paths', () => {
  testGeneratedPaths(checkoutModel, (step) => {
    const state = stateOf(step);
    const { course, errors, failure, courseType, courseId } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; form?: unknown };

    if (step.index === 0) {
      const validUrl = courseType === 'program' && courseId === Number(checkoutInputs.program.courseId);
      // A bad type or id fails at once, without asking the server.
      expect(state).toBe(validUrl ? 'loading' : 'loadFailed');
      expect(actorCalls(step.effects)).toEqual(
        validUrl ? [{ src: 'loadCourse', input: { courseType: 'program', courseId: 3 } }] : [],
      );
    }

    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'processing');
    if (['idle', 'processing', 'success', 'failure'].includes(state)) expect(course).toEqual(sampleCheckoutCourse);
    if (state === 'success') expect(step.snapshot.status).toBe('done');

    if (event.type === 'checkout.submit') {
      if (event.form === invalidCardForm) {
        // Refused in the browser: the form shows each field's message, nothing is sent.
        expect(step.snapshot.value).toBe(step.previous?.value);
        expect(errors).toEqual({
          expiryDate: CHECKOUT_MESSAGES.expiryPast,
          cvv: CHECKOUT_MESSAGES.cvv,
          nameOnCard: CHECKOUT_MESSAGES.nameOnCard,
        });
        expect(actorCalls(step.effects)).toEqual([]);
        expect(failure).toBe(step.previous?.context.failure);
      } else {
        expect(state).toBe('processing');
        expect(errors).toEqual({});
        expect(failure).toBeNull();
        expect(actorCalls(step.effects)).toEqual([
          { src: 'pay', input: { courseType: 'program', courseId: 3, form: JSON.parse(JSON.stringify(event.form)) } },
        ]);
      }
    } else if (event.type === 'xstate.error.actor.pay') {
      expect(state).toBe('failure');
      expect(failure).toBe(payErrorText.get(event.error));
    } else if (event.type === 'xstate.error.actor.loadCourse') {
      expect(state).toBe('loadFailed');
    } else if (step.index > 0) {
      expect(actorCalls(step.effects)).toEqual([]);
    }
    if (state === 'idle') expect(failure).toBeNull();
  });
});
