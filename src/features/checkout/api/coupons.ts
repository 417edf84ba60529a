import { COUPON_PATHS, CouponCheck, type CourseType } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /classroom/coupons/check/: a code for a course, or (no code) the student's own scholarship. */
export const checkCoupon = (courseType: CourseType, courseId: number, code?: string) =>
  api.post(COUPON_PATHS.check, { course_type: courseType, course: courseId, ...(code ? { code } : {}) }, CouponCheck);
