import { assign, setup } from 'xstate';
import {
  ApiError,
  MESSAGES,
  SERVER_MESSAGES,
  userMessage,
  type CourseType,
  type StudentPayment,
  type PaymentCompletion,
  type PaymentStart,
} from '../contract/index.ts';
import {
  checkoutFailure,
  gatewayPaymentMachine,
  type GatewayFailure,
  type GatewayOutcome,
  type GatewayReturn,
} from './gateway-payment.machine.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * One course card of the student dashboard (spec section 4, Student payment flow; issue 9): Pay creates a
 * pending payment; Complete Payment asks the server first (`completing`: a webhook may have settled it),
 * and when the gateway has not received the money, runs the gateway step (`paying`: the gatewayPayment
 * child takes the payment's live order, hands it to Razorpay Checkout or the sandbox's page, which the
 * browser leaves for and comes back from with `gatewayReturn`, and verifies the signed proof) →
 * `completed` (paid). A declined payment is `failed`, a closed gateway step `cancelled`: both show
 * their text, and Complete Payment goes through the gateway again.
 */
export type PaymentFlowInput = {
  courseType: CourseType;
  courseId: number;
  /** The student's payment for this course, if any (from GET /classroom/payments/). */
  payment: StudentPayment | null;
  enrolled: boolean;
  /** Back from the sandbox gateway's page for this card's payment, read from the dashboard's URL. */
  gatewayReturn?: GatewayReturn | null;
};

export type PaymentNotice = { kind: 'success' | 'error'; text: string };

export type PaymentFlowContext = {
  courseType: CourseType;
  courseId: number;
  payment: StudentPayment | null;
  enrolled: boolean;
  notice: PaymentNotice | null;
  /** Back from the sandbox's page for this card's payment: handed to the gateway step. */
  gatewayReturn: GatewayReturn | null;
};

export type PaymentFlowEvent = { type: 'payment.start' } | { type: 'payment.complete' } | { type: 'notice.dismiss' };

export type StartPaymentInput = { courseType: CourseType; courseId: number };
export type CompletePaymentInput = { paymentId: number };

const failedNotice = (text: string): PaymentNotice => ({ kind: 'error', text });

const enrolledNow = [
  'markEnrolled',
  { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentCompleted } },
  'courseEnrolled',
] as const;

export const paymentFlowMachine = setup({
  types: {
    input: {} as PaymentFlowInput,
    context: {} as PaymentFlowContext,
    events: {} as PaymentFlowEvent,
  },
  actors: {
    /** POST /classroom/{programs|workshops}/{id}/payment/: the pending payment and its live gateway order. */
    startPayment: notProvided<PaymentStart, StartPaymentInput>('startPayment'),
    /** POST /classroom/payments/{id}/complete/ (completes only what the gateway captured). */
    completePayment: notProvided<PaymentCompletion, CompletePaymentInput>('completePayment'),
    /** The gateway step (the app provides its start, hand-off and verify/). */
    gatewayPayment: gatewayPaymentMachine,
  },
  actions: {
    /** The app reloads the dashboard's course lists: this course now belongs in My Courses. */
    courseEnrolled: appAction(),
    setPayment: assign((_, params: { payment: StudentPayment }) => ({ payment: params.payment })),
    setStart: assign((_, params: { start: PaymentStart }) => {
      const { gateway: _order, ...payment } = params.start;
      return { payment };
    }),
    /** The gateway step's latest word on the payment, when it has one. */
    takeOutcome: assign(({ context }, params: { outcome: GatewayOutcome }) => ({
      payment: params.outcome.payment ?? context.payment,
    })),
    clearReturn: assign({ gatewayReturn: null }),
    markEnrolled: assign({ enrolled: true }),
    setNotice: assign((_, params: PaymentNotice) => ({ notice: { kind: params.kind, text: params.text } })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isEnrolled: ({ context }) => context.enrolled,
    hasPendingPayment: ({ context }) => context.payment?.status === 'pending',
    /** Back from the sandbox's page for this card's payment. */
    returnedHere: ({ context }) =>
      context.gatewayReturn !== null && context.gatewayReturn.paymentId === context.payment?.id,
    /** A free workshop is enrolled at once: the server answers a completed payment. */
    isCompletedPayment: (_, params: { payment: StudentPayment }) => params.payment.status === 'completed',
    /** The server's "not received from the gateway": the money has still to be paid through it. */
    notReceived: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.userMessage === SERVER_MESSAGES.paymentNotReceived,
    paid: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'paid',
    cancelled: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'cancelled',
  },
}).createMachine({
  id: 'paymentFlow',
  context: ({ input }) => ({
    courseType: input.courseType,
    courseId: input.courseId,
    payment: input.payment,
    enrolled: input.enrolled,
    notice: null,
    gatewayReturn: input.gatewayReturn ?? null,
  }),
  initial: 'resolving',
  on: {
    'notice.dismiss': { actions: 'clearNotice' },
  },
  states: {
    // Transient: picks the card's first state from the input; never visible in a snapshot.
    resolving: {
      always: [
        { guard: 'isEnrolled', target: 'completed', actions: 'clearReturn' },
        { guard: 'returnedHere', target: 'paying' },
        { guard: 'hasPendingPayment', target: 'pending', actions: 'clearReturn' },
        { target: 'none', actions: 'clearReturn' },
      ],
    },
    none: {
      on: { 'payment.start': { target: 'starting', actions: 'clearNotice' } },
    },
    /** Pay: the pending payment (its gateway order comes with it). */
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ courseType: context.courseType, courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'isCompletedPayment', params: ({ event }) => ({ payment: event.output }) },
            target: 'completed',
            actions: [{ type: 'setStart', params: ({ event }) => ({ start: event.output }) }, ...enrolledNow],
          },
          {
            target: 'pending',
            actions: [
              { type: 'setStart', params: ({ event }) => ({ start: event.output }) },
              { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentStarted } },
            ],
          },
        ],
        onError: {
          target: 'none',
          actions: {
            type: 'setNotice',
            params: ({ event }) => failedNotice(userMessage(event.error, MESSAGES.paymentStartFailed)),
          },
        },
      },
    },
    pending: {
      on: { 'payment.complete': { target: 'completing', actions: 'clearNotice' } },
    },
    /** Complete Payment asks the server first: a webhook (or an earlier payment) may have settled it. */
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'completePayment',
        src: 'completePayment',
        // `pending` is only ever entered with a payment in context.
        input: ({ context }) => ({ paymentId: context.payment!.id }),
        onDone: {
          target: 'completed',
          actions: [{ type: 'setPayment', params: ({ event }) => ({ payment: event.output.payment }) }, ...enrolledNow],
        },
        onError: [
          { guard: { type: 'notReceived', params: ({ event }) => ({ error: event.error }) }, target: 'paying' },
          { target: 'pending', actions: { type: 'setNotice', params: failedNotice(MESSAGES.paymentCompleteFailed) } },
        ],
      },
    },
    /**
     * The gateway step: the payment's one live order (the payment start again answers it; no second
     * payment), Razorpay Checkout or the sandbox's page, verify/.
     */
    paying: {
      tags: ['busy', 'paying'],
      exit: 'clearReturn',
      invoke: {
        id: 'gatewayPayment',
        src: 'gatewayPayment',
        input: ({ context }) => ({
          order: { courseType: context.courseType, courseId: context.courseId },
          gatewayReturn: context.gatewayReturn,
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'completed',
            actions: [{ type: 'takeOutcome', params: ({ event }) => ({ outcome: event.output }) }, ...enrolledNow],
          },
          {
            guard: { type: 'cancelled', params: ({ event }) => ({ outcome: event.output }) },
            target: 'cancelled',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'setNotice', params: failedNotice(MESSAGES.checkoutCancelled) },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'setNotice', params: ({ event }) => failedNotice((event.output as GatewayFailure).failure) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setNotice', params: ({ event }) => failedNotice(checkoutFailure(event.error)) },
        },
      },
    },
    /**
     * Declined or refused: the failure text, and Complete Payment to try again, straight through the
     * gateway (the server failed the payment on the gateway's word; the payment start gives it a new order).
     */
    failed: {
      on: { 'payment.complete': { target: 'paying', actions: 'clearNotice' } },
    },
    /** The student closed the gateway step: nothing was charged; Complete Payment when ready. */
    cancelled: {
      on: { 'payment.complete': { target: 'paying', actions: 'clearNotice' } },
    },
    /** Paid (or free): the course is the student's. */
    completed: {},
  },
});

/** The payment flow machine (what a view that runs one needs). */
export type PaymentFlowLogic = typeof paymentFlowMachine;
