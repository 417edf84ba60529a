import { assertEvent, assign, setup } from 'xstate';
import {
  COURSE_TYPES,
  MESSAGES,
  userMessage,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm,
  type CourseType,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The checkout page /payment/{type}/{id} (spec sections 2 and 4, Checkout submit; design.md deviation 7).
 * The card fields are validated here with the contract's rules and never leave the browser: the `pay`
 * actor receives the form and sends only `checkoutBilling(form)` to the server.
 */
export type CheckoutInput = {
  /** The raw URL segments: anything may arrive here. */
  courseType: string;
  courseId: string;
  /** The clock deciding whether a card has expired; tests pass a fixed one. */
  now?: () => Date;
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
export type PayInput = { courseType: CourseType; courseId: number; form: CheckoutForm };

export type CheckoutContext = {
  courseType: CourseType | null;
  courseId: number | null;
  course: CheckoutCourse | null;
  /** Field messages of the last refused submit; {} when none. */
  errors: CheckoutErrors;
  /** The failure banner's text after a failed payment. */
  failure: string | null;
  now: () => Date;
};

export type CheckoutEvent = { type: 'checkout.submit'; form: CheckoutForm };

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
    /** Creates and completes the payment (after the demo gateway delay). */
    pay: notProvided<unknown, PayInput>('pay'),
  },
  actions: {
    setCourse: assign((_, params: { course: CheckoutCourse }) => ({ course: params.course })),
    showErrors: assign(({ context }, params: { form: CheckoutForm }) => ({
      errors: validateCheckout(params.form, context.now()),
    })),
    clearErrors: assign({ errors: {}, failure: null }),
    setFailure: assign((_, params: { failure: string }) => ({ failure: params.failure })),
  },
  guards: {
    hasValidCourseRef: ({ context }) => context.courseType !== null && context.courseId !== null,
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
        onDone: {
          target: 'idle',
          actions: { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
        },
        onError: { target: 'loadFailed' },
      },
    },
    /** The view shows MESSAGES.courseLoadFailed and Back to Programs. */
    loadFailed: {},
    idle: {
      on: {
        'checkout.submit': [
          {
            guard: { type: 'isFormValid', params: ({ event }) => ({ form: event.form }) },
            target: 'processing',
            actions: 'clearErrors',
          },
          { actions: { type: 'showErrors', params: ({ event }) => ({ form: event.form }) } },
        ],
      },
    },
    processing: {
      tags: ['busy'],
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context, event }) => {
          assertEvent(event, 'checkout.submit');
          return { courseType: context.courseType!, courseId: context.courseId!, form: event.form };
        },
        onDone: { target: 'success' },
        onError: {
          target: 'failure',
          actions: {
            type: 'setFailure',
            params: ({ event }) => ({ failure: userMessage(event.error, MESSAGES.checkoutFailed) }),
          },
        },
      },
    },
    /** The view shows MESSAGES.checkoutSuccess and navigates to /programs. */
    success: { type: 'final' },
    failure: {
      on: {
        'checkout.submit': [
          {
            guard: { type: 'isFormValid', params: ({ event }) => ({ form: event.form }) },
            target: 'processing',
            actions: 'clearErrors',
          },
          { actions: { type: 'showErrors', params: ({ event }) => ({ form: event.form }) } },
        ],
      },
    },
  },
});

/** The checkout machine (what a view that runs one needs). */
export type CheckoutLogic = typeof checkoutMachine;
