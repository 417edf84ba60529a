import {
  COUPON_MESSAGES,
  formatPaiseCompact,
  type CouponCourse,
  type CourseType,
  discountOn,
  largerDiscount,
  type QuoteDiscount,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { CouponRow, PaymentRow } from '../../platform/db/schema.ts';
import { couponRepository } from './repositories/coupons.ts';
import { BusinessError } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';

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
  const limit = await limitReached(trx, coupon, purchase.studentId, purchase.exceptPayment);
  if (limit === 'all') return COUPON_MESSAGES.usedUp;
  if (limit === 'student') return COUPON_MESSAGES.usedByYou;
  return null;
}

/** Which of the coupon's limits one more use would pass (`max_uses`: all; per student), or null. */
async function limitReached(
  trx: Db,
  coupon: CouponRow,
  studentId: number,
  exceptPayment: number | undefined,
): Promise<'all' | 'student' | null> {
  const repo = couponRepository(trx);
  if (coupon.max_uses !== null && (await repo.countUses(coupon.id, { exceptPayment })) >= coupon.max_uses) {
    return 'all';
  }
  const mine = await repo.countUses(coupon.id, { studentId, exceptPayment });
  return mine >= coupon.max_uses_per_student ? 'student' : null;
}

/**
 * A payment that released its coupon's use (failed, cancelled) moved back by an administrator's Resolve to
 * a status that holds it (pending, completed): the use is taken again only within the coupon's limits,
 * counted while the coupon row is held as at a payment start, so racing resolves take their turns; else a
 * 400 saying the coupon has no uses left (the payment keeps its status). Call it in the resolve's
 * transaction, after the course row is held, before the payment changes.
 */
export async function retakeCouponUse(trx: Db, payment: Pick<PaymentRow, 'id' | 'coupon_id' | 'student_id'>) {
  if (payment.coupon_id === null) return;
  const repo = couponRepository(trx);
  await repo.hold(payment.coupon_id);
  const coupon = await repo.find(payment.coupon_id);
  if (!coupon) return;
  const limit = await limitReached(trx, coupon, payment.student_id, payment.id);
  if (limit === 'all') throw new BusinessError(COUPON_MESSAGES.noUsesLeft(coupon.code));
  if (limit === 'student') throw new BusinessError(COUPON_MESSAGES.noUsesLeftForStudent(coupon.code));
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
