import { assign, setup } from 'xstate';
import {
  MESSAGES,
  userMessage,
  type CheckoutSubmission,
  type CourseType,
  type GatewayCheckout,
  type StudentPayment,
  type PaymentCompletion,
  type PaymentStart,
  type PaymentVerifyInput,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The gateway step of every payment (issue 9), one machine invoked as a child by the checkout page, a
 * dashboard course card and an enrollment's instalments: the payment start answers the payment and its
 * one live gateway order (`ordering`), the gateway's own step takes it (`handingOff`: Razorpay Checkout,
 * or the local sandbox's page, which the browser leaves for and comes back from with `gatewayReturn`),
 * and our server checks the gateway's signed proof (`verifying`). It ends `paid`, `failed` or
 * `cancelled`, and its output (`GatewayOutcome`) tells the parent which, with the words to show.
 */

/** The gateway's signed proof of payment, as Razorpay Checkout hands it over. */
export type PaymentProof = PaymentVerifyInput;

/** What the gateway's own step ended with. */
export type HandOffResult = { kind: 'paid'; proof: PaymentProof } | { kind: 'failed' } | { kind: 'cancelled' };

/** What the sandbox's page said when it sent the browser back, with our payment id. */
export type GatewayReturn = { paymentId: number } & HandOffResult;

/**
 * What is paid for: a course (with the checkout's billing details and consents when the checkout form
 * sent them) or an instalment of an enrollment.
 */
export type GatewayOrder =
  { courseType: CourseType; courseId: number; form?: CheckoutSubmission } | { instalmentId: number };

export type GatewayPaymentInput = {
  order: GatewayOrder;
  /** Back from the sandbox's page for this payment: its proof is verified, or the step ends at once. */
  gatewayReturn?: GatewayReturn | null;
};

export type StartOrderInput = { order: GatewayOrder };
/** `description`: what Razorpay Checkout shows as the purchase (the course's title). */
export type HandOffInput = { paymentId: number; gateway: GatewayCheckout; description: string; order: GatewayOrder };
export type VerifyInput = { paymentId: number; proof: PaymentProof };

/** Where a gateway step failed: the payment start, the gateway's own step (declined or broken), or verify/. */
export type GatewayStage = 'ordering' | 'handingOff' | 'verifying';

/**
 * The machine's output. `payment`: the latest word on the payment (from the start, or verify/'s answer;
 * null when the browser came back from the sandbox and nothing was asked). `failure`: the spec's text,
 * with the server's reason when it gave one; `error` (null for a decline) lets a parent say it otherwise.
 */
export type GatewayOutcome =
  | { kind: 'paid'; payment: StudentPayment | null }
  | { kind: 'failed'; stage: GatewayStage; error: unknown; failure: string; payment: StudentPayment | null }
  | { kind: 'cancelled'; payment: StudentPayment | null };

/** The outcome of a step that failed (a parent's last onDone alternative, after paid and cancelled). */
export type GatewayFailure = Extract<GatewayOutcome, { kind: 'failed' }>;

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

export type GatewayPaymentContext = {
  order: GatewayOrder;
  gatewayReturn: GatewayReturn | null;
  paymentId: number | null;
  payment: StudentPayment | null;
  /** The payment's live gateway order, on its way to the gateway. */
  gateway: GatewayCheckout | null;
  /** The gateway's proof, on its way to verify/. */
  proof: PaymentProof | null;
  outcome: GatewayOutcome | null;
};

const paidProof = (result: HandOffResult): PaymentProof => (result as Extract<HandOffResult, { kind: 'paid' }>).proof;

export const gatewayPaymentMachine = setup({
  types: {
    input: {} as GatewayPaymentInput,
    context: {} as GatewayPaymentContext,
    output: {} as GatewayOutcome,
  },
  actors: {
    /** POST …/payment/ of the course or the instalment: the pending payment and its live gateway order. */
    startOrder: notProvided<PaymentStart, StartOrderInput>('startOrder'),
    /** Razorpay Checkout or the sandbox page (the browser leaves for it and never resolves here). */
    handOff: notProvided<HandOffResult, HandOffInput>('handOff'),
    /** POST /classroom/payments/{id}/verify/ with the gateway's proof. */
    verify: notProvided<PaymentCompletion, VerifyInput>('verify'),
  },
  actions: {
    setOrder: assign((_, params: { start: PaymentStart }) => {
      const { gateway, ...payment } = params.start;
      return { paymentId: payment.id, payment, gateway };
    }),
    setProof: assign((_, params: { proof: PaymentProof }) => ({ proof: params.proof })),
    setPayment: assign((_, params: { payment: StudentPayment }) => ({ payment: params.payment })),
    /** Back from the sandbox's page: the payment it was for, and its proof when paid. */
    takeReturn: assign(({ context }) => {
      const back = context.gatewayReturn!;
      return { paymentId: back.paymentId, proof: back.kind === 'paid' ? back.proof : null, gatewayReturn: null };
    }),
    settle: assign(({ context }, params: { kind: 'paid' | 'cancelled' }) => ({
      outcome: { kind: params.kind, payment: context.payment },
    })),
    fail: assign(({ context }, params: { stage: GatewayStage; error: unknown }) => ({
      outcome: {
        kind: 'failed' as const,
        stage: params.stage,
        error: params.error,
        failure: params.error === null ? MESSAGES.checkoutFailed : checkoutFailure(params.error),
        payment: context.payment,
      },
    })),
  },
  guards: {
    returnedPaid: ({ context }) => context.gatewayReturn?.kind === 'paid',
    returnedDeclined: ({ context }) => context.gatewayReturn?.kind === 'failed',
    returnedCancelled: ({ context }) => context.gatewayReturn?.kind === 'cancelled',
    /** A free course: enrolled at once, nothing to hand to the gateway. */
    alreadyPaid: (_, params: { start: PaymentStart }) => params.start.status === 'completed',
    /** A payment to make without a gateway order: nothing the gateway could take. */
    noOrder: (_, params: { start: PaymentStart }) => params.start.gateway === null,
    paid: (_, params: { result: HandOffResult }) => params.result.kind === 'paid',
    declined: (_, params: { result: HandOffResult }) => params.result.kind === 'failed',
  },
}).createMachine({
  id: 'gatewayPayment',
  context: ({ input }) => ({
    order: input.order,
    gatewayReturn: input.gatewayReturn ?? null,
    paymentId: null,
    payment: null,
    gateway: null,
    proof: null,
    outcome: null,
  }),
  output: ({ context }) => context.outcome!,
  initial: 'resolving',
  states: {
    // Transient: back from the sandbox's page, its outcome; else the payment start. Never in a snapshot.
    resolving: {
      always: [
        { guard: 'returnedPaid', target: 'verifying', actions: 'takeReturn' },
        {
          guard: 'returnedDeclined',
          target: 'failed',
          actions: ['takeReturn', { type: 'fail', params: { stage: 'handingOff', error: null } }],
        },
        {
          guard: 'returnedCancelled',
          target: 'cancelled',
          actions: ['takeReturn', { type: 'settle', params: { kind: 'cancelled' } }],
        },
        { target: 'ordering' },
      ],
    },
    /** The payment start: the pending payment and its one live gateway order (no second payment). */
    ordering: {
      invoke: {
        id: 'startOrder',
        src: 'startOrder',
        input: ({ context }) => ({ order: context.order }),
        onDone: [
          {
            guard: { type: 'alreadyPaid', params: ({ event }) => ({ start: event.output }) },
            target: 'paid',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ start: event.output }) },
              { type: 'settle', params: { kind: 'paid' } },
            ],
          },
          {
            guard: { type: 'noOrder', params: ({ event }) => ({ start: event.output }) },
            target: 'failed',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ start: event.output }) },
              { type: 'fail', params: { stage: 'handingOff', error: null } },
            ],
          },
          { target: 'handingOff', actions: { type: 'setOrder', params: ({ event }) => ({ start: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ stage: 'ordering', error: event.error }) },
        },
      },
    },
    /** The gateway's own step: Razorpay Checkout, or the sandbox's page. */
    handingOff: {
      invoke: {
        id: 'handOff',
        src: 'handOff',
        // `ordering` came here only with a payment and its order.
        input: ({ context }) => ({
          paymentId: context.paymentId!,
          gateway: context.gateway!,
          description: context.payment!.program_title ?? context.payment!.workshop_title ?? '',
          order: context.order,
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ result: event.output }) },
            target: 'verifying',
            actions: { type: 'setProof', params: ({ event }) => ({ proof: paidProof(event.output) }) },
          },
          {
            guard: { type: 'declined', params: ({ event }) => ({ result: event.output }) },
            target: 'failed',
            actions: { type: 'fail', params: { stage: 'handingOff', error: null } },
          },
          { target: 'cancelled', actions: { type: 'settle', params: { kind: 'cancelled' } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ stage: 'handingOff', error: event.error }) },
        },
      },
    },
    /** Our server checks the gateway's signature and grants the course (or the instalment). */
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ paymentId: context.paymentId!, proof: context.proof! }),
        onDone: {
          target: 'paid',
          actions: [
            { type: 'setPayment', params: ({ event }) => ({ payment: event.output.payment }) },
            { type: 'settle', params: { kind: 'paid' } },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ stage: 'verifying', error: event.error }) },
        },
      },
    },
    paid: { type: 'final' },
    /** Declined, refused or broken: `outcome.failure` says so. */
    failed: { type: 'final' },
    /** The student closed the gateway step: nothing was charged. */
    cancelled: { type: 'final' },
  },
});
