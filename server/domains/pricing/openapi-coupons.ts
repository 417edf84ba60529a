import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** Coupons and scholarships (decision record 053): the admin endpoints and the checkout's Apply check. */

const Coupon = C.Coupon;
const CouponCheck = C.CouponCheck;
const Scholarship = z.object({
  id: z.number().int(),
  student: z.number().int(),
  course_type: C.CourseType,
  course: z.number().int(),
  kind: z.enum(C.COUPON_KINDS),
  value: z.number(),
  reason: z.string(),
  uses: z.number().int(),
  created_at: z.string(),
});

export const COUPONS_NAMED: Record<string, z.ZodType> = {
  Coupon,
  CouponCheck,
  Scholarship,
  CouponInput: C.CouponInput,
  CouponPatchInput: C.CouponPatch,
  CouponCheckInput: C.CouponCheckInput,
  ScholarshipInput: C.ScholarshipInput,
};

const P = C.COUPON_PATHS;
const op = (o: Operation): Operation => o;

export const COUPONS_OPERATIONS: Operation[] = [
  op({
    method: 'get',
    path: P.adminList,
    summary: 'Every coupon (scholarships are not listed), newest first, with its uses',
    tag: 'Coupons',
    access: 'admin',
    responses: { 200: z.array(Coupon) },
  }),
  op({
    method: 'post',
    path: P.adminList,
    summary: 'Create a coupon (code unique without regard to case; fixed values in whole rupees; audited)',
    tag: 'Coupons',
    access: 'admin',
    body: C.CouponInput,
    responses: { 201: Coupon },
    errors: [400],
  }),
  op({
    method: 'get',
    path: P.adminOne(),
    summary: 'One coupon with its uses',
    tag: 'Coupons',
    access: 'admin',
    responses: { 200: Coupon },
    errors: [404],
  }),
  op({
    method: 'patch',
    path: P.adminOne(),
    summary: 'Change a coupon (audited)',
    tag: 'Coupons',
    access: 'admin',
    body: C.CouponPatch,
    responses: { 200: Coupon },
    errors: [400, 404],
  }),
  op({
    method: 'post',
    path: P.scholarships(),
    summary: "Grant a student a scholarship for one course: applied by itself at that student's checkout (audited)",
    tag: 'Coupons',
    access: 'admin',
    body: C.ScholarshipInput,
    responses: { 201: Scholarship },
    errors: [400, 404],
  }),
  op({
    method: 'post',
    path: P.check,
    summary:
      "Would this code apply to this course now (without a code: the student's scholarship)? Codes that do not apply count against a login-like rate limit",
    tag: 'Coupons',
    access: 'user',
    body: C.CouponCheckInput,
    responses: { 200: CouponCheck },
    errors: [400, 404, 429],
  }),
];
