import { assign, setup } from 'xstate';
import { MESSAGES, userMessage, type CourseType, type Payment, type PaymentCompletion } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * One course card of the student dashboard (spec section 4, Student payment flow):
 * Pay creates a pending payment, Complete Payment completes it and grants the course.
 */
export type PaymentFlowInput = {
  courseType: CourseType;
  courseId: number;
  /** The student's payment for this course, if any (from GET /classroom/payments/). */
  payment: Payment | null;
  enrolled: boolean;
};

export type PaymentNotice = { kind: 'success' | 'error'; text: string };

export type PaymentFlowContext = {
  courseType: CourseType;
  courseId: number;
  payment: Payment | null;
  enrolled: boolean;
  notice: PaymentNotice | null;
};

export type PaymentFlowEvent = { type: 'payment.start' } | { type: 'payment.complete' } | { type: 'notice.dismiss' };

export type StartPaymentInput = { courseType: CourseType; courseId: number };
export type CompletePaymentInput = { paymentId: number };

export const paymentFlowMachine = setup({
  types: {
    input: {} as PaymentFlowInput,
    context: {} as PaymentFlowContext,
    events: {} as PaymentFlowEvent,
  },
  actors: {
    /** POST /classroom/{programs|workshops}/{id}/payment/ */
    startPayment: notProvided<Payment, StartPaymentInput>('startPayment'),
    /** POST /classroom/payments/{id}/complete/ */
    completePayment: notProvided<PaymentCompletion, CompletePaymentInput>('completePayment'),
  },
  actions: {
    /** The app reloads the dashboard's course lists: this course now belongs in My Courses. */
    courseEnrolled: appAction(),
    setPayment: assign((_, params: { payment: Payment }) => ({ payment: params.payment })),
    markEnrolled: assign({ enrolled: true }),
    setNotice: assign((_, params: PaymentNotice) => ({ notice: { kind: params.kind, text: params.text } })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isEnrolled: ({ context }) => context.enrolled,
    hasPendingPayment: ({ context }) => context.payment?.status === 'pending',
    /** A free workshop is enrolled at once: the server answers a completed payment. */
    isCompletedPayment: (_, params: { payment: Payment }) => params.payment.status === 'completed',
  },
}).createMachine({
  id: 'paymentFlow',
  context: ({ input }) => ({ ...input, notice: null }),
  initial: 'resolving',
  on: {
    'notice.dismiss': { actions: 'clearNotice' },
  },
  states: {
    // Transient: picks the card's first state from the input; never visible in a snapshot.
    resolving: {
      always: [
        { guard: 'isEnrolled', target: 'completed' },
        { guard: 'hasPendingPayment', target: 'pending' },
        { target: 'none' },
      ],
    },
    none: {
      on: { 'payment.start': { target: 'starting', actions: 'clearNotice' } },
    },
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
              { type: 'setPayment', params: ({ event }) => ({ payment: event.output }) },
              'markEnrolled',
              { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentCompleted } },
              'courseEnrolled',
            ],
          },
          {
            target: 'pending',
            actions: [
              { type: 'setPayment', params: ({ event }) => ({ payment: event.output }) },
              { type: 'setNotice', params: { kind: 'success', text: MESSAGES.paymentStarted } },
            ],
          },
        ],
        onError: {
          target: 'none',
          actions: {
            type: 'setNotice',
            params: ({ event }) => ({ kind: 'error', text: userMessage(event.error, MESSAGES.paymentStartFailed) }),
          },
        },
      },
    },
    pending: {
      on: { 'payment.complete': { target: 'completing', actions: 'clearNotice' } },
    },
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
        onError: {
          target: 'pending',
          actions: { type: 'setNotice', params: { kind: 'error', text: MESSAGES.paymentCompleteFailed } },
        },
      },
    },
    completed: {},
  },
});

/** The payment flow machine (what a view that runs one needs). */
export type PaymentFlowLogic = typeof paymentFlowMachine;
