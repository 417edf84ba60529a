import { describe, expect } from 'vitest';
import { INSTALMENT_MESSAGES, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { nextDue, type InstalmentPaymentContext } from '../../machines/instalment-payment.machine.ts';
import { instalmentPaymentModel } from '../support/models/index.ts';
import {
  gatewayClosed,
  gatewayDeclined,
  gatewayPaid,
  gatewayProofRefused,
  gatewayStartRefused,
} from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// What the schedule says after each outcome of the gateway step (its own machine, gateway-payment): the
// payment start's and verify/'s words are the server's, the gateway's own step the spec's.
const noticeAfter = new Map<unknown, { kind: string; text: string }>([
  [gatewayPaid, { kind: 'success', text: INSTALMENT_MESSAGES.paid }],
  [gatewayClosed, { kind: 'info', text: MESSAGES.checkoutCancelled }],
  [gatewayDeclined, { kind: 'error', text: MESSAGES.checkoutFailed }],
  [gatewayStartRefused, { kind: 'error', text: SERVER_MESSAGES.gatewayUnavailable }],
  [gatewayProofRefused, { kind: 'error', text: SERVER_MESSAGES.signatureInvalid }],
]);

describe('instalment payment machine, generated paths', () => {
  testGeneratedPaths(instalmentPaymentModel, (step) => {
    const state = stateOf(step);
    const { instalments, notice, gatewayReturn } = step.snapshot.context as InstalmentPaymentContext;
    const back = (step.previous?.context as InstalmentPaymentContext | undefined)?.gatewayReturn ?? null;
    expect(step.snapshot.hasTag('busy')).toBe(['loading', 'paying'].includes(state));
    const calls = actorCalls(step.effects);
    if (state === 'loading') expect(calls).toEqual([{ src: 'loadSchedule', input: { enrollmentId: 4 } }]);
    // Pay starts the earliest due or overdue instalment's payment, never a paid one; back from the
    // sandbox's page, the gateway step takes the outcome for the instalment of that payment.
    if (state === 'paying') {
      const instalmentId = back ? instalments.find((i) => i.payment === back.paymentId)!.id : 12;
      expect(calls).toEqual([
        { src: 'gatewayPayment', input: { order: { instalmentId }, gatewayReturn: back ?? null } },
      ]);
      if (back?.paymentId === 5) expect(instalmentId).toBe(11);
    }
    // The sandbox page's answer waits for the schedule (a failed load keeps it for the retry), then is used once.
    if (!['loading', 'failed', 'paying'].includes(state)) expect(gatewayReturn).toBeNull();
    if (state === 'ready') expect(instalments.length).toBeGreaterThan(0);
    // A return for another schedule's payment is not this schedule's business.
    if (step.event.type === 'xstate.done.actor.loadSchedule' && back?.paymentId === 99)
      expect(state).not.toBe('paying');
    // A schedule with nothing due offers no payment: Pay there changes nothing.
    if (state === 'ready' && step.event.type === 'instalment.pay') expect(nextDue(instalments)).toBeUndefined();
    const output = (step.event as { output?: unknown }).output;
    if (step.event.type === 'xstate.done.actor.gatewayPayment') {
      expect(state).toBe(output === gatewayPaid ? 'loading' : 'ready');
      expect(notice).toEqual(noticeAfter.get(output));
    }
    if (step.event.type === 'xstate.error.actor.gatewayPayment') {
      expect(state).toBe('ready');
      expect(notice).toEqual({ kind: 'error', text: MESSAGES.checkoutFailed });
    }
  });
});
