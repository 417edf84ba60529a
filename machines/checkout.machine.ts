import { assertEvent, assign, setup } from 'xstate';
import {
  COURSE_TYPES,
  MESSAGES,
  userMessage,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm,
  type CheckoutSubmission,
  type CourseType,
  type GatewayCheckout,
  type PaymentStart,
  type PaymentVerifyInput,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The checkout page /payment/{type}/{id} (spec sections 2 and 4, Checkout submit; issue 9). The form is
 * validated here with the contract's rules; card fields never leave the browser for our server. A valid
 * submit starts the payment (`ordering`: the server answers its gateway order), hands it to the gateway
 * (`handingOff`: Razorpay Checkout, or the local sandbox's page, which the browser leaves for and comes
 * back from with `gatewayReturn`), then verifies the gateway's signed proof (`verifying`) → `success`.
 * A declined payment is `failure` (try again); a closed gateway step is `cancelled` (try again).
 */
export type CheckoutInput = {
  /** The raw URL segments: anything may arrive here. */
  courseType: string;
  courseId: string;
  /** The clock deciding whether a card has expired; tests pass a fixed one. */
  now?: () => Date;
  /** Back from the gateway's own page (the sandbox's redirect), read from the URL. */
  gatewayReturn?: GatewayReturn | null;
};

/**
 * The failure text: the spec's "Payment failed. Please try again." first, then the server's reason when
 * it gave one (a full or past workshop, say).
 */
export function checkoutFailure(error: unknown): string {
  const reason = userMessage(error, '');
  return reason && reason !== MESSAGES.checkoutFailed
    ? `${MESSAGES.checkoutFailed} ${reason}`
    : MESSAGES.checkoutFailed;
}

/** The gateway's signed proof of payment, as Razorpay Checkout hands it over. */
export type PaymentProof = PaymentVerifyInput;

/** What the gateway step ended with. */
export type HandOffResult = { kind: 'paid'; proof: PaymentProof } | { kind: 'failed' } | { kind: 'cancelled' };

/** What the sandbox's page said when it sent the browser back, with our payment id. */
export type GatewayReturn = { paymentId: number } & HandOffResult;

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
export type PayInput = { courseType: CourseType; courseId: number; form: CheckoutSubmission };
export type HandOffInput = { paymentId: number; gateway: GatewayCheckout; course: CheckoutCourse };
export type VerifyInput = { paymentId: number; proof: PaymentProof };

export type CheckoutContext = {
  courseType: CourseType | null;
  courseId: number | null;
  course: CheckoutCourse | null;
  /** Field messages of the last refused submit; {} when none. */
  errors: CheckoutErrors;
  /** The failure banner's text after a failed payment. */
  failure: string | null;
  now: () => Date;
  /** The payment being paid and its gateway order (from the payment start). */
  paymentId: number | null;
  gateway: GatewayCheckout | null;
  /** The gateway's proof, on its way to verify/. */
  proof: PaymentProof | null;
  gatewayReturn: GatewayReturn | null;
};

/** The form as submitted, with the batch chosen and the consent choices (sent with the payment start). */
export type CheckoutEvent = { type: 'checkout.submit'; form: CheckoutSubmission };

const retry = [
  {
    guard: { type: 'isFormValid', params: ({ event }: { event: CheckoutEvent }) => ({ form: event.form }) },
    target: 'ordering',
    actions: 'clearErrors',
  },
  { actions: { type: 'showErrors', params: ({ event }: { event: CheckoutEvent }) => ({ form: event.form }) } },
] as const;

function parseCourseType(raw: string): CourseType | null {
  return (COURSE_TYPES as readonly string[]).includes(raw) ? (raw as CourseType) : null;
}

function parseCourseId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
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
    /** Starts the payment with the billing details and consents (never the card): the payment and its order. */
    startOrder: notProvided<PaymentStart, PayInput>('startOrder'),
    /** Razorpay Checkout or the sandbox page (the browser leaves for it and never resolves here). */
    handOff: notProvided<HandOffResult, HandOffInput>('handOff'),
    /** POST /classroom/payments/{id}/verify/ with the gateway's proof. */
    verify: notProvided<unknown, VerifyInput>('verify'),
  },
  actions: {
    setCourse: assign((_, params: { course: CheckoutCourse }) => ({ course: params.course })),
    showErrors: assign(({ context }, params: { form: CheckoutForm }) => ({
      errors: validateCheckout(params.form, context.now()),
    })),
    clearErrors: assign({ errors: {}, failure: null }),
    setFailure: assign((_, params: { failure: string }) => ({ failure: params.failure })),
    setOrder: assign((_, params: { payment: PaymentStart }) => ({
      paymentId: params.payment.id,
      gateway: params.payment.gateway,
    })),
    setProof: assign((_, params: { paymentId: number; proof: PaymentProof }) => ({
      paymentId: params.paymentId,
      proof: params.proof,
    })),
    clearReturn: assign({ gatewayReturn: null }),
  },
  guards: {
    hasValidCourseRef: ({ context }) => context.courseType !== null && context.courseId !== null,
    returnedPaid: ({ context }) => context.gatewayReturn?.kind === 'paid',
    returnedFailed: ({ context }) => context.gatewayReturn?.kind === 'failed',
    returnedCancelled: ({ context }) => context.gatewayReturn?.kind === 'cancelled',
    /** A free workshop: enrolled at once, nothing to hand to the gateway. */
    alreadyPaid: (_, params: { payment: PaymentStart }) => params.payment.status === 'completed',
    paid: (_, params: { result: HandOffResult }) => params.result.kind === 'paid',
    declined: (_, params: { result: HandOffResult }) => params.result.kind === 'failed',
    isFormValid: ({ context }, params: { form: CheckoutForm }) =>
      Object.keys(validateCheckout(params.form, context.now())).length === 0,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    courseType: parseCourseType(input.courseType),
    courseId: parseCourseId(input.courseId),
    course: null,
    errors: {},
    failure: null,
    now: input.now ?? (() => new Date()),
    paymentId: null,
    gateway: null,
    proof: null,
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
          {
            guard: 'returnedPaid',
            target: 'verifying',
            actions: [
              { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
              {
                type: 'setProof',
                params: ({ context }) => {
                  const back = context.gatewayReturn as Extract<GatewayReturn, { kind: 'paid' }>;
                  return { paymentId: back.paymentId, proof: back.proof };
                },
              },
              'clearReturn',
            ],
          },
          {
            guard: 'returnedFailed',
            target: 'failure',
            actions: [
              { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
              { type: 'setFailure', params: { failure: MESSAGES.checkoutFailed } },
              'clearReturn',
            ],
          },
          {
            guard: 'returnedCancelled',
            target: 'cancelled',
            actions: [{ type: 'setCourse', params: ({ event }) => ({ course: event.output }) }, 'clearReturn'],
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
    /** The payment start: the pending payment and its one live gateway order. */
    ordering: {
      tags: ['busy', 'paying'],
      invoke: {
        id: 'startOrder',
        src: 'startOrder',
        input: ({ context, event }) => {
          assertEvent(event, 'checkout.submit');
          return { courseType: context.courseType!, courseId: context.courseId!, form: event.form };
        },
        onDone: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ payment: event.output }) }, target: 'success' },
          {
            target: 'handingOff',
            actions: { type: 'setOrder', params: ({ event }) => ({ payment: event.output }) },
          },
        ],
        onError: {
          target: 'failure',
          actions: {
            type: 'setFailure',
            params: ({ event }) => ({ failure: checkoutFailure(event.error) }),
          },
        },
      },
    },
    /** The gateway's own step: Razorpay Checkout, or the sandbox's page. */
    handingOff: {
      tags: ['busy', 'paying'],
      invoke: {
        id: 'handOff',
        src: 'handOff',
        input: ({ context }) => ({ paymentId: context.paymentId!, gateway: context.gateway!, course: context.course! }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ result: event.output }) },
            target: 'verifying',
            actions: {
              type: 'setProof',
              params: ({ context, event }) => ({
                paymentId: context.paymentId!,
                proof: (event.output as Extract<HandOffResult, { kind: 'paid' }>).proof,
              }),
            },
          },
          {
            guard: { type: 'declined', params: ({ event }) => ({ result: event.output }) },
            target: 'failure',
            actions: { type: 'setFailure', params: { failure: MESSAGES.checkoutFailed } },
          },
          { target: 'cancelled' },
        ],
        onError: {
          target: 'failure',
          actions: {
            type: 'setFailure',
            params: ({ event }) => ({ failure: checkoutFailure(event.error) }),
          },
        },
      },
    },
    /** Our server checks the gateway's signature and grants the course. */
    verifying: {
      tags: ['busy', 'paying'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ paymentId: context.paymentId!, proof: context.proof! }),
        onDone: { target: 'success' },
        onError: {
          target: 'failure',
          actions: {
            type: 'setFailure',
            params: ({ event }) => ({ failure: checkoutFailure(event.error) }),
          },
        },
      },
    },
    /** Paid: the view shows MESSAGES.checkoutSuccess and navigates to /programs. */
    success: { type: 'final' },
    /** Declined or refused: the failure text, and the form to try again. */
    failure: {
      on: { 'checkout.submit': retry },
    },
    /** The student closed the gateway step: nothing was charged; the form to try again. */
    cancelled: {
      on: { 'checkout.submit': retry },
    },
  },
});

/** The checkout machine (what a view that runs one needs). */
export type CheckoutLogic = typeof checkoutMachine;
