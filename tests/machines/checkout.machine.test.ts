import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine } from '../../machines/index.ts';
import { CHECKOUT_MESSAGES, CHECKOUT_OUTCOME_MESSAGES, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { checkoutInputs, checkoutModel, keptSubmission, sampleCheckoutCourse } from '../support/models/index.ts';
import { gatewayDeclined, gatewayProofRefused, invalidCheckoutForm, networkError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// The gateway step (its own machine, gateway-payment) says why it failed; the checkout says what happened
// and what to do: a decline (the bank or UPI app said no) in its own words, a refusal with the server's reason.
const failureText = new Map<unknown, string>([
  [gatewayDeclined, CHECKOUT_OUTCOME_MESSAGES.declined],
  [gatewayProofRefused, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`],
]);

describe('checkout machine, generated paths', () => {
  testGeneratedPaths(checkoutModel, (step) => {
    const state = stateOf(step);
    const { course, errors, failure, courseType, courseId, gatewayReturn, form } = step.snapshot.context;
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
      if (event.form === invalidCheckoutForm) {
        // Refused in the browser: the form shows each field's message, nothing is sent.
        expect(step.snapshot.value).toBe(step.previous?.value);
        expect(errors).toEqual({ phone: CHECKOUT_MESSAGES.phone, address: CHECKOUT_MESSAGES.address });
        expect(actorCalls(step.effects)).toEqual([]);
        expect(failure).toBe(step.previous?.context.failure);
        // The form kept for a retry is the last one sent to the gateway step, not the refused one.
        expect(form).toBe(step.previous?.context.form);
      } else {
        // The form goes to the gateway step's payment start, which sends only checkoutBilling(form).
        expect(state).toBe('paying');
        expect(errors).toEqual({});
        expect(failure).toBeNull();
        // Kept: a declined or cancelled payment shows the form as it was submitted.
        expect(form).toBe(event.form);
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
    // Nothing typed is ever dropped: the form is the one submitted last, or the one brought back from
    // before the gateway's page (the draft), until another valid submit replaces it.
    if (step.index === 0) expect([null, keptSubmission]).toContain(form);
    else if (event.type !== 'checkout.submit') expect(form).toBe(step.previous?.context.form);
  });
});

describe('checkout machine, back from the gateway declined', () => {
  it('keeps what the student submitted before the gateway page and says what happened and what to do', async () => {
    // The real gateway step: back declined, it ends failed at once without asking anything.
    const machine = checkoutMachine.provide({ actors: { loadCourse: fromPromise(async () => sampleCheckoutCourse) } });
    const actor = createActor(machine, { input: checkoutInputs.backDeclinedKept }).start();
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context.form).toEqual(keptSubmission);
    expect(snapshot.context.failure).toBe(CHECKOUT_OUTCOME_MESSAGES.declined);
    expect(snapshot.context.failure?.startsWith(MESSAGES.checkoutFailed)).toBe(true);
    // Pay again with the same details: the gateway step is started with them.
    actor.send({ type: 'checkout.submit', form: snapshot.context.form! });
    expect(actor.getSnapshot().hasTag('paying')).toBe(true);
    expect(actor.getSnapshot().context.gatewayReturn).toBeNull();
    actor.stop();
  });
});
