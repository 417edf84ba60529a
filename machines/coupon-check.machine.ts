import { assign, enqueueActions, setup } from 'xstate';
import { COUPON_MESSAGES, userMessage, type CouponCheck } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The checkout's coupon (decision record 053), beside the checkout machine: the student's own scholarship
 * is looked up first (`resolving` → `applied` when there is one, else `idle`); a code typed and Applied
 * is checked by the server (`checking`) and is then `applied` (its discount shows in the order summary and
 * the payment start sends the code, the server deciding again) or `invalid` (the server's reason). Without
 * a code that applies (refused, or removed), the scholarship applies, if there is one, as on the server. The figures are the server's: discount_paise and price_after_paise.
 * Run by the checkout machine as its child, it reports what applies after each answer of the server and
 * after Remove (`CouponCheckReport`); run on its own (its tests) it reports to no one.
 */
export type CouponCheckInput = { courseType: string; courseId: string };
export type CheckCouponInput = { courseType: 'program' | 'workshop'; courseId: number; code?: string };

export const COUPON_CHECK_FAILED = 'The code could not be checked. Try again.';

export type AppliedCoupon = {
  /** The code applied; null: the student's scholarship. */
  code: string | null;
  discount: number;
  priceAfter: number;
  message: string;
  /** The discount's rule, for an instalment plan's schedule (the discount comes off the plan's total). */
  rule: CouponCheck['rule'];
};

export type CouponCheckContext = {
  courseType: 'program' | 'workshop' | null;
  courseId: number | null;
  code: string;
  /** What applies now: a code, or the student's scholarship (which applies whenever no code does). */
  applied: AppliedCoupon | null;
  /** The student's scholarship for this course, if any. */
  scholarship: AppliedCoupon | null;
  error: string | null;
};

/** What the coupon check tells the machine that runs it (the checkout): what applies now (null: nothing). */
export type CouponCheckReport = { type: 'coupon.changed'; applied: AppliedCoupon | null };

export type CouponCheckEvent =
  { type: 'coupon.edit'; code: string } | { type: 'coupon.apply' } | { type: 'coupon.remove' };

export const couponCheckMachine = setup({
  types: {
    input: {} as CouponCheckInput,
    context: {} as CouponCheckContext,
    events: {} as CouponCheckEvent,
  },
  actors: {
    /** POST /classroom/coupons/check/ (without a code: the student's scholarship). */
    checkCoupon: notProvided<CouponCheck, CheckCouponInput>('checkCoupon'),
  },
  actions: {
    edit: assign((_, params: { code: string }) => ({ code: params.code, error: null })),
    apply: assign((_, params: { code: string | null; answer: CouponCheck }) => ({
      applied: {
        // The server chose the student's scholarship over the code (the larger discount): it applies.
        code: params.answer.message === COUPON_MESSAGES.scholarshipBetter ? null : params.code,
        discount: params.answer.discount_paise,
        priceAfter: params.answer.price_after_paise,
        message: params.answer.message,
        rule: params.answer.rule,
      },
      error: null,
    })),
    keepScholarship: assign(({ context }) => ({ scholarship: context.applied })),
    refuse: assign(({ context }, params: { message: string }) => ({
      error: params.message,
      applied: context.scholarship,
    })),
    clear: assign(({ context }) => ({ applied: context.scholarship, error: null, code: '' })),
    /** What applies now, to the machine that runs this one, if any. */
    report: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'coupon.changed', applied: context.applied });
    }),
  },
  guards: {
    knowsCourse: ({ context }) => context.courseType !== null && context.courseId !== null,
    /** A code typed, for a course the page knows. */
    hasCode: ({ context }) => context.code.trim() !== '' && context.courseType !== null && context.courseId !== null,
    valid: (_, params: { answer: CouponCheck }) => params.answer.valid,
  },
}).createMachine({
  id: 'couponCheck',
  context: ({ input }) => ({
    courseType: input.courseType === 'program' || input.courseType === 'workshop' ? input.courseType : null,
    courseId: /^[1-9]\d{0,15}$/.test(input.courseId) ? Number(input.courseId) : null,
    code: '',
    applied: null,
    scholarship: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'knowsCourse', target: 'resolving' }, { target: 'idle' }],
    },
    /**
     * The student's scholarship for this course, if any: applied by itself. A code typed meanwhile is kept
     * (the field shows it; Apply waits for the answer), not dropped keystroke by keystroke.
     */
    resolving: {
      tags: ['busy'],
      on: {
        'coupon.edit': { actions: { type: 'edit', params: ({ event }) => ({ code: event.code }) } },
      },
      invoke: {
        id: 'scholarship',
        src: 'checkCoupon',
        input: ({ context }) => ({ courseType: context.courseType!, courseId: context.courseId! }),
        onDone: [
          {
            guard: { type: 'valid', params: ({ event }) => ({ answer: event.output }) },
            target: 'applied',
            actions: [
              { type: 'apply', params: ({ event }) => ({ code: null, answer: event.output }) },
              'keepScholarship',
              'report',
            ],
          },
          { target: 'idle', actions: 'report' },
        ],
        // No scholarship could be read: the checkout goes on at the list price (the server decides anyway).
        onError: { target: 'idle', actions: 'report' },
      },
    },
    idle: {
      on: {
        'coupon.edit': { actions: { type: 'edit', params: ({ event }) => ({ code: event.code }) } },
        'coupon.apply': { guard: 'hasCode', target: 'checking' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkCoupon',
        src: 'checkCoupon',
        input: ({ context }) => ({
          courseType: context.courseType!,
          courseId: context.courseId!,
          code: context.code.trim(),
        }),
        onDone: [
          {
            guard: { type: 'valid', params: ({ event }) => ({ answer: event.output }) },
            target: 'applied',
            actions: [
              {
                type: 'apply',
                params: ({ context, event }) => ({ code: context.code.trim(), answer: event.output }),
              },
              'report',
            ],
          },
          {
            target: 'invalid',
            actions: [{ type: 'refuse', params: ({ event }) => ({ message: event.output.message }) }, 'report'],
          },
        ],
        onError: {
          target: 'invalid',
          actions: [
            {
              type: 'refuse',
              params: ({ event }) => ({ message: userMessage(event.error, COUPON_CHECK_FAILED) }),
            },
            'report',
          ],
        },
      },
    },
    /** A discount applies (a code, or the scholarship): the summary shows it. */
    applied: {
      on: {
        'coupon.edit': { actions: { type: 'edit', params: ({ event }) => ({ code: event.code }) } },
        'coupon.apply': { guard: 'hasCode', target: 'checking' },
        'coupon.remove': { target: 'idle', actions: ['clear', 'report'] },
      },
    },
    /** The code does not apply: the server's reason shows; only the scholarship (if any) applies. */
    invalid: {
      on: {
        'coupon.edit': { target: 'idle', actions: { type: 'edit', params: ({ event }) => ({ code: event.code }) } },
        'coupon.apply': { guard: 'hasCode', target: 'checking' },
      },
    },
  },
});

export type CouponCheckLogic = typeof couponCheckMachine;
