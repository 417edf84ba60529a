import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  batchChoiceMachine,
  checkoutMachine,
  couponCheckMachine,
  planChoiceMachine,
  type CheckCouponInput,
  type CheckoutContext,
} from '../../machines/index.ts';
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_OUTCOME_MESSAGES,
  DELIVERY_MESSAGES,
  MESSAGES,
  SERVER_MESSAGES,
  type CheckoutSubmission,
} from '../../contract/index.ts';
import {
  checkoutInputs,
  checkoutModel,
  couponApplied,
  keptSubmission,
  noScholarship,
  sampleBatch,
  sampleCheckoutCourse,
  samplePlan,
} from '../support/models/index.ts';
import { gatewayDeclined, gatewayProofRefused, invalidCheckoutForm, networkError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

// The gateway step (its own machine, gateway-payment) says why it failed; the checkout says what happened
// and what to do: a decline (the bank or UPI app said no) in its own words, a refusal with the server's reason.
const failureText = new Map<unknown, string>([
  [gatewayDeclined, CHECKOUT_OUTCOME_MESSAGES.declined],
  [gatewayProofRefused, `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`],
]);

const PROGRAM = { courseType: 'program', courseId: '3' };
const bySrc = (calls: { src: string; input: unknown }[]) => [...calls].sort((a, b) => a.src.localeCompare(b.src));

/** The payment's submission: the form as the page sends it, with the batch, plan and coupon the checkout keeps. */
function submitted(context: CheckoutContext, form: CheckoutSubmission): CheckoutSubmission {
  return {
    ...form,
    batch: context.batch,
    coupon: context.discount?.code ?? null,
    ...(context.plans === 'offered' ? { plan: context.plan } : {}),
  };
}

/** The coupon check starts once: a signed-in student, the course shown (not while the gateway's outcome is confirmed). */
function couponStarts(before: CheckoutContext | undefined, after: CheckoutContext): boolean {
  return before?.coupon === 'none' && after.coupon === 'loading';
}

describe('checkout machine, generated paths', () => {
  testGeneratedPaths(checkoutModel, (step) => {
    const state = stateOf(step);
    const context = step.snapshot.context as CheckoutContext;
    const before = step.previous?.context as CheckoutContext | undefined;
    const { course, errors, failure, courseType, courseId, gatewayReturn, form } = context;
    const event = step.event as { type: string; error?: unknown; form?: CheckoutSubmission; output?: unknown };
    const calls = actorCalls(step.effects);
    const couponCall = { src: 'couponCheck', input: PROGRAM };

    if (step.index === 0) {
      const validUrl = courseType === 'program' && courseId === Number(checkoutInputs.program.courseId);
      // A bad type or id fails at once, without asking the server.
      expect(state).toBe(validUrl ? 'loading' : 'loadFailed');
      expect(calls).toEqual(validUrl ? [{ src: 'loadCourse', input: { courseType: 'program', courseId: 3 } }] : []);
    }

    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'ready.paying');
    expect(step.snapshot.hasTag('paying')).toBe(state === 'ready.paying');
    if (!['resolving', 'loading', 'loadFailed'].includes(state)) expect(course).toEqual(sampleCheckoutCourse);
    if (state === 'success') expect(step.snapshot.status).toBe('done');
    // The gateway's answer in the URL is used once, by the gateway step right after the course loads.
    if (!['resolving', 'loading', 'loadFailed', 'ready.paying'].includes(state)) expect(gatewayReturn).toBeNull();
    // The coupon check asks the server only for a signed-in student, with the form shown.
    if (step.snapshot.children.couponCheck) expect(context.signedIn).toBe(true);

    if (event.type === 'checkout.submit') {
      const batchMissing = before!.batches !== 'none' && before!.batch === null;
      if (batchMissing || event.form === invalidCheckoutForm) {
        // Refused in the browser: each field's message (and the batch choice's, once batches are offered),
        // nothing is sent, and the form kept for a retry is the last one sent to the gateway step.
        expect(step.snapshot.value).toEqual(step.previous?.value);
        expect(errors).toEqual({
          ...(event.form === invalidCheckoutForm
            ? { phone: CHECKOUT_MESSAGES.phone, address: CHECKOUT_MESSAGES.address }
            : {}),
          ...(batchMissing && before!.batches === 'offered' ? { batch: DELIVERY_MESSAGES.batchRequired } : {}),
        });
        expect(calls).toEqual([]);
        expect(failure).toBe(before!.failure);
        expect(form).toBe(before!.form);
      } else {
        // The form goes to the gateway step's payment start (which sends only checkoutBilling(form)) with
        // the batch, plan and coupon the children reported; kept, so that a declined or cancelled payment
        // shows the form as it was submitted.
        const submission = submitted(before!, event.form!);
        expect(state).toBe('ready.paying');
        expect(errors).toEqual({});
        expect(failure).toBeNull();
        expect(form).toEqual(submission);
        expect(calls).toEqual([
          {
            src: 'gatewayPayment',
            input: { order: { courseType: 'program', courseId: 3, form: submission }, gatewayReturn: null },
          },
        ]);
      }
    } else if (event.type === 'xstate.done.actor.loadCourse') {
      const back = before!.gatewayReturn;
      // The choices start as the course shows: a program's batches and plans, and the coupon check for a
      // signed-in student; back from the gateway's page, the gateway step takes its outcome (verifies a paid
      // one) and the coupon check waits for the form.
      expect(state).toBe(back ? 'ready.paying' : 'ready.idle');
      expect(context.batches).toBe('loading');
      expect(context.plans).toBe('loading');
      expect(bySrc(calls)).toEqual(
        bySrc([
          { src: 'batchChoice', input: PROGRAM },
          { src: 'planChoice', input: PROGRAM },
          ...(back
            ? [{ src: 'gatewayPayment', input: { order: { courseType: 'program', courseId: 3 }, gatewayReturn: back } }]
            : []),
          ...(!back && context.signedIn ? [couponCall] : []),
        ]),
      );
    } else if (event.type === 'xstate.done.actor.gatewayPayment') {
      const kind = (event.output as { kind: string }).kind;
      expect(state).toBe(kind === 'paid' ? 'success' : kind === 'failed' ? 'ready.failure' : 'ready.cancelled');
      if (kind === 'failed') expect(failure).toBe(failureText.get(event.output));
      if (kind === 'cancelled') expect(failure).toBeNull();
      expect(calls).toEqual(couponStarts(before, context) ? [couponCall] : []);
    } else if (event.type === 'xstate.error.actor.gatewayPayment') {
      expect(state).toBe('ready.failure');
      expect(event.error).toBe(networkError);
      expect(failure).toBe(MESSAGES.checkoutFailed);
      expect(calls).toEqual(couponStarts(before, context) ? [couponCall] : []);
    } else if (event.type === 'xstate.error.actor.loadCourse') {
      expect(state).toBe('loadFailed');
    } else if (event.type === 'checkout.signedIn') {
      expect(context.signedIn).toBe(true);
      const formShown = course !== null && gatewayReturn === null && state !== 'success';
      expect(calls).toEqual(before!.coupon === 'none' && formShown ? [couponCall] : []);
    } else if (step.index > 0) {
      // What the children report is kept; nothing else starts.
      const report = step.event as { type: string; offered?: boolean; batchId?: number; planId?: number };
      if (report.type === 'batch.ready') expect(context.batches).toBe(report.offered ? 'offered' : 'none');
      if (report.type === 'batch.chosen') {
        expect(context.batch).toBe(report.batchId);
        expect(errors.batch).toBeUndefined();
      }
      if (report.type === 'plan.ready') expect(context.plans).toBe(report.offered ? 'offered' : 'none');
      if (report.type === 'plan.chosen') expect(context.plan).toBe(report.planId);
      if (report.type === 'coupon.changed')
        expect(context.discount).toEqual((step.event as unknown as { applied: unknown }).applied);
      expect(calls).toEqual([]);
    }
    if (state === 'ready.idle' || state === 'ready.cancelled') expect(failure).toBeNull();
    // Nothing typed is ever dropped: the form is the one submitted last, or the one brought back from
    // before the gateway's page (the draft), until another valid submit replaces it.
    if (step.index === 0) expect([null, keptSubmission]).toContain(form);
    else if (event.type !== 'checkout.submit') expect(form).toBe(before!.form);
  });
});

describe('checkout machine, back from the gateway declined', () => {
  it('keeps what the student submitted before the gateway page and says what happened and what to do', async () => {
    // The real gateway step: back declined, it ends failed at once without asking anything. The choices'
    // reads are not provided: each fails, and none is offered.
    const machine = checkoutMachine.provide({ actors: { loadCourse: fromPromise(async () => sampleCheckoutCourse) } });
    const actor = createActor(machine, { input: checkoutInputs.backDeclinedKept }).start();
    const snapshot = await waitFor(
      actor,
      (s) => s.matches({ ready: 'failure' }) && s.context.batches === 'none' && s.context.plans === 'none',
    );
    expect(snapshot.context.form).toEqual(keptSubmission);
    expect(snapshot.context.failure).toBe(CHECKOUT_OUTCOME_MESSAGES.declined);
    expect(snapshot.context.failure?.startsWith(MESSAGES.checkoutFailed)).toBe(true);
    // Pay again with the same details: the gateway step is started with them.
    actor.send({ type: 'checkout.submit', form: snapshot.context.form! });
    expect(actor.getSnapshot().hasTag('paying')).toBe(true);
    expect(actor.getSnapshot().context.gatewayReturn).toBeNull();
    actor.stop();
  });

  it('chooses again the batch, the plan and the coupon submitted before the gateway page, and pays with them', async () => {
    const kept = { ...keptSubmission, batch: sampleBatch.id, plan: samplePlan.id };
    const codes: (string | undefined)[] = [];
    const machine = checkoutMachine.provide({
      actors: {
        loadCourse: fromPromise(async () => sampleCheckoutCourse),
        batchChoice: batchChoiceMachine.provide({ actors: { loadBatches: fromPromise(async () => [sampleBatch]) } }),
        planChoice: planChoiceMachine.provide({ actors: { loadPlans: fromPromise(async () => [samplePlan]) } }),
        couponCheck: couponCheckMachine.provide({
          actors: {
            checkCoupon: fromPromise(async ({ input }: { input: CheckCouponInput }) => {
              codes.push(input.code);
              return input.code ? couponApplied : noScholarship;
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: { ...checkoutInputs.backDeclined, draft: kept } }).start();
    actor.send({ type: 'checkout.signedIn' });
    const snapshot = await waitFor(
      actor,
      (s) => s.context.batch !== null && s.context.plan !== null && s.context.discount !== null,
    );
    expect(snapshot.matches({ ready: 'failure' })).toBe(true);
    // The scholarship is looked up first, then the code kept is applied again.
    expect(codes).toEqual([undefined, 'WELCOME10']);
    expect(snapshot.children.batchChoice?.getSnapshot().context.chosen).toBe(sampleBatch.id);
    expect(snapshot.children.planChoice?.getSnapshot().context.chosen).toBe(samplePlan.id);
    expect(snapshot.context.discount?.code).toBe('WELCOME10');
    actor.send({ type: 'checkout.submit', form: { ...validUpiFormOf(kept) } });
    expect(actor.getSnapshot().context.form).toMatchObject({
      batch: sampleBatch.id,
      plan: samplePlan.id,
      coupon: 'WELCOME10',
    });
    actor.stop();
  });

  it('refuses a submit without a batch while batches are offered, with the message on the batch choice', async () => {
    const machine = checkoutMachine.provide({
      actors: {
        loadCourse: fromPromise(async () => sampleCheckoutCourse),
        batchChoice: batchChoiceMachine.provide({ actors: { loadBatches: fromPromise(async () => [sampleBatch]) } }),
      },
    });
    const actor = createActor(machine, { input: checkoutInputs.program }).start();
    await waitFor(actor, (s) => s.context.batches === 'offered');
    actor.send({ type: 'checkout.submit', form: keptSubmission });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ batch: DELIVERY_MESSAGES.batchRequired });
    // Chosen on the batch choice: the message goes, and the payment starts with the batch.
    actor.getSnapshot().children.batchChoice!.send({ type: 'batch.choose', batchId: sampleBatch.id });
    await waitFor(actor, (s) => s.context.batch === sampleBatch.id);
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'checkout.submit', form: keptSubmission });
    expect(actor.getSnapshot().hasTag('paying')).toBe(true);
    expect(actor.getSnapshot().context.form?.batch).toBe(sampleBatch.id);
    actor.stop();
  });
});

/** The form as the page sends it: its fields and consents (the batch, plan and coupon are the checkout's). */
function validUpiFormOf({ batch: _batch, plan: _plan, coupon: _coupon, ...form }: CheckoutSubmission) {
  return form;
}
