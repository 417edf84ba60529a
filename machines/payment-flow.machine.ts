import { assign, setup } from 'xstate';
import {
  ApiError,
  MESSAGES,
  SERVER_MESSAGES,
  userMessage,
  type CourseType,
  type GatewayCheckout,
  type Payment,
  type PaymentCompletion,
  type PaymentStart,
} from '../contract/index.ts';
import { checkoutFailure, type GatewayReturn, type HandOffResult, type PaymentProof } from './checkout.machine.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * One course card of the student dashboard (spec section 4, Student payment flow; issue 9): Pay creates a
 * pending payment; Complete Payment asks the server first (`completing`: a webhook may have settled it),
 * and when the gateway has not received the money, takes the payment's live order (`ordering`), hands it
 * to the gateway (`handingOff`: Razorpay Checkout, or the sandbox's page, which the browser leaves for
 * and comes back from with `gatewayReturn`) and verifies the gateway's signed proof (`verifying`) →
 * `completed` (paid). A declined payment is `failed`, a closed gateway step `cancelled`: both show
 * their text, and Complete Payment goes through the gateway again.
 */
export type PaymentFlowInput = {
  courseType: CourseType;
  courseId: number;
  /** The student's payment for this course, if any (from GET /classroom/payments/). */
  payment: Payment | null;
  enrolled: boolean;
  /** Back from the sandbox gateway's page for this card's payment, read from the dashboard's URL. */
  gatewayReturn?: GatewayReturn | null;
};

export type PaymentNotice = { kind: 'success' | 'error'; text: string };

export type PaymentFlowContext = {
  courseType: CourseType;
  courseId: number;
  payment: Payment | null;
  enrolled: boolean;
  notice: PaymentNotice | null;
  /** The payment's live gateway order (from the payment start), on its way to the gateway. */
  gateway: GatewayCheckout | null;
  /** The gateway's proof, on its way to verify/. */
  proof: PaymentProof | null;
  gatewayReturn: GatewayReturn | null;
};

export type PaymentFlowEvent = { type: 'payment.start' } | { type: 'payment.complete' } | { type: 'notice.dismiss' };

export type StartPaymentInput = { courseType: CourseType; courseId: number };
export type CompletePaymentInput = { paymentId: number };
export type PaymentHandOffInput = { payment: Payment; gateway: GatewayCheckout };
export type VerifyPaymentInput = { paymentId: number; proof: PaymentProof };

const failedNotice = (text: string): PaymentNotice => ({ kind: 'error', text });

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
    /** Razorpay Checkout or the sandbox page (the browser leaves for it and never resolves here). */
    handOff: notProvided<HandOffResult, PaymentHandOffInput>('handOff'),
    /** POST /classroom/payments/{id}/verify/ with the gateway's proof. */
    verifyPayment: notProvided<PaymentCompletion, VerifyPaymentInput>('verifyPayment'),
  },
  actions: {
    /** The app reloads the dashboard's course lists: this course now belongs in My Courses. */
    courseEnrolled: appAction(),
    setPayment: assign((_, params: { payment: Payment }) => ({ payment: params.payment })),
    setOrder: assign((_, params: { start: PaymentStart }) => {
      const { gateway, ...payment } = params.start;
      return { payment, gateway };
    }),
    setProof: assign((_, params: { proof: PaymentProof }) => ({ proof: params.proof })),
    clearReturn: assign({ gatewayReturn: null }),
    markEnrolled: assign({ enrolled: true }),
    setNotice: assign((_, params: PaymentNotice) => ({ notice: { kind: params.kind, text: params.text } })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isEnrolled: ({ context }) => context.enrolled,
    hasPendingPayment: ({ context }) => context.payment?.status === 'pending',
    returnedPaid: ({ context }) =>
      context.gatewayReturn?.kind === 'paid' && context.gatewayReturn.paymentId === context.payment?.id,
    returnedFailed: ({ context }) =>
      context.gatewayReturn?.kind === 'failed' && context.gatewayReturn.paymentId === context.payment?.id,
    returnedCancelled: ({ context }) =>
      context.gatewayReturn?.kind === 'cancelled' && context.gatewayReturn.paymentId === context.payment?.id,
    /** A free workshop is enrolled at once: the server answers a completed payment. */
    isCompletedPayment: (_, params: { payment: Payment }) => params.payment.status === 'completed',
    /** The server's "not received from the gateway": the money has still to be paid through it. */
    notReceived: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.userMessage === SERVER_MESSAGES.paymentNotReceived,
    paid: (_, params: { result: HandOffResult }) => params.result.kind === 'paid',
    declined: (_, params: { result: HandOffResult }) => params.result.kind === 'failed',
  },
}).createMachine({
  id: 'paymentFlow',
  context: ({ input }) => ({
    courseType: input.courseType,
    courseId: input.courseId,
    payment: input.payment,
    enrolled: input.enrolled,
    notice: null,
    gateway: null,
    proof: null,
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
        { guard: 'isEnrolled', target: 'completed' },
        {
          guard: 'returnedPaid',
          target: 'verifying',
          actions: [
            {
              type: 'setProof',
              params: ({ context }) => ({
                proof: (context.gatewayReturn as Extract<GatewayReturn, { kind: 'paid' }>).proof,
              }),
            },
            'clearReturn',
          ],
        },
        {
          guard: 'returnedFailed',
          target: 'failed',
          actions: [{ type: 'setNotice', params: failedNotice(MESSAGES.checkoutFailed) }, 'clearReturn'],
        },
        {
          guard: 'returnedCancelled',
          target: 'cancelled',
          actions: [{ type: 'setNotice', params: failedNotice(MESSAGES.checkoutCancelled) }, 'clearReturn'],
        },
        { guard: 'hasPendingPayment', target: 'pending' },
        { target: 'none' },
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
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ start: event.output }) },
              'markEnrolled',
              { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentCompleted } },
              'courseEnrolled',
            ],
          },
          {
            target: 'pending',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ start: event.output }) },
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
          actions: [
            { type: 'setPayment', params: ({ event }) => ({ payment: event.output.payment }) },
            'markEnrolled',
            { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentCompleted } },
            'courseEnrolled',
          ],
        },
        onError: [
          { guard: { type: 'notReceived', params: ({ event }) => ({ error: event.error }) }, target: 'ordering' },
          { target: 'pending', actions: { type: 'setNotice', params: failedNotice(MESSAGES.paymentCompleteFailed) } },
        ],
      },
    },
    /** The payment's one live gateway order (the payment start again answers it; no second payment). */
    ordering: {
      tags: ['busy', 'paying'],
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ courseType: context.courseType, courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'isCompletedPayment', params: ({ event }) => ({ payment: event.output }) },
            target: 'completed',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ start: event.output }) },
              'markEnrolled',
              { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentCompleted } },
              'courseEnrolled',
            ],
          },
          { target: 'handingOff', actions: { type: 'setOrder', params: ({ event }) => ({ start: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setNotice', params: ({ event }) => failedNotice(checkoutFailure(event.error)) },
        },
      },
    },
    /** The gateway's own step: Razorpay Checkout, or the sandbox's page. */
    handingOff: {
      tags: ['busy', 'paying'],
      invoke: {
        id: 'handOff',
        src: 'handOff',
        input: ({ context }) => ({ payment: context.payment!, gateway: context.gateway! }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ result: event.output }) },
            target: 'verifying',
            actions: {
              type: 'setProof',
              params: ({ event }) => ({ proof: (event.output as Extract<HandOffResult, { kind: 'paid' }>).proof }),
            },
          },
          {
            guard: { type: 'declined', params: ({ event }) => ({ result: event.output }) },
            target: 'failed',
            actions: { type: 'setNotice', params: failedNotice(MESSAGES.checkoutFailed) },
          },
          { target: 'cancelled', actions: { type: 'setNotice', params: failedNotice(MESSAGES.checkoutCancelled) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setNotice', params: ({ event }) => failedNotice(checkoutFailure(event.error)) },
        },
      },
    },
    /** Our server checks the gateway's signature and grants the course. */
    verifying: {
      tags: ['busy', 'paying'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => ({ paymentId: context.payment!.id, proof: context.proof! }),
        onDone: {
          target: 'completed',
          actions: [
            { type: 'setPayment', params: ({ event }) => ({ payment: event.output.payment }) },
            'markEnrolled',
            { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentCompleted } },
            'courseEnrolled',
          ],
        },
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
      on: { 'payment.complete': { target: 'ordering', actions: 'clearNotice' } },
    },
    /** The student closed the gateway step: nothing was charged; Complete Payment when ready. */
    cancelled: {
      on: { 'payment.complete': { target: 'ordering', actions: 'clearNotice' } },
    },
    /** Paid (or free): the course is the student's. */
    completed: {},
  },
});

/** The payment flow machine (what a view that runs one needs). */
export type PaymentFlowLogic = typeof paymentFlowMachine;
