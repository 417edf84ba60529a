import type { z } from 'zod';
import {
  COUPON_MESSAGES,
  paiseToRupees,
  rupeesToPaise,
  type Coupon,
  type CouponCheck,
  CouponCheckInput,
  type CouponCourse,
  CouponInput,
  CouponPatch,
  discountOn,
  type Scholarship,
  ScholarshipInput,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { CouponRow, UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { couponRepository } from './repositories/coupons.ts';
import { courseExists, courseForPayment } from '../catalogue/index.ts';
import { findUserById } from '../accounts/index.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { diff } from '../../platform/lib/diff.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { chooseDiscount, parseCourses } from './coupon-discounts.ts';

/**
 * Coupons and scholarships (decision record 053): the administrators' coupons, a scholarship granted to one
 * student, and the checkout's check of a code. Which discount a payment gets is decided in
 * coupon-discounts.ts; wrong codes are counted as guesses in coupon-guesses.ts.
 */

type Input = z.output<typeof CouponInput>;
type Patch = z.output<typeof CouponPatch>;

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
  for (const c of courses) {
    if (!(await courseExists(trx, c.course_type, c.course))) throw new BusinessError(COUPON_MESSAGES.unknownCourse);
  }
}

/** The coupon check's answer: each figure in paise and, under the name without a unit, in rupees. */
function couponAnswer(
  valid: boolean,
  listPaise: number,
  discountPaise: number,
  message: string,
  rule: CouponCheck['rule'],
): CouponCheck {
  const priceAfterPaise = listPaise - discountPaise;
  return {
    valid,
    discount_paise: discountPaise,
    price_after_paise: priceAfterPaise,
    discount: paiseToRupees(discountPaise),
    price_after: paiseToRupees(priceAfterPaise),
    message,
    rule,
  };
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
        const student = await findUserById(trx, studentId);
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
     * this course now? The answer's figures are before GST, in paise and in rupees (couponAnswer).
     */
    async check(student: UserRow, input: z.output<typeof CouponCheckInput>): Promise<CouponCheck> {
      const course = await courseForPayment(db, input.course_type, input.course);
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
        if (!chosen) return couponAnswer(false, listPrice, 0, '', null);
        const scholarshipWon = chosen.discount.source === 'scholarship' && Boolean(input.code?.trim());
        return couponAnswer(
          true,
          listPrice,
          discountOn(listPrice, chosen.discount),
          scholarshipWon ? COUPON_MESSAGES.scholarshipBetter : COUPON_MESSAGES.applied,
          { kind: chosen.discount.kind, value: chosen.discount.value },
        );
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        return couponAnswer(false, listPrice, 0, error.error, null);
      }
    },
  };
}
