import { describe, expect } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { paymentFlowInputs, paymentFlowModel } from '../support/models/index.ts';
import { alreadyEnrolled, networkError, samplePendingPayment } from '../support/samples.ts';
import { actionNames, actorCalls, enteredNewState, stateOf, testGeneratedPaths } from './generated-paths.ts';

const startErrorText = new Map<unknown, string>([
  [alreadyEnrolled, SERVER_MESSAGES.alreadyEnrolled],
  [networkError, MESSAGES.paymentStartFailed],
]);

describe('payment flow machine, generated paths', () => {
  testGeneratedPaths(paymentFlowModel, (step) => {
    const state = stateOf(step);
    const { notice, payment } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; output?: { status?: string } };

    // The card's first state comes from what the dashboard knows.
    if (step.index === 0) {
      const { enrolled } = step.snapshot.context;
      const expected = enrolled ? 'completed' : payment === paymentFlowInputs.pending.payment ? 'pending' : 'none';
      expect(state).toBe(expected);
      expect(notice).toBeNull();
    }

    expect(step.snapshot.hasTag('busy')).toBe(state === 'starting' || state === 'completing');

    // The notice under the card (spec section 8, student payment texts).
    switch (event.type) {
      case 'xstate.done.actor.startPayment':
        expect(notice).toEqual(
          event.output?.status === 'completed'
            ? { kind: 'success', text: MESSAGES.paymentCompleted }
            : { kind: 'success', text: MESSAGES.paymentStarted },
        );
        break;
      case 'xstate.error.actor.startPayment':
        expect(state).toBe('none');
        expect(notice).toEqual({ kind: 'error', text: startErrorText.get(event.error) });
        break;
      case 'xstate.done.actor.completePayment':
        expect(state).toBe('completed');
        expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentCompleted });
        break;
      case 'xstate.error.actor.completePayment':
        expect(state).toBe('pending');
        expect(notice).toEqual({ kind: 'error', text: MESSAGES.paymentCompleteFailed });
        break;
      case 'payment.start':
      case 'payment.complete':
      case 'notice.dismiss':
        expect(notice).toBeNull();
        break;
    }

    // Pending shows Complete Payment for a payment the student can complete.
    if (state === 'pending') expect(payment).toEqual(samplePendingPayment);

    // Enrolling reloads the dashboard lists, exactly when access was granted by this card.
    const enrolledNow =
      event.type === 'xstate.done.actor.completePayment' ||
      (event.type === 'xstate.done.actor.startPayment' && event.output?.status === 'completed');
    expect(actionNames(step.effects)).toEqual(enrolledNow ? ['courseEnrolled'] : []);

    const expectedCalls = {
      starting: [{ src: 'startPayment', input: { courseType: 'program', courseId: 3 } }],
      completing: [{ src: 'completePayment', input: { paymentId: samplePendingPayment.id } }],
    }[state];
    // Each busy state calls its actor once, when entered; dismissing a notice meanwhile calls nothing.
    expect(actorCalls(step.effects)).toEqual(enteredNewState(step) ? (expectedCalls ?? []) : []);
  });
});
