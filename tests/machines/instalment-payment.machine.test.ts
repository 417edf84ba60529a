import { describe, expect } from 'vitest';
import { INSTALMENT_MESSAGES, MESSAGES } from '../../contract/index.ts';
import { nextDue } from '../../machines/instalment-payment.machine.ts';
import { instalmentPaymentModel } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('instalment payment machine, generated paths', () => {
  testGeneratedPaths(instalmentPaymentModel, (step) => {
    const state = stateOf(step);
    const { instalments, notice, payment } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(['loading', 'starting', 'handingOff', 'verifying'].includes(state));
    const calls = actorCalls(step.effects);
    if (state === 'loading') expect(calls).toEqual([{ src: 'loadSchedule', input: { enrollmentId: 4 } }]);
    // Pay starts the earliest due or overdue instalment's payment, never a paid one.
    if (state === 'starting') expect(calls).toEqual([{ src: 'startInstalment', input: { instalmentId: 12 } }]);
    if (state === 'verifying') {
      expect(calls).toEqual([
        { src: 'verify', input: { paymentId: 6, proof: expect.objectContaining({ razorpay_payment_id: 'pay_1' }) } },
      ]);
    }
    if (state === 'handingOff') expect(payment?.id).toBe(6);
    if (state === 'ready') expect(instalments.length).toBeGreaterThan(0);
    // A schedule with nothing due offers no payment: Pay there changes nothing.
    if (state === 'ready' && step.event.type === 'instalment.pay') expect(nextDue(instalments)).toBeUndefined();
    if (step.event.type === 'xstate.done.actor.verify') expect(notice?.text).toBe(INSTALMENT_MESSAGES.paid);
    if (step.event.type === 'xstate.done.actor.handOff' && state === 'ready')
      expect([MESSAGES.checkoutCancelled, MESSAGES.checkoutFailed]).toContain(notice?.text);
  });
});
