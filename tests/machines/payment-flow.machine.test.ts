import { describe, expect } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { paymentFlowModel } from '../support/models/index.ts';
import {
  alreadyEnrolled,
  gatewayDeclined,
  gatewayPaid,
  gatewayStartRefused,
  gatewayUnavailable,
  networkError,
  samplePendingPayment,
} from '../support/samples.ts';
import { actionNames, actorCalls, enteredNewState, stateOf, testGeneratedPaths } from './generated-paths.ts';

const startErrorText = new Map<unknown, string>([
  [alreadyEnrolled, SERVER_MESSAGES.alreadyEnrolled],
  [gatewayUnavailable, SERVER_MESSAGES.gatewayUnavailable],
  [networkError, MESSAGES.paymentStartFailed],
]);
// The gateway step (its own machine, gateway-payment) ends failed with the spec's text first, then the
// server's words when it gave some; the card shows them.
const gatewayFailureText = new Map<unknown, string>([
  [gatewayDeclined, MESSAGES.checkoutFailed],
  [gatewayStartRefused, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.gatewayUnavailable}`],
]);
const BUSY = ['starting', 'completing', 'paying'];
const course = { courseType: 'program', courseId: 3 };

describe('payment flow machine, generated paths', () => {
  testGeneratedPaths(paymentFlowModel, (step) => {
    const state = stateOf(step);
    const { notice, payment, gatewayReturn } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; output?: { status?: string; kind?: string } };
    const previous = step.previous ? step.previous.value : null;

    // The card's first state comes from what the dashboard knows, and from the gateway's page it came back
    // from (for this card's payment): the gateway step takes that outcome.
    if (step.index === 0) {
      const { enrolled } = step.snapshot.context;
      const back = gatewayReturn?.paymentId === samplePendingPayment.id;
      const expected = enrolled ? 'completed' : back ? 'paying' : payment === samplePendingPayment ? 'pending' : 'none';
      expect(state).toBe(expected);
      expect(notice).toBeNull();
    }
    // The gateway's answer in the URL is used once, by the gateway step when the card starts.
    if (state !== 'paying') expect(gatewayReturn).toBeNull();

    expect(step.snapshot.hasTag('busy')).toBe(BUSY.includes(state));
    expect(step.snapshot.hasTag('paying')).toBe(state === 'paying');

    // The notice under the card (spec section 8, student payment texts; issue 9's gateway outcomes).
    switch (event.type) {
      case 'xstate.done.actor.startPayment':
        if (event.output?.status === 'completed') {
          expect(state).toBe('completed');
          expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentCompleted });
        } else {
          expect(state).toBe('pending');
          expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentStarted });
        }
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
        if (state === 'paying') {
          // Not received from the gateway: the student pays through it now.
          expect(notice).toBeNull();
        } else {
          expect(state).toBe('pending');
          expect(notice).toEqual({ kind: 'error', text: MESSAGES.paymentCompleteFailed });
        }
        break;
      case 'xstate.done.actor.gatewayPayment': {
        const kind = event.output?.kind;
        expect(state).toBe(kind === 'paid' ? 'completed' : kind === 'failed' ? 'failed' : 'cancelled');
        if (kind === 'paid') {
          expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentCompleted });
          // verify/'s answer: the payment is completed.
          expect(payment).toEqual(gatewayPaid.payment);
        }
        if (kind === 'failed') expect(notice).toEqual({ kind: 'error', text: gatewayFailureText.get(event.output) });
        if (kind === 'cancelled') expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutCancelled });
        break;
      }
      case 'xstate.error.actor.gatewayPayment':
        expect(state).toBe('failed');
        expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutFailed });
        break;
      case 'payment.start':
      case 'payment.complete':
      case 'notice.dismiss':
        expect(notice).toBeNull();
        break;
    }

    // Every state after Pay holds the student's payment (never the order, which stays apart).
    if (!['none', 'starting', 'completed'].includes(state)) expect(payment).toEqual(samplePendingPayment);

    // Enrolling reloads the dashboard lists, exactly when access was granted by this card.
    const enrolledNow = state === 'completed' && step.index > 0 && previous !== 'completed';
    expect(actionNames(step.effects)).toEqual(enrolledNow ? ['courseEnrolled'] : []);

    const expectedCalls = {
      starting: [{ src: 'startPayment', input: course }],
      completing: [{ src: 'completePayment', input: { paymentId: samplePendingPayment.id } }],
      // The gateway step starts the payment again (its live order), with the page's answer when back from it.
      paying: [{ src: 'gatewayPayment', input: { order: course, gatewayReturn: step.snapshot.context.gatewayReturn } }],
    }[state];
    // Each busy state calls its actor once, when entered; dismissing a notice meanwhile calls nothing.
    expect(actorCalls(step.effects)).toEqual(enteredNewState(step) ? (expectedCalls ?? []) : []);
  });
});
