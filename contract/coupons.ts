import { z } from 'zod';
import { CourseType } from './enums.ts';
import { istLocalToIso } from './time.ts';

/**
 * Coupons and scholarships (decision record 053): the administrators' coupon form, the checkout's Apply
 * check, and a scholarship granted to one student. Amounts typed by people are whole rupees (as every
 * admin price in this app); the server stores and computes paise.
 */

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_MESSAGES = {
  code: 'A code is 3 to 40 letters, digits, dashes or underscores.',
  codeTaken: 'Another coupon already has this code.',
  kind: 'Kind must be percent or fixed.',
  percent: 'A percentage is a whole number from 1 to 100.',
  rupees: 'A fixed discount is a whole number of rupees, at least ₹1.',
  dates: 'The end must be after the start.',
  unknownCourse: 'One of the courses does not exist.',
  notFound: 'This code is not valid.',
  notStarted: 'This code is not valid yet.',
  ended: 'This code has expired.',
  inactive: 'This code is not active.',
  notForCourse: 'This code does not apply to this course.',
  usedUp: 'This code has been used up.',
  usedByYou: 'You have already used this code.',
  /** An administrator's Resolve back to pending or completed would take a use the coupon has no more of. */
  noUsesLeft: (code: string | null) =>
    `${code ? `Coupon ${code}` : 'The scholarship'} has no uses left, so this payment cannot hold it again. ` +
    'Raise its Max uses, or cancel another payment that holds it, then resolve again.',
  noUsesLeftForStudent: (code: string | null) =>
    `${code ? `Coupon ${code}` : 'The scholarship'} has no uses left for this student: another of their payments ` +
    'holds it. Cancel that payment first, or choose Failed or Cancelled.',
  minAmount: (rupees: string) => `This code applies to orders of ${rupees} or more.`,
  applied: 'Code applied.',
  scholarshipBetter: 'Your scholarship gives a larger discount, so it applies instead of this code.',
  reason: 'Reason is required.',
  courses: 'List the courses as program:3, workshop:5 (empty: every course).',
} as const;

/** A course a coupon applies to: a program or a workshop, by id. */
export const CouponCourse = z.object({
  course_type: CourseType,
  course: z.number({ error: 'A course is a program or workshop id.' }).int().positive(),
});
export type CouponCourse = z.infer<typeof CouponCourse>;

const code = z
  .string({ error: COUPON_MESSAGES.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,40}$/, COUPON_MESSAGES.code);
const when = z.iso.datetime({ offset: true, error: `Give a date and time like ${istLocalToIso('2026-12-01T00:00')}.` });
const kindValue = {
  kind: z.enum(COUPON_KINDS, { error: COUPON_MESSAGES.kind }),
  /** percent: 1–100; fixed: whole rupees. */
  value: z.number({ error: COUPON_MESSAGES.rupees }).int(COUPON_MESSAGES.rupees).positive(COUPON_MESSAGES.rupees),
};
const percentInRange = (v: { kind?: CouponKind; value?: number }) =>
  v.kind !== 'percent' || v.value === undefined || v.value <= 100;

const couponFields = {
  code,
  ...kindValue,
  courses: z.array(CouponCourse, { error: COUPON_MESSAGES.courses }).max(200).default([]),
  starts_at: when.nullable().optional(),
  ends_at: when.nullable().optional(),
  max_uses: z.number().int().positive().nullable().optional(),
  max_uses_per_student: z.number().int().positive().default(1),
  /** Whole rupees: the list price must be at least this. */
  min_amount: z.number().int().nonnegative().nullable().optional(),
  is_active: z.boolean().default(true),
};

const datesInOrder = (v: { starts_at?: string | null; ends_at?: string | null }) =>
  !v.starts_at || !v.ends_at || Date.parse(v.ends_at) > Date.parse(v.starts_at);

/** POST /api/admin/coupons/ */
export const CouponInput = z
  .object(couponFields)
  .refine(percentInRange, { message: COUPON_MESSAGES.percent, path: ['value'] })
  .refine(datesInOrder, { message: COUPON_MESSAGES.dates, path: ['ends_at'] });
export type CouponInput = z.input<typeof CouponInput>;

/** PATCH /api/admin/coupons/{id}/: any of the fields (kind and value are checked together on the result). */
export const CouponPatch = z.object({
  code: code.optional(),
  kind: kindValue.kind.optional(),
  value: kindValue.value.optional(),
  courses: z.array(CouponCourse, { error: COUPON_MESSAGES.courses }).max(200).optional(),
  starts_at: when.nullable().optional(),
  ends_at: when.nullable().optional(),
  max_uses: z.number().int().positive().nullable().optional(),
  max_uses_per_student: z.number().int().positive().optional(),
  min_amount: z.number().int().nonnegative().nullable().optional(),
  is_active: z.boolean().optional(),
});
export type CouponPatch = z.input<typeof CouponPatch>;

/** A coupon as the admin API answers it: value as entered (percent, or whole rupees), uses counted. */
export const Coupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  courses: z.array(CouponCourse),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_student: z.number().int(),
  min_amount: z.number().nullable(),
  is_active: z.boolean(),
  /** Payments holding a use: pending, completed or refunded (a failed or cancelled one released it). */
  uses: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;

/** POST /classroom/coupons/check/: a code for a course (without a code: the student's own scholarship). */
export const CouponCheckInput = z.object({
  /** The code typed; absent: what the student's scholarship (if any) gives. */
  code: z.string({ error: COUPON_MESSAGES.notFound }).trim().max(100).optional(),
  course_type: CourseType,
  course: z.number().int().positive(),
});
export type CouponCheckInput = z.input<typeof CouponCheckInput>;

/**
 * The check's answer, before GST: `discount_paise` and `price_after_paise` (the list price less the discount) in
 * paise, and the same two figures in rupees as `discount` and `price_after` (like a course's `price`).
 */
export const CouponCheck = z.object({
  valid: z.boolean(),
  discount_paise: z.number().int().nonnegative(),
  price_after_paise: z.number().int().nonnegative(),
  /** Rupees (two decimals at most): `discount_paise` / 100. */
  discount: z.number().nonnegative(),
  /** Rupees (two decimals at most): `price_after_paise` / 100. */
  price_after: z.number().nonnegative(),
  message: z.string(),
  /** The discount's rule (percent 1–100, or fixed paise) when valid: an instalment plan's schedule applies it to the plan's total. */
  rule: z.object({ kind: z.enum(['percent', 'fixed']), value: z.number().int().nonnegative() }).nullable(),
});
export type CouponCheck = z.infer<typeof CouponCheck>;

/** POST /api/admin/users/{id}/scholarships/ */
export const ScholarshipInput = z
  .object({
    course_type: CourseType,
    course: z.number().int().positive(),
    ...kindValue,
    reason: z.string({ error: COUPON_MESSAGES.reason }).trim().min(1, COUPON_MESSAGES.reason).max(500),
  })
  .refine(percentInRange, { message: COUPON_MESSAGES.percent, path: ['value'] });
export type ScholarshipInput = z.input<typeof ScholarshipInput>;

export type Scholarship = {
  id: number;
  student: number;
  course_type: CourseType;
  course: number;
  kind: CouponKind;
  value: number;
  reason: string;
  uses: number;
  created_at: string;
};

type Id = number | string;
const P = ':id';

/** The coupon endpoints; called with an id they give a URL, without it the server's route pattern. */
export const COUPON_PATHS = {
  adminList: '/api/admin/coupons/',
  adminOne: (id: Id = P) => `/api/admin/coupons/${id}/`,
  scholarships: (id: Id = P) => `/api/admin/users/${id}/scholarships/`,
  check: '/classroom/coupons/check/',
} as const;
