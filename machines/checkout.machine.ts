import { assign, setup } from 'xstate';
import {
  CHECKOUT_OUTCOME_MESSAGES,
  COURSE_TYPES,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm,
  type CheckoutSubmission,
  type CourseType,
} from '../contract/index.ts';
import {
  checkoutFailure,
  gatewayPaymentMachine,
  type GatewayFailure,
  type GatewayOutcome,
  type GatewayPaymentInput,
  type GatewayReturn,
} from './gateway-payment.machine.ts';
import { notProvided } from './placeholders.ts';

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
 */
export type CheckoutInput = {
  /** The raw URL segments: anything may arrive here. */
  courseType: string;
  courseId: string;
  /** Back from the gateway's own page (the sandbox's redirect), read from the URL. */
  gatewayReturn?: GatewayReturn | null;
  /** What the student submitted before leaving for the gateway's page (kept by the app for this payment). */
  draft?: CheckoutSubmission | null;
};

/** What the summary shows; the app's `loadCourse` maps a program or a workshop to it. */
export type CheckoutCourse = {
  id: number;
  courseType: CourseType;
  title: string;
  description: string;
  /** Whole rupees. */
  price: number;
  originalPrice: number | null;
};

export type LoadCourseInput = { courseType: CourseType; courseId: number };

export type CheckoutContext = {
  courseType: CourseType | null;
  courseId: number | null;
  course: CheckoutCourse | null;
  /** Field messages of the last refused submit; {} when none. */
  errors: CheckoutErrors;
  /** The failure banner's text after a failed payment. */
  failure: string | null;
  /** The form last submitted (or brought back from before the gateway's page): the form shows it again. */
  form: CheckoutSubmission | null;
  /** Back from the sandbox's page: handed to the gateway step once the course is loaded. */
  gatewayReturn: GatewayReturn | null;
};

/** The form as submitted, with the batch chosen and the consent choices (sent with the payment start). */
export type CheckoutEvent = { type: 'checkout.submit'; form: CheckoutSubmission };

const retry = [
  {
    guard: { type: 'isFormValid', params: ({ event }: { event: CheckoutEvent }) => ({ form: event.form }) },
    target: 'paying',
    actions: [
      'clearErrors',
      { type: 'keepForm', params: ({ event }: { event: CheckoutEvent }) => ({ form: event.form }) },
    ],
  },
  { actions: { type: 'showErrors', params: ({ event }: { event: CheckoutEvent }) => ({ form: event.form }) } },
] as const;

function parseCourseType(raw: string): CourseType | null {
  return (COURSE_TYPES as readonly string[]).includes(raw) ? (raw as CourseType) : null;
}

function parseCourseId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** A decline (no error: the bank or UPI app said no) says so and what to do; a refusal gives the server's reason. */
function declinedOrRefused(outcome: GatewayFailure): string {
  return outcome.error === null ? CHECKOUT_OUTCOME_MESSAGES.declined : outcome.failure;
}

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    /** GET /classroom/{programs|workshops}/{id}/ mapped to a CheckoutCourse. */
    loadCourse: notProvided<CheckoutCourse, LoadCourseInput>('loadCourse'),
    /** The gateway step (the app provides its start, hand-off and verify/). */
    gatewayPayment: gatewayPaymentMachine,
  },
  actions: {
    setCourse: assign((_, params: { course: CheckoutCourse }) => ({ course: params.course })),
    showErrors: assign((_, params: { form: CheckoutForm }) => ({ errors: validateCheckout(params.form) })),
    keepForm: assign((_, params: { form: CheckoutSubmission }) => ({ form: params.form })),
    clearErrors: assign({ errors: {}, failure: null }),
    setFailure: assign((_, params: { failure: string }) => ({ failure: params.failure })),
    clearReturn: assign({ gatewayReturn: null }),
  },
  guards: {
    hasValidCourseRef: ({ context }) => context.courseType !== null && context.courseId !== null,
    returned: ({ context }) => context.gatewayReturn !== null,
    /** Paid, or a free workshop enrolled at once. */
    paid: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'paid',
    cancelled: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'cancelled',
    isFormValid: (_, params: { form: CheckoutForm }) => Object.keys(validateCheckout(params.form)).length === 0,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    courseType: parseCourseType(input.courseType),
    courseId: parseCourseId(input.courseId),
    course: null,
    errors: {},
    failure: null,
    form: input.draft ?? null,
    gatewayReturn: input.gatewayReturn ?? null,
  }),
  initial: 'resolving',
  states: {
    // Transient: a malformed URL fails at once, without a server call; never visible in a snapshot.
    resolving: {
      always: [{ guard: 'hasValidCourseRef', target: 'loading' }, { target: 'loadFailed' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCourse',
        src: 'loadCourse',
        // `resolving` let us in only with both parsed.
        input: ({ context }) => ({ courseType: context.courseType!, courseId: context.courseId! }),
        onDone: [
          // Back from the gateway's page: the gateway step takes its outcome.
          {
            guard: 'returned',
            target: 'paying',
            actions: { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
          },
          {
            target: 'idle',
            actions: { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    /** The view shows MESSAGES.courseLoadFailed and Back to Programs. */
    loadFailed: {},
    idle: {
      on: { 'checkout.submit': retry },
    },
    /** The gateway step: the payment start, Razorpay Checkout or the sandbox's page, verify/. */
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
            ...(event.type === 'checkout.submit' ? { form: event.form } : {}),
          },
          gatewayReturn: context.gatewayReturn,
        }),
        onDone: [
          { guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) }, target: 'success' },
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
    /** Paid: the view goes to the dashboard (the course, its schedule), which shows MESSAGES.checkoutSuccess. */
    success: { type: 'final' },
    /** Declined or refused: what happened and what to do, and the form as submitted to try again. */
    failure: {
      on: { 'checkout.submit': retry },
    },
    /** The student closed the gateway step: nothing was charged; the form as submitted to try again. */
    cancelled: {
      on: { 'checkout.submit': retry },
    },
  },
});

/** The checkout machine (what a view that runs one needs). */
export type CheckoutLogic = typeof checkoutMachine;
