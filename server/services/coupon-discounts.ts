import {
  COUPON_MESSAGES,
  formatPaiseCompact,
  type CouponCourse,
  type CourseType,
  discountOn,
  largerDiscount,
  type QuoteDiscount,
} from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { CouponRow } from '../db/schema.ts';
import { couponRepository } from '../repositories/coupons.ts';
import { BusinessError } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';

/**
 * Which discount a payment gets (decision record 053): a coupon's conditions and limits, the student's
 * scholarships, and the larger of the two. A coupon's uses are the payments that hold it (pending,
 * completed, refunded); the limits are checked while the coupon row is held, so racing payment starts take
 * their turns and `max_uses` is never exceeded (SQLite and PostgreSQL alike).
 */

export const parseCourses = (row: Pick<CouponRow, 'courses'>) => JSON.parse(row.courses) as CouponCourse[];

/** Why a coupon does not apply to this student's purchase now, or null when it does (limits included). */
async function refusal(
  trx: Db,
  coupon: CouponRow,
  purchase: { studentId: number; courseType: CourseType; courseId: number; listPrice: number; exceptPayment?: number },
  now: string,
): Promise<string | null> {
  if (coupon.is_active !== 1) return COUPON_MESSAGES.inactive;
  if (coupon.starts_at && Date.parse(coupon.starts_at) > Date.parse(now)) return COUPON_MESSAGES.notStarted;
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= Date.parse(now)) return COUPON_MESSAGES.ended;
  const courses = parseCourses(coupon);
  if (courses.length && !courses.some((c) => c.course_type === purchase.courseType && c.course === purchase.courseId)) {
    return COUPON_MESSAGES.notForCourse;
  }
  if (coupon.min_amount_paise !== null && purchase.listPrice < coupon.min_amount_paise) {
    return COUPON_MESSAGES.minAmount(formatPaiseCompact(coupon.min_amount_paise));
  }
  const repo = couponRepository(trx);
  if (coupon.max_uses !== null) {
    const used = await repo.countUses(coupon.id, { exceptPayment: purchase.exceptPayment });
    if (used >= coupon.max_uses) return COUPON_MESSAGES.usedUp;
  }
  const mine = await repo.countUses(coupon.id, {
    studentId: purchase.studentId,
    exceptPayment: purchase.exceptPayment,
  });
  if (mine >= coupon.max_uses_per_student) return COUPON_MESSAGES.usedByYou;
  return null;
}

const asDiscount = (row: CouponRow): QuoteDiscount => ({
  kind: row.kind,
  value: row.value,
  code: row.code,
  source: row.student_id === null ? 'coupon' : 'scholarship',
});

/** The discount a payment gets, with the coupon row it holds (null: none). */
export type ChosenDiscount = { couponId: number; discount: QuoteDiscount } | null;

/**
 * The discount for a purchase, decided on the server (call it in the payment's transaction, after the
 * course is held): the code entered, if any, must apply (else a 400 with the reason); the student's
 * scholarship for the course applies by itself; when both do, the larger discount applies, not both.
 * The chosen coupon row is held, and its limits counted, before the answer.
 */
export async function chooseDiscount(
  trx: Db,
  purchase: {
    studentId: number;
    courseType: CourseType;
    courseId: number;
    listPrice: number;
    code?: string | null;
    exceptPayment?: number;
  },
): Promise<ChosenDiscount> {
  const repo = couponRepository(trx);
  const now = nowIso();
  let coupon: CouponRow | null = null;
  if (purchase.code?.trim()) {
    const found = await repo.findByCode(purchase.code);
    if (!found) throw new BusinessError(COUPON_MESSAGES.notFound);
    await repo.hold(found.id);
    const why = await refusal(trx, found, purchase, now);
    if (why) throw new BusinessError(why);
    coupon = found;
  }
  let scholarship: CouponRow | null = null;
  for (const row of await repo.scholarshipsOf(purchase.studentId)) {
    await repo.hold(row.id);
    if ((await refusal(trx, row, purchase, now)) !== null) continue;
    if (
      !scholarship ||
      discountOn(purchase.listPrice, asDiscount(row)) > discountOn(purchase.listPrice, asDiscount(scholarship))
    ) {
      scholarship = row;
    }
  }
  const chosen = largerDiscount(
    purchase.listPrice,
    coupon ? asDiscount(coupon) : null,
    scholarship ? asDiscount(scholarship) : null,
  );
  if (!chosen) return null;
  const row = chosen.source === 'scholarship' ? scholarship! : coupon!;
  return { couponId: row.id, discount: chosen };
}
