import { describe, expect } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import type { GatewayOutcome } from '../../machines/index.ts';
import { gatewayPaymentInputs, gatewayPaymentModel } from '../support/models/index.ts';
import {
  gatewayUnavailable,
  networkError,
  sampleCompletion,
  sampleFreeStart,
  samplePaymentStart,
  samplePendingPayment,
  sampleProof,
  sampleStartWithoutOrder,
  serverError,
  signatureInvalid,
} from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// The spec's failure text first, then the server's words when it gave some (none for a 500 or the network).
const failureText = new Map<unknown, string>([
  [gatewayUnavailable, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.gatewayUnavailable}`],
  [signatureInvalid, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`],
  [networkError, MESSAGES.checkoutFailed],
  [serverError, MESSAGES.checkoutFailed],
]);
const { order } = gatewayPaymentInputs.fresh;
const { gateway, ...orderedPayment } = samplePaymentStart;
const verifyCall = [{ src: 'verify', input: { paymentId: samplePendingPayment.id, proof: sampleProof } }];
const FINAL = ['paid', 'failed', 'cancelled'];

describe('gateway payment machine, generated paths', () => {
  testGeneratedPaths(gatewayPaymentModel, (step) => {
    const state = stateOf(step);
    const { outcome, gatewayReturn } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; output?: unknown };
    const calls = actorCalls(step.effects);

    // The step ends exactly in paid, failed or cancelled, and tells its parent which as its output.
    expect(step.snapshot.status).toBe(FINAL.includes(state) ? 'done' : 'active');
    expect(step.snapshot.output).toEqual(FINAL.includes(state) ? outcome : undefined);
    if (FINAL.includes(state)) expect(outcome?.kind).toBe(state);
    // The sandbox page's answer is used once, when the step starts.
    expect(gatewayReturn).toBeNull();

    if (step.index === 0) {
      if (state === 'ordering') expect(calls).toEqual([{ src: 'startOrder', input: { order } }]);
      // Back paid: straight to verify/ with the page's proof, no second order.
      if (state === 'verifying') {
        expect(step.snapshot.context.proof).toEqual(sampleProof);
        expect(calls).toEqual(verifyCall);
      }
      if (state === 'failed') {
        expect(outcome).toEqual({
          kind: 'failed',
          stage: 'handingOff',
          error: null,
          failure: MESSAGES.checkoutFailed,
          payment: null,
        } satisfies GatewayOutcome);
      }
      if (state === 'cancelled') expect(outcome).toEqual({ kind: 'cancelled', payment: null });
      if (state !== 'ordering' && state !== 'verifying') expect(calls).toEqual([]);
      return;
    }

    switch (event.type) {
      case 'xstate.done.actor.startOrder':
        if (event.output === sampleFreeStart) {
          // A free course: paid at once, nothing handed to the gateway.
          const { gateway: _none, ...free } = sampleFreeStart;
          expect(state).toBe('paid');
          expect(outcome).toEqual({ kind: 'paid', payment: free });
          expect(calls).toEqual([]);
        } else if (event.output === sampleStartWithoutOrder) {
          expect(state).toBe('failed');
          expect(outcome).toMatchObject({ stage: 'handingOff', failure: MESSAGES.checkoutFailed });
          expect(calls).toEqual([]);
        } else {
          // The gateway gets the order, with the course's title for Razorpay Checkout to show.
          expect(state).toBe('handingOff');
          expect(calls).toEqual([
            {
              src: 'handOff',
              input: { paymentId: 41, gateway, description: samplePendingPayment.program_title, order },
            },
          ]);
        }
        break;
      case 'xstate.done.actor.handOff': {
        const kind = (event.output as { kind: string }).kind;
        expect(state).toBe(kind === 'paid' ? 'verifying' : kind === 'failed' ? 'failed' : 'cancelled');
        expect(calls).toEqual(kind === 'paid' ? verifyCall : []);
        if (kind === 'failed') {
          expect(outcome).toEqual({
            kind: 'failed',
            stage: 'handingOff',
            error: null,
            failure: MESSAGES.checkoutFailed,
            payment: orderedPayment,
          });
        }
        if (kind === 'cancelled') expect(outcome).toEqual({ kind: 'cancelled', payment: orderedPayment });
        break;
      }
      case 'xstate.done.actor.verify':
        expect(state).toBe('paid');
        expect(outcome).toEqual({ kind: 'paid', payment: sampleCompletion.payment });
        break;
      case 'xstate.error.actor.startOrder':
      case 'xstate.error.actor.handOff':
      case 'xstate.error.actor.verify': {
        const stage = { startOrder: 'ordering', handOff: 'handingOff', verify: 'verifying' }[
          event.type.split('.').pop() as 'startOrder'
        ];
        expect(state).toBe('failed');
        expect(outcome).toEqual({
          kind: 'failed',
          stage,
          error: event.error,
          failure: failureText.get(event.error),
          payment: stage === 'ordering' ? null : step.previous!.context.payment,
        });
        break;
      }
    }
  });
});
