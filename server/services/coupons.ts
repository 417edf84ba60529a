import type { z } from 'zod';
import {
  COUPON_MESSAGES,
  formatPaiseCompact,
  paiseToRupees,
  rupeesToPaise,
  type Coupon,
  type CouponCheck,
  CouponCheckInput,
  type CouponCourse,
  CouponInput,
  CouponPatch,
  type CourseType,
  discountOn,
  largerDiscount,
  type QuoteDiscount,
  type Scholarship,
  ScholarshipInput,
} from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { CouponRow, UserRow } from '../db/schema.ts';
import { createAuditRepository } from '../repositories/audit.ts';
import { couponRepository } from '../repositories/coupons.ts';
import { createCourseRepository } from '../repositories/courses.ts';
import { createUserRepository } from '../repositories/users.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { diff } from '../lib/diff.ts';
import { BusinessError, notFound, rateLimited } from '../lib/errors.ts';
import { createRateLimiter } from '../repositories/rate-limits.ts';
import { nowIso } from '../lib/time.ts';
import { inTransaction } from '../lib/transaction.ts';

/**
 * Coupons and scholarships (decision record 053): the administrators' coupons, a scholarship granted to one
 * student, and the one rule that decides which discount a payment gets. A coupon's uses are the payments
 * that hold it (pending, completed, refunded); the limits are checked while the coupon row is held, so
 * racing payment starts take their turns and `max_uses` is never exceeded (SQLite and PostgreSQL alike).
 */

type Input = z.output<typeof CouponInput>;
type Patch = z.output<typeof CouponPatch>;

const parseCourses = (row: Pick<CouponRow, 'courses'>) => JSON.parse(row.courses) as CouponCourse[];

/** The value as people type it: a percentage, or whole rupees for a fixed coupon (stored in paise). */
const shownValue = (row: Pick<CouponRow, 'kind' | 'value'>) =>
  row.kind === 'fixed' ? paiseToRupees(row.value) : row.value;
const storedValue = (kind: 'percent' | 'fixed', value: number) => (kind === 'fixed' ? rupeesToPaise(value) : value);

function toCoupon(row: CouponRow, uses: number): Coupon {
  return {
    id: row.id,
    code: row.code ?? '',
    kind: row.kind,
    value: shownValue(row),
    courses: parseCourses(row),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    max_uses: row.max_uses,
    max_uses_per_student: row.max_uses_per_student,
    min_amount: row.min_amount_paise === null ? null : paiseToRupees(row.min_amount_paise),
    is_active: row.is_active === 1,
    uses,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function refuseUnknownCourses(trx: Db, courses: CouponCourse[]): Promise<void> {
  const repo = createCourseRepository(trx);
  for (const c of courses) {
    if (!(await repo.findForPayment(c.course_type, c.course))) throw new BusinessError(COUPON_MESSAGES.unknownCourse);
  }
}

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

export function createCouponService(db: Db) {
  const repo = couponRepository(db);

  async function view(trx: Db, id: number): Promise<Coupon> {
    const row = await couponRepository(trx).find(id);
    if (!row || row.student_id !== null) throw notFound();
    return toCoupon(row, await couponRepository(trx).countUses(id));
  }

  const columns = (input: Input) => ({
    code: input.code,
    code_key: input.code.toLowerCase(),
    kind: input.kind,
    value: storedValue(input.kind, input.value),
    courses: JSON.stringify(input.courses),
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    max_uses: input.max_uses ?? null,
    max_uses_per_student: input.max_uses_per_student,
    min_amount_paise: input.min_amount == null ? null : rupeesToPaise(input.min_amount),
    is_active: input.is_active ? 1 : 0,
  });

  const codeTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw new BusinessError(COUPON_MESSAGES.codeTaken);
    throw error;
  };

  return {
    async list(): Promise<Coupon[]> {
      return (await repo.list()).map((row) => toCoupon(row, Number(row.uses ?? 0)));
    },
    get: (id: number) => view(db, id),

    async create(admin: UserRow, input: Input): Promise<Coupon> {
      return inTransaction(db, async (trx) => {
        await refuseUnknownCourses(trx, input.courses);
        const now = nowIso();
        const values = { ...columns(input), student_id: null, reason: '', created_by: admin.id };
        const row = { id: await couponRepository(trx).insert({ ...values, created_at: now, updated_at: now }) };
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'create',
          entity: 'coupon',
          entityId: row.id,
          changes: diff({}, values),
        });
        return view(trx, row.id);
      }).catch(codeTaken);
    },

    async update(admin: UserRow, id: number, patch: Patch): Promise<Coupon> {
      return inTransaction(db, async (trx) => {
        const before = await couponRepository(trx).find(id);
        if (!before || before.student_id !== null) throw notFound();
        const current = toCoupon(before, 0);
        const merged = CouponInput.safeParse({
          ...current,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        });
        if (!merged.success) throw new BusinessError(merged.error.issues[0]?.message ?? COUPON_MESSAGES.code);
        if (patch.courses) await refuseUnknownCourses(trx, patch.courses);
        const after = columns(merged.data);
        await couponRepository(trx).update(id, { ...after, updated_at: nowIso() });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'update',
          entity: 'coupon',
          entityId: id,
          changes: diff(before, after),
        });
        return view(trx, id);
      }).catch(codeTaken);
    },

    /** POST /api/admin/users/{id}/scholarships/: a coupon for one student and course, audited. */
    async grantScholarship(
      admin: UserRow,
      studentId: number,
      input: z.output<typeof ScholarshipInput>,
    ): Promise<Scholarship> {
      return inTransaction(db, async (trx) => {
        const student = await createUserRepository(trx).findById(studentId);
        if (!student || student.role !== 'student') throw notFound();
        const course = { course_type: input.course_type, course: input.course };
        await refuseUnknownCourses(trx, [course]);
        const now = nowIso();
        const values = {
          code: null,
          code_key: null,
          kind: input.kind,
          value: storedValue(input.kind, input.value),
          courses: JSON.stringify([course]),
          starts_at: null,
          ends_at: null,
          max_uses: null,
          max_uses_per_student: 1,
          min_amount_paise: null,
          is_active: 1,
          student_id: studentId,
          reason: input.reason,
          created_by: admin.id,
        };
        const row = { id: await couponRepository(trx).insert({ ...values, created_at: now, updated_at: now }) };
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'grant_scholarship',
          entity: 'user',
          entityId: studentId,
          changes: {
            scholarship: {
              from: null,
              to: { id: row.id, ...course, kind: input.kind, value: input.value, reason: input.reason },
            },
          },
        });
        return {
          id: row.id,
          student: studentId,
          ...course,
          kind: input.kind,
          value: input.value,
          reason: input.reason,
          uses: 0,
          created_at: now,
        };
      });
    },

    /**
     * POST /classroom/coupons/check/: would this code (or, with none, the student's scholarship) apply to
     * this course now? The answer's discount and price_after are in paise, before GST.
     */
    async check(student: UserRow, input: z.output<typeof CouponCheckInput>): Promise<CouponCheck> {
      const course = await createCourseRepository(db).findForPayment(input.course_type, input.course);
      if (!course || !course.is_active) throw notFound();
      const listPrice = rupeesToPaise(course.price);
      const purchase = {
        studentId: student.id,
        courseType: input.course_type,
        courseId: input.course,
        listPrice,
        code: input.code,
      };
      try {
        const chosen = await inTransaction(db, (trx) => chooseDiscount(trx, purchase));
        if (!chosen) return { valid: false, discount: 0, price_after: listPrice, message: '', rule: null };
        const discount = discountOn(listPrice, chosen.discount);
        const scholarshipWon = chosen.discount.source === 'scholarship' && Boolean(input.code?.trim());
        return {
          valid: true,
          discount,
          price_after: listPrice - discount,
          message: scholarshipWon ? COUPON_MESSAGES.scholarshipBetter : COUPON_MESSAGES.applied,
          rule: { kind: chosen.discount.kind, value: chosen.discount.value },
        };
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        return { valid: false, discount: 0, price_after: listPrice, message: error.error, rule: null };
      }
    },
  };
}

/** How many codes that do not apply an account may try per window (the login's limits, decision 030). */
export type GuessLimits = { loginMaxFailuresPerAccountAddress: number; loginWindowSeconds: number };

const m = COUPON_MESSAGES;
const REFUSALS = new Set<string>([
  m.notFound,
  m.notStarted,
  m.ended,
  m.inactive,
  m.notForCourse,
  m.usedUp,
  m.usedByYou,
]);

/** Whether an error is a coupon code's refusal (it counts as a guess). */
export function isCouponRefusal(error: unknown): boolean {
  if (!(error instanceof BusinessError)) return false;
  return REFUSALS.has(error.error) || error.error.startsWith('This code applies to orders of');
}

/**
 * Records one guess of a code by this account before it is checked (429 when the account is over the
 * limit); `release()` takes it back when the code turned out to apply (or was never judged).
 */
export async function recordGuess(
  db: Db,
  limits: GuessLimits,
  userId: number,
): Promise<{ release: () => Promise<void> }> {
  const limiter = createRateLimiter(db);
  const key = `coupon:check:${userId}`;
  const attempt = await limiter.attempt(
    [{ key, max: limits.loginMaxFailuresPerAccountAddress, windowSeconds: limits.loginWindowSeconds }],
    [key],
  );
  if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
  return { release: () => limiter.release(attempt) };
}
