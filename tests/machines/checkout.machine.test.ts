import { describe, expect } from 'vitest';
import { CHECKOUT_MESSAGES, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { checkoutInputs, checkoutModel, sampleCheckoutCourse } from '../support/models/index.ts';
import {
  gatewayUnavailable,
  invalidCardForm,
  networkError,
  sampleFreeStart,
  samplePaymentStart,
  sampleProof,
  serverError,
  signatureInvalid,
} from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// A 500 or a network failure carries no words for the user: the spec's text shows. The server's 4xx and
// 503 (gateway down) words follow the spec's text.
const errorText = new Map<unknown, string>([
  [serverError, MESSAGES.checkoutFailed],
  [networkError, MESSAGES.checkoutFailed],
  [gatewayUnavailable, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.gatewayUnavailable}`],
  [signatureInvalid, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`],
]);
const PAYING = ['ordering', 'handingOff', 'verifying'];

describe('checkout machine, generated paths', () => {
  testGeneratedPaths(checkoutModel, (step) => {
    const state = stateOf(step);
    const { course, errors, failure, courseType, courseId, gatewayReturn, paymentId, proof } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; form?: unknown; output?: unknown };

    if (step.index === 0) {
      const validUrl = courseType === 'program' && courseId === Number(checkoutInputs.program.courseId);
      // A bad type or id fails at once, without asking the server.
      expect(state).toBe(validUrl ? 'loading' : 'loadFailed');
      expect(actorCalls(step.effects)).toEqual(
        validUrl ? [{ src: 'loadCourse', input: { courseType: 'program', courseId: 3 } }] : [],
      );
    }

    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || PAYING.includes(state));
    expect(step.snapshot.hasTag('paying')).toBe(PAYING.includes(state));
    if (!['resolving', 'loading', 'loadFailed'].includes(state)) expect(course).toEqual(sampleCheckoutCourse);
    if (state === 'success') expect(step.snapshot.status).toBe('done');
    // The gateway's answer in the URL is used once, right after the course loads.
    if (!['resolving', 'loading', 'loadFailed'].includes(state)) expect(gatewayReturn).toBeNull();

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
        // Only the billing side leaves: the form goes to startOrder, which sends checkoutBilling(form).
        expect(state).toBe('ordering');
        expect(errors).toEqual({});
        expect(failure).toBeNull();
        expect(actorCalls(step.effects)).toEqual([
          {
            src: 'startOrder',
            input: { courseType: 'program', courseId: 3, form: JSON.parse(JSON.stringify(event.form)) },
          },
        ]);
      }
    } else if (event.type === 'xstate.done.actor.loadCourse') {
      const back = step.previous?.context.gatewayReturn;
      expect(state).toBe(
        !back ? 'idle' : back.kind === 'paid' ? 'verifying' : back.kind === 'failed' ? 'failure' : 'cancelled',
      );
      if (back?.kind === 'paid') {
        expect(actorCalls(step.effects)).toEqual([{ src: 'verify', input: { paymentId: 41, proof: sampleProof } }]);
      }
      if (back?.kind === 'failed') expect(failure).toBe(MESSAGES.checkoutFailed);
    } else if (event.type === 'xstate.done.actor.startOrder') {
      if (event.output === sampleFreeStart) {
        expect(state).toBe('success');
      } else {
        expect(state).toBe('handingOff');
        expect(paymentId).toBe(samplePaymentStart.id);
        expect(actorCalls(step.effects)).toEqual([
          {
            src: 'handOff',
            input: { paymentId: 41, gateway: samplePaymentStart.gateway, course: sampleCheckoutCourse },
          },
        ]);
      }
    } else if (event.type === 'xstate.done.actor.handOff') {
      const kind = (event.output as { kind: string }).kind;
      expect(state).toBe(kind === 'paid' ? 'verifying' : kind === 'failed' ? 'failure' : 'cancelled');
      if (kind === 'paid') {
        expect(proof).toEqual(sampleProof);
        expect(actorCalls(step.effects)).toEqual([{ src: 'verify', input: { paymentId: 41, proof: sampleProof } }]);
      }
      if (kind === 'failed') expect(failure).toBe(MESSAGES.checkoutFailed);
      if (kind === 'cancelled') expect(failure).toBeNull();
    } else if (event.type === 'xstate.done.actor.verify') {
      expect(state).toBe('success');
    } else if (/^xstate\.error\.actor\.(startOrder|handOff|verify)$/.test(event.type)) {
      expect(state).toBe('failure');
      expect(failure).toBe(errorText.get(event.error));
    } else if (event.type === 'xstate.error.actor.loadCourse') {
      expect(state).toBe('loadFailed');
    } else if (step.index > 0) {
      expect(actorCalls(step.effects)).toEqual([]);
    }
    if (state === 'idle' || state === 'cancelled') expect(failure).toBeNull();
  });
});
