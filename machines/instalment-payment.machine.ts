import { assign, setup } from 'xstate';
import { INSTALMENT_MESSAGES, MESSAGES, userMessage, type Instalment } from '../contract/index.ts';
import {
  gatewayPaymentMachine,
  type GatewayFailure,
  type GatewayOutcome,
  type GatewayPaymentInput,
  type GatewayReturn,
} from './gateway-payment.machine.ts';
import { notProvided } from './placeholders.ts';

/**
 * The dashboard's instalments of one enrollment (decision record 054): the schedule (`loading` → `ready`,
 * or `none` when paid in full, `failed` with a retry), and paying the next due one (`paying`: the
 * gatewayPayment child starts its payment and gateway order, hands it to Razorpay Checkout or the
 * sandbox's page, which the browser leaves for and comes back from with `gatewayReturn`, and verifies
 * the signed proof), then the schedule again with the instalment paid.
 */
export type InstalmentPaymentInput = { enrollmentId: number; gatewayReturn?: GatewayReturn | null };
export type LoadScheduleInput = { enrollmentId: number };

export type InstalmentPaymentContext = {
  enrollmentId: number;
  instalments: Instalment[];
  /** Back from the sandbox's page for a payment of this schedule: handed to the gateway step. */
  gatewayReturn: GatewayReturn | null;
  notice: { kind: 'success' | 'error' | 'info'; text: string } | null;
};

export type InstalmentPaymentEvent = { type: 'instalment.pay' } | { type: 'instalments.retry' };

/** The next instalment to pay: the earliest due or overdue one. */
export function nextDue(instalments: Instalment[]): Instalment | undefined {
  return instalments.find((i) => i.status === 'due' || i.status === 'overdue');
}

/** The instalment the gateway step is for: the one the sandbox's page came back for, else the next due. */
function instalmentToPay({ instalments, gatewayReturn }: InstalmentPaymentContext): Instalment {
  const back = gatewayReturn && instalments.find((i) => i.payment === gatewayReturn.paymentId);
  // `returnedHere` or `somethingDue` let us in with one of them.
  return (back || nextDue(instalments))!;
}

/** The schedule's words for a failed step: the start's and verify/'s own, the spec's for the gateway's. */
function failureNotice(outcome: GatewayFailure): string {
  if (outcome.stage === 'ordering') return userMessage(outcome.error, MESSAGES.paymentStartFailed);
  if (outcome.stage === 'verifying') return userMessage(outcome.error, MESSAGES.paymentCompleteFailed);
  return MESSAGES.checkoutFailed;
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
    /** The gateway step (the app provides its start, POST /classroom/instalments/{id}/payment/, and the rest). */
    gatewayPayment: gatewayPaymentMachine,
  },
  actions: {
    setSchedule: assign((_, params: { instalments: Instalment[] }) => ({ instalments: params.instalments })),
    clearReturn: assign({ gatewayReturn: null }),
    notify: assign((_, params: NonNullable<InstalmentPaymentContext['notice']>) => ({ notice: params })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    hasSchedule: (_, params: { instalments: Instalment[] }) => params.instalments.length > 0,
    /** The sandbox's page sent the browser back for a payment of this schedule. */
    returnedHere: ({ context }, params: { instalments: Instalment[] }) =>
      context.gatewayReturn !== null && params.instalments.some((i) => i.payment === context.gatewayReturn!.paymentId),
    somethingDue: ({ context }) => nextDue(context.instalments) !== undefined,
    paid: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'paid',
    cancelled: (_, params: { outcome: GatewayOutcome }) => params.outcome.kind === 'cancelled',
  },
}).createMachine({
  id: 'instalmentPayment',
  context: ({ input }) => ({
    enrollmentId: input.enrollmentId,
    instalments: [],
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
            target: 'paying',
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
    /** Paid in full: no schedule to show. */
    none: {},
    failed: {
      on: { 'instalments.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'instalment.pay': { guard: 'somethingDue', target: 'paying', actions: 'clearNotice' },
      },
    },
    /** The gateway step for the next due instalment (or the one the sandbox's page came back for). */
    paying: {
      tags: ['busy'],
      exit: 'clearReturn',
      invoke: {
        id: 'gatewayPayment',
        src: 'gatewayPayment',
        input: ({ context }): GatewayPaymentInput => ({
          order: { instalmentId: instalmentToPay(context).id },
          gatewayReturn: context.gatewayReturn,
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loading',
            actions: { type: 'notify', params: { kind: 'success', text: INSTALMENT_MESSAGES.paid } },
          },
          {
            guard: { type: 'cancelled', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'notify', params: { kind: 'info', text: MESSAGES.checkoutCancelled } },
          },
          {
            target: 'ready',
            actions: {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error' as const, text: failureNotice(event.output as GatewayFailure) }),
            },
          },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { kind: 'error', text: MESSAGES.checkoutFailed } },
        },
      },
    },
  },
});

export type InstalmentPaymentLogic = typeof instalmentPaymentMachine;
