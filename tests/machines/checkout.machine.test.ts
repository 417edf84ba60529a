import { describe, expect } from 'vitest';
import { CHECKOUT_MESSAGES, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { checkoutInputs, checkoutModel, sampleCheckoutCourse } from '../support/models/index.ts';
import { gatewayDeclined, gatewayProofRefused, invalidCardForm, networkError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// The gateway step (its own machine, gateway-payment) says why it failed; the checkout shows its words.
const failureText = new Map<unknown, string>([
  [gatewayDeclined, MESSAGES.checkoutFailed],
  [gatewayProofRefused, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`],
]);

describe('checkout machine, generated paths', () => {
  testGeneratedPaths(checkoutModel, (step) => {
    const state = stateOf(step);
    const { course, errors, failure, courseType, courseId, gatewayReturn } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; form?: unknown; output?: unknown };

    if (step.index === 0) {
      const validUrl = courseType === 'program' && courseId === Number(checkoutInputs.program.courseId);
      // A bad type or id fails at once, without asking the server.
      expect(state).toBe(validUrl ? 'loading' : 'loadFailed');
      expect(actorCalls(step.effects)).toEqual(
        validUrl ? [{ src: 'loadCourse', input: { courseType: 'program', courseId: 3 } }] : [],
      );
    }

    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'paying');
    expect(step.snapshot.hasTag('paying')).toBe(state === 'paying');
    if (!['resolving', 'loading', 'loadFailed'].includes(state)) expect(course).toEqual(sampleCheckoutCourse);
    if (state === 'success') expect(step.snapshot.status).toBe('done');
    // The gateway's answer in the URL is used once, by the gateway step right after the course loads.
    if (!['resolving', 'loading', 'loadFailed', 'paying'].includes(state)) expect(gatewayReturn).toBeNull();

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
        // The form goes to the gateway step's payment start, which sends only checkoutBilling(form).
        expect(state).toBe('paying');
        expect(errors).toEqual({});
        expect(failure).toBeNull();
        expect(actorCalls(step.effects)).toEqual([
          {
            src: 'gatewayPayment',
            input: { order: { courseType: 'program', courseId: 3, form: event.form }, gatewayReturn: null },
          },
        ]);
      }
    } else if (event.type === 'xstate.done.actor.loadCourse') {
      const back = step.previous?.context.gatewayReturn;
      // Back from the gateway's page: the gateway step takes its outcome (verifies a paid one).
      expect(state).toBe(back ? 'paying' : 'idle');
      expect(actorCalls(step.effects)).toEqual(
        back
          ? [{ src: 'gatewayPayment', input: { order: { courseType: 'program', courseId: 3 }, gatewayReturn: back } }]
          : [],
      );
    } else if (event.type === 'xstate.done.actor.gatewayPayment') {
      const kind = (event.output as { kind: string }).kind;
      expect(state).toBe(kind === 'paid' ? 'success' : kind === 'failed' ? 'failure' : 'cancelled');
      if (kind === 'failed') expect(failure).toBe(failureText.get(event.output));
      if (kind === 'cancelled') expect(failure).toBeNull();
    } else if (event.type === 'xstate.error.actor.gatewayPayment') {
      expect(state).toBe('failure');
      expect(event.error).toBe(networkError);
      expect(failure).toBe(MESSAGES.checkoutFailed);
    } else if (event.type === 'xstate.error.actor.loadCourse') {
      expect(state).toBe('loadFailed');
    } else if (step.index > 0) {
      expect(actorCalls(step.effects)).toEqual([]);
    }
    if (state === 'idle' || state === 'cancelled') expect(failure).toBeNull();
  });
});
