import { assign, setup } from 'xstate';
import { INSTALMENT_MESSAGES, MESSAGES, userMessage, type Instalment, type PaymentStart } from '../contract/index.ts';
import type { GatewayReturn, HandOffResult, PaymentProof } from './checkout.machine.ts';
import { notProvided } from './placeholders.ts';

/**
 * The dashboard's instalments of one enrollment (decision record 054): the schedule (`loading` → `ready`,
 * or `none` when paid in full, `failed` with a retry), and paying the next due one: its payment and gateway
 * order (`starting`), the gateway step (`handingOff`: Razorpay Checkout, or the sandbox's page, which the
 * browser leaves for and comes back from with `gatewayReturn`), the signed proof (`verifying`), then the
 * schedule again with the instalment paid.
 */
export type InstalmentPaymentInput = { enrollmentId: number; gatewayReturn?: GatewayReturn | null };
export type LoadScheduleInput = { enrollmentId: number };
export type StartInstalmentInput = { instalmentId: number };
export type InstalmentHandOffInput = { payment: PaymentStart };
export type VerifyInstalmentInput = { paymentId: number; proof: PaymentProof };

export type InstalmentPaymentContext = {
  enrollmentId: number;
  instalments: Instalment[];
  payment: PaymentStart | null;
  proof: PaymentProof | null;
  gatewayReturn: GatewayReturn | null;
  notice: { kind: 'success' | 'error' | 'info'; text: string } | null;
};

export type InstalmentPaymentEvent = { type: 'instalment.pay' } | { type: 'instalments.retry' };

/** The next instalment to pay: the earliest due or overdue one. */
export function nextDue(instalments: Instalment[]): Instalment | undefined {
  return instalments.find((i) => i.status === 'due' || i.status === 'overdue');
}

export const instalmentPaymentMachine = setup({
  types: {
    input: {} as InstalmentPaymentInput,
    context: {} as InstalmentPaymentContext,
    events: {} as InstalmentPaymentEvent,
  },
  actors: {
    /** GET /classroom/enrollments/{id}/instalments/ */
    loadSchedule: notProvided<Instalment[], LoadScheduleInput>('loadSchedule'),
    /** POST /classroom/instalments/{id}/payment/ */
    startInstalment: notProvided<PaymentStart, StartInstalmentInput>('startInstalment'),
    handOff: notProvided<HandOffResult, InstalmentHandOffInput>('handOff'),
    /** POST /classroom/payments/{id}/verify/ */
    verify: notProvided<unknown, VerifyInstalmentInput>('verify'),
  },
  actions: {
    setSchedule: assign((_, params: { instalments: Instalment[] }) => ({ instalments: params.instalments })),
    setPayment: assign((_, params: { payment: PaymentStart }) => ({ payment: params.payment })),
    setProof: assign((_, params: { proof: PaymentProof }) => ({ proof: params.proof })),
    /** Back from the sandbox's page: its proof, and the payment it paid (from the schedule). */
    takeReturn: assign(({ context }) => {
      const back = context.gatewayReturn;
      return {
        proof: back?.kind === 'paid' ? back.proof : null,
        payment: back ? ({ id: back.paymentId } as PaymentStart) : null,
        gatewayReturn: null,
      };
    }),
    clearReturn: assign({ gatewayReturn: null }),
    notify: assign((_, params: NonNullable<InstalmentPaymentContext['notice']>) => ({ notice: params })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    hasSchedule: (_, params: { instalments: Instalment[] }) => params.instalments.length > 0,
    /** The sandbox's page sent the browser back for a payment of this schedule. */
    returnedHere: ({ context }, params: { instalments: Instalment[] }) =>
      context.gatewayReturn !== null && params.instalments.some((i) => i.payment === context.gatewayReturn!.paymentId),
    returnedPaid: ({ context }) => context.gatewayReturn?.kind === 'paid',
    returnedCancelled: ({ context }) => context.gatewayReturn?.kind === 'cancelled',
    somethingDue: ({ context }) => nextDue(context.instalments) !== undefined,
    paid: (_, params: { result: HandOffResult }) => params.result.kind === 'paid',
    cancelled: (_, params: { result: HandOffResult }) => params.result.kind === 'cancelled',
  },
}).createMachine({
  id: 'instalmentPayment',
  context: ({ input }) => ({
    enrollmentId: input.enrollmentId,
    instalments: [],
    payment: null,
    proof: null,
    gatewayReturn: input.gatewayReturn ?? null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSchedule',
        src: 'loadSchedule',
        input: ({ context }) => ({ enrollmentId: context.enrollmentId }),
        onDone: [
          {
            guard: { type: 'returnedHere', params: ({ event }) => ({ instalments: event.output }) },
            target: 'returned',
            actions: { type: 'setSchedule', params: ({ event }) => ({ instalments: event.output }) },
          },
          {
            guard: { type: 'hasSchedule', params: ({ event }) => ({ instalments: event.output }) },
            target: 'ready',
            actions: [{ type: 'setSchedule', params: ({ event }) => ({ instalments: event.output }) }, 'clearReturn'],
          },
          { target: 'none', actions: 'clearReturn' },
        ],
        onError: { target: 'failed' },
      },
    },
    /** Transient: back from the sandbox's page for one of these payments. */
    returned: {
      always: [
        { guard: 'returnedPaid', target: 'verifying', actions: 'takeReturn' },
        {
          guard: 'returnedCancelled',
          target: 'ready',
          actions: ['takeReturn', { type: 'notify', params: { kind: 'info', text: MESSAGES.checkoutCancelled } }],
        },
        {
          target: 'ready',
          actions: ['takeReturn', { type: 'notify', params: { kind: 'error', text: MESSAGES.checkoutFailed } }],
        },
      ],
    },
    /** Paid in full: no schedule to show. */
    none: {},
    failed: {
      on: { 'instalments.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'instalment.pay': { guard: 'somethingDue', target: 'starting', actions: 'clearNotice' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startInstalment',
        src: 'startInstalment',
        input: ({ context }) => ({ instalmentId: nextDue(context.instalments)!.id }),
        onDone: {
          target: 'handingOff',
          actions: { type: 'setPayment', params: ({ event }) => ({ payment: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              kind: 'error' as const,
              text: userMessage(event.error, MESSAGES.paymentStartFailed),
            }),
          },
        },
      },
    },
    handingOff: {
      tags: ['busy'],
      invoke: {
        id: 'handOff',
        src: 'handOff',
        input: ({ context }) => ({ payment: context.payment! }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ result: event.output }) },
            target: 'verifying',
            actions: {
              type: 'setProof',
              params: ({ event }) => ({ proof: (event.output as { proof: PaymentProof }).proof }),
            },
          },
          {
            guard: { type: 'cancelled', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'notify', params: { kind: 'info', text: MESSAGES.checkoutCancelled } },
          },
          { target: 'ready', actions: { type: 'notify', params: { kind: 'error', text: MESSAGES.checkoutFailed } } },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { kind: 'error', text: MESSAGES.checkoutFailed } },
        },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ paymentId: context.payment!.id, proof: context.proof! }),
        onDone: {
          target: 'loading',
          actions: { type: 'notify', params: { kind: 'success', text: INSTALMENT_MESSAGES.paid } },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              kind: 'error' as const,
              text: userMessage(event.error, MESSAGES.paymentCompleteFailed),
            }),
          },
        },
      },
    },
  },
});

export type InstalmentPaymentLogic = typeof instalmentPaymentMachine;
