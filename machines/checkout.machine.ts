import { assign, enqueueActions, setup } from 'xstate';
import {
  CHECKOUT_OUTCOME_MESSAGES,
  validateCheckout,
  type CheckoutForm,
  type CheckoutSubmission,
} from '../contract/index.ts';
import {
  checkoutFailure,
  gatewayPaymentMachine,
  type GatewayFailure,
  type GatewayOutcome,
  type GatewayPaymentInput,
} from './gateway-payment.machine.ts';
import { notProvided } from './placeholders.ts';
import {
  errorsOf,
  initialCheckoutContext,
  submissionOf,
  type CheckoutContext,
  type CheckoutCourse,
  type CheckoutEvent,
  type CheckoutInput,
  type LoadCourseInput,
} from './checkout-context.ts';
import { batchChoiceMachine } from './batch-choice.machine.ts';
import { planChoiceMachine } from './plan-choice.machine.ts';
import { couponCheckMachine, type AppliedCoupon } from './coupon-check.machine.ts';

export * from './checkout-context.ts';

type SubmitEvent = Extract<CheckoutEvent, { type: 'checkout.submit' }>;

/** A submit: refused without a batch, refused with field messages, or the payment with the choices kept. */
const submit = [
  {
    guard: 'batchMissing',
    actions: { type: 'showErrors', params: ({ event }: { event: SubmitEvent }) => ({ form: event.form }) },
  },
  {
    guard: { type: 'isFormValid', params: ({ event }: { event: SubmitEvent }) => ({ form: event.form }) },
    target: 'paying',
    actions: [
      'clearErrors',
      { type: 'keepForm', params: ({ event }: { event: SubmitEvent }) => ({ form: event.form }) },
    ],
  },
  { actions: { type: 'showErrors', params: ({ event }: { event: SubmitEvent }) => ({ form: event.form }) } },
] as const;

/** A decline (no error: the bank or UPI app said no) says so and what to do; a refusal gives the server's reason. */
function declinedOrRefused(outcome: GatewayFailure): string {
  return outcome.error === null ? CHECKOUT_OUTCOME_MESSAGES.declined : outcome.failure;
}

/**
 * The checkout page /payment/{type}/{id} (spec sections 2 and 4, Checkout submit; issue 9). The form is
 * validated here with the contract's rules; it holds no card data (the gateway's page asks for it:
 * decision record 067). A valid submit runs the gateway step (`paying`: the gatewayPayment child starts
 * the payment, hands it to the gateway, Razorpay Checkout or the local sandbox's page, which the browser
 * leaves for and comes back from with `gatewayReturn`, and verifies the signed proof) → `success`. Back
 * from the sandbox's page the same step runs as `confirming` (the page shows no form meanwhile). A
 * declined payment is `failure` and a closed gateway step `cancelled`: each says what happened and what to
 * do, and `form` keeps everything the student submitted (brought back as `draft` after the sandbox's page)
 * so that Pay again needs no retyping.
 *
 * The checkout coordinates the page's choices (decision record 082): once the course is loaded (`ready`)
 * it spawns the batch choice and the plan choice for a program, and the coupon check for a signed-in
 * student (`checkout.signedIn`) when the course costs something, each as a child the page renders
 * (`snapshot.children`). The children report to it (`batch.ready`, `batch.chosen`, `plan.ready`,
 * `plan.chosen`, `coupon.changed`); it keeps what they report, chooses again what was submitted before the
 * gateway's page, refuses a submit without a batch while a program's batches are read or offered (with
 * DELIVERY_MESSAGES.batchRequired on the batch choice once offered), and starts the payment with the batch,
 * plan and coupon it keeps.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    children: {} as {
      loadCourse: 'loadCourse';
      gatewayPayment: 'gatewayPayment';
      batchChoice: 'batchChoice';
      planChoice: 'planChoice';
      couponCheck: 'couponCheck';
    },
  },
  actors: {
    /** GET /classroom/{programs|workshops}/{id}/ mapped to a CheckoutCourse. */
    loadCourse: notProvided<CheckoutCourse, LoadCourseInput>('loadCourse'),
    /** The gateway step (the app provides its start, hand-off and verify/). */
    gatewayPayment: gatewayPaymentMachine,
    /** The page's choices, run as children (the app provides what they read). */
    batchChoice: batchChoiceMachine,
    planChoice: planChoiceMachine,
    couponCheck: couponCheckMachine,
  },
  actions: {
    setCourse: assign((_, params: { course: CheckoutCourse }) => ({ course: params.course })),
    showErrors: assign(({ context }, params: { form: CheckoutForm }) => ({ errors: errorsOf(context, params.form) })),
    keepForm: assign(({ context }, params: { form: CheckoutSubmission }) => ({
      form: submissionOf(context, params.form),
    })),
    clearErrors: assign({ errors: {}, failure: null }),
    setFailure: assign((_, params: { failure: string }) => ({ failure: params.failure })),
    clearReturn: assign({ gatewayReturn: null }),
    /** A program's batches and plans, read by their children as the course shows. */
    startChoices: enqueueActions(({ context, enqueue }) => {
      if (context.courseType !== 'program') return;
      const input = { courseType: context.courseType, courseId: String(context.courseId) };
      enqueue.spawnChild('batchChoice', { id: 'batchChoice', input });
      enqueue.spawnChild('planChoice', { id: 'planChoice', input });
      enqueue.assign({ batches: 'loading', plans: 'loading' });
    }),
    /**
     * The coupon check, once: for a signed-in student, a course that costs something, and the form shown
     * (not while the gateway's outcome is confirmed); it looks up the student's scholarship first.
     */
    startCoupon: enqueueActions(({ context, enqueue }) => {
      const { signedIn, course, coupon, gatewayReturn } = context;
      if (!signedIn || !course || course.price <= 0 || coupon !== 'none' || gatewayReturn !== null) return;
      enqueue.spawnChild('couponCheck', {
        id: 'couponCheck',
        input: { courseType: course.courseType, courseId: String(course.id) },
      });
      enqueue.assign({ coupon: 'loading' });
    }),
    signIn: assign({ signedIn: true }),
    /** Batches read: offered (the batch submitted before the gateway's page is chosen again) or none. */
    batchReady: enqueueActions(({ context, enqueue }, params: { offered: boolean }) => {
      enqueue.assign({ batches: params.offered ? 'offered' : 'none' });
      const kept = context.form?.batch;
      if (params.offered && context.batches === 'loading' && kept)
        enqueue.sendTo('batchChoice', { type: 'batch.choose', batchId: kept });
    }),
    chooseBatch: assign(({ context }, params: { batchId: number }) => {
      const { batch: _shown, ...errors } = context.errors;
      return { batch: params.batchId, errors };
    }),
    /** Plans read: offered (the plan submitted before the gateway's page is chosen again) or none. */
    plansReady: enqueueActions(({ context, enqueue }, params: { offered: boolean }) => {
      enqueue.assign({ plans: params.offered ? 'offered' : 'none' });
      const kept = context.form?.plan;
      if (params.offered && context.plans === 'loading' && kept)
        enqueue.sendTo('planChoice', { type: 'plan.choose', planId: kept });
    }),
    choosePlan: assign((_, params: { planId: number | null }) => ({ plan: params.planId })),
    /** What applies now; after the first answer (the scholarship's), the code submitted before is applied again. */
    couponChanged: enqueueActions(({ context, enqueue }, params: { applied: AppliedCoupon | null }) => {
      enqueue.assign({ coupon: 'offered', discount: params.applied });
      const kept = context.form?.coupon;
      if (context.coupon === 'loading' && kept) {
        enqueue.sendTo('couponCheck', { type: 'coupon.edit', code: kept });
        enqueue.sendTo('couponCheck', { type: 'coupon.apply' });
      }
    }),
  },
  guards: {
    hasValidCourseRef: ({ context }) => context.courseType !== null && context.courseId !== null,
    /** A program's batches are being read, or offered with none chosen: no payment starts. */
    batchMissing: ({ context }) => context.batches !== 'none' && context.batch === null,
    returned: ({ context }) => context.gatewayReturn !== null,
    /** Paid, or a free workshop enrolled at once. */
    paid: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'paid',
    cancelled: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'cancelled',
    isFormValid: (_, params: { form: CheckoutForm }) => Object.keys(validateCheckout(params.form)).length === 0,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialCheckoutContext(input),
  initial: 'resolving',
  states: {
    // Transient: a malformed URL fails at once, without a server call; never visible in a snapshot.
    resolving: {
      always: [{ guard: 'hasValidCourseRef', target: 'loading' }, { target: 'loadFailed' }],
    },
    loading: {
      tags: ['busy'],
      on: { 'checkout.signedIn': { actions: 'signIn' } },
      invoke: {
        id: 'loadCourse',
        src: 'loadCourse',
        // `resolving` let us in only with both parsed.
        input: ({ context }) => ({ courseType: context.courseType!, courseId: context.courseId! }),
        onDone: [
          // Back from the gateway's page: the gateway step takes its outcome.
          {
            guard: 'returned',
            target: 'ready.paying',
            actions: { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
          },
          {
            target: 'ready.idle',
            actions: { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    /** The view shows MESSAGES.courseLoadFailed and Back to Programs. */
    loadFailed: {},
    /** The course is shown, with its choices (children) reporting here until the payment succeeds. */
    ready: {
      entry: 'startChoices',
      on: {
        'checkout.signedIn': { actions: ['signIn', 'startCoupon'] },
        'batch.ready': { actions: { type: 'batchReady', params: ({ event }) => ({ offered: event.offered }) } },
        'batch.chosen': { actions: { type: 'chooseBatch', params: ({ event }) => ({ batchId: event.batchId }) } },
        'plan.ready': { actions: { type: 'plansReady', params: ({ event }) => ({ offered: event.offered }) } },
        'plan.chosen': { actions: { type: 'choosePlan', params: ({ event }) => ({ planId: event.planId }) } },
        'coupon.changed': {
          actions: { type: 'couponChanged', params: ({ event }) => ({ applied: event.applied }) },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          entry: 'startCoupon',
          on: { 'checkout.submit': submit },
        },
        /**
         * The gateway step: the payment start, Razorpay Checkout or the sandbox's page, verify/. Back from the
         * sandbox's page (`gatewayReturn` still set) it confirms the outcome, and the view shows no form.
         */
        paying: {
          tags: ['busy', 'paying'],
          exit: 'clearReturn',
          invoke: {
            id: 'gatewayPayment',
            src: 'gatewayPayment',
            input: ({ context, event }): GatewayPaymentInput => ({
              // `resolving` let us in only with both parsed; the form comes with a submit (not with a return).
              order: {
                courseType: context.courseType!,
                courseId: context.courseId!,
                ...(event.type === 'checkout.submit' && context.form ? { form: context.form } : {}),
              },
              gatewayReturn: context.gatewayReturn,
            }),
            onDone: [
              {
                guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) },
                target: '#checkout.success',
              },
              { guard: { type: 'cancelled', params: ({ event }) => ({ outcome: event.output }) }, target: 'cancelled' },
              {
                target: 'failure',
                actions: {
                  type: 'setFailure',
                  params: ({ event }) => ({ failure: declinedOrRefused(event.output as GatewayFailure) }),
                },
              },
            ],
            onError: {
              target: 'failure',
              actions: { type: 'setFailure', params: ({ event }) => ({ failure: checkoutFailure(event.error) }) },
            },
          },
        },
        /** Declined or refused: what happened and what to do, and the form as submitted to try again. */
        failure: {
          entry: 'startCoupon',
          on: { 'checkout.submit': submit },
        },
        /** The student closed the gateway step: nothing was charged; the form as submitted to try again. */
        cancelled: {
          entry: 'startCoupon',
          on: { 'checkout.submit': submit },
        },
      },
    },
    /** Paid: the view goes to the dashboard (the course, its schedule), which shows MESSAGES.checkoutSuccess. */
    success: { type: 'final' },
  },
});

/** The checkout machine (what a view that runs one needs). */
export type CheckoutLogic = typeof checkoutMachine;
