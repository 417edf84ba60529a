import { describe, expect } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { paymentFlowModel } from '../support/models/index.ts';
import {
  alreadyEnrolled,
  gatewayUnavailable,
  networkError,
  samplePaymentStart,
  samplePendingPayment,
  sampleProof,
  signatureInvalid,
} from '../support/samples.ts';
import { actionNames, actorCalls, enteredNewState, stateOf, testGeneratedPaths } from './generated-paths.ts';

const startErrorText = new Map<unknown, string>([
  [alreadyEnrolled, SERVER_MESSAGES.alreadyEnrolled],
  [gatewayUnavailable, SERVER_MESSAGES.gatewayUnavailable],
  [networkError, MESSAGES.paymentStartFailed],
]);
// In the gateway steps: the spec's failure text first, then the server's words when it gave some.
const gatewayErrorText = new Map<unknown, string>([
  [gatewayUnavailable, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.gatewayUnavailable}`],
  [alreadyEnrolled, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.alreadyEnrolled}`],
  [networkError, MESSAGES.checkoutFailed],
  [signatureInvalid, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`],
]);
const BUSY = ['starting', 'completing', 'ordering', 'handingOff', 'verifying'];
const PAYING = ['ordering', 'handingOff', 'verifying'];
const { gateway } = samplePaymentStart;

describe('payment flow machine, generated paths', () => {
  testGeneratedPaths(paymentFlowModel, (step) => {
    const state = stateOf(step);
    const { notice, payment, gatewayReturn } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; output?: { status?: string; kind?: string } };
    const previous = step.previous ? step.previous.value : null;

    // The card's first state comes from what the dashboard knows, and from the gateway's page it came back from.
    if (step.index === 0) {
      const { enrolled } = step.snapshot.context;
      const back = step.snapshot.context.proof
        ? 'verifying'
        : notice?.text === MESSAGES.checkoutFailed
          ? 'failed'
          : notice?.text === MESSAGES.checkoutCancelled
            ? 'cancelled'
            : null;
      const expected = enrolled ? 'completed' : (back ?? (payment === samplePendingPayment ? 'pending' : 'none'));
      expect(state).toBe(expected);
      if (state === 'verifying') expect(step.snapshot.context.proof).toEqual(sampleProof);
      if (state === 'failed') expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutFailed });
      if (state === 'cancelled') expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutCancelled });
      if (['none', 'pending', 'completed'].includes(state)) expect(notice).toBeNull();
    }
    // The gateway's answer in the URL is used once, when the card starts.
    expect(gatewayReturn).toBeNull();

    expect(step.snapshot.hasTag('busy')).toBe(BUSY.includes(state));
    expect(step.snapshot.hasTag('paying')).toBe(PAYING.includes(state));

    // The notice under the card (spec section 8, student payment texts; issue 9's gateway outcomes).
    switch (event.type) {
      case 'xstate.done.actor.startPayment':
        if (event.output?.status === 'completed') {
          expect(state).toBe('completed');
          expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentCompleted });
        } else if (previous === 'starting') {
          expect(state).toBe('pending');
          expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentStarted });
        } else {
          // Complete Payment took the payment's live order: on to the gateway, nothing shown yet.
          expect(state).toBe('handingOff');
          expect(notice).toBeNull();
        }
        break;
      case 'xstate.error.actor.startPayment':
        if (previous === 'starting') {
          expect(state).toBe('none');
          expect(notice).toEqual({ kind: 'error', text: startErrorText.get(event.error) });
        } else {
          expect(state).toBe('failed');
          expect(notice).toEqual({ kind: 'error', text: gatewayErrorText.get(event.error) });
        }
        break;
      case 'xstate.done.actor.completePayment':
      case 'xstate.done.actor.verifyPayment':
        expect(state).toBe('completed');
        expect(notice).toEqual({ kind: 'success', text: MESSAGES.paymentCompleted });
        break;
      case 'xstate.error.actor.completePayment':
        if (state === 'ordering') {
          // Not received from the gateway: the student pays through it now.
          expect(notice).toBeNull();
        } else {
          expect(state).toBe('pending');
          expect(notice).toEqual({ kind: 'error', text: MESSAGES.paymentCompleteFailed });
        }
        break;
      case 'xstate.done.actor.handOff': {
        const kind = event.output?.kind;
        expect(state).toBe(kind === 'paid' ? 'verifying' : kind === 'failed' ? 'failed' : 'cancelled');
        if (kind === 'paid') expect(notice).toBeNull();
        if (kind === 'failed') expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutFailed });
        if (kind === 'cancelled') expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutCancelled });
        break;
      }
      case 'xstate.error.actor.handOff':
      case 'xstate.error.actor.verifyPayment':
        expect(state).toBe('failed');
        expect(notice).toEqual({ kind: 'error', text: gatewayErrorText.get(event.error) });
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
      starting: [{ src: 'startPayment', input: { courseType: 'program', courseId: 3 } }],
      ordering: [{ src: 'startPayment', input: { courseType: 'program', courseId: 3 } }],
      completing: [{ src: 'completePayment', input: { paymentId: samplePendingPayment.id } }],
      handingOff: [{ src: 'handOff', input: { payment: samplePendingPayment, gateway } }],
      verifying: [{ src: 'verifyPayment', input: { paymentId: samplePendingPayment.id, proof: sampleProof } }],
    }[state];
    // Each busy state calls its actor once, when entered; dismissing a notice meanwhile calls nothing.
    expect(actorCalls(step.effects)).toEqual(enteredNewState(step) ? (expectedCalls ?? []) : []);
  });
});
