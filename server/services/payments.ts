import type { z } from 'zod';
import {
  SERVER_MESSAGES,
  type CourseType,
  type Payment,
  type PaymentCompletion,
  PaymentStartInput,
  ResolveInput,
} from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { PaymentRow, UserRow } from '../db/schema.ts';
import { createAuditRepository } from '../repositories/audit.ts';
import { createCourseRepository } from '../repositories/courses.ts';
import { createEnrollmentRepository } from '../repositories/enrollments.ts';
import { createPaymentRepository } from '../repositories/payments.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { diff } from '../lib/diff.ts';
import { BusinessError, notFound } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { inTransaction } from '../lib/transaction.ts';
import { enrollmentView, givesAccess, grantEnrollment } from './enrollments.ts';
import { toPayment } from './present.ts';

/**
 * The payment rules: starting a payment, completing it, an administrator resolving it. Every change of a
 * payment's state happens in one transaction with its consequences (the enrollment, the seat, the audit
 * row); the guards that matter under concurrency are conditional UPDATEs and unique indexes, so they hold
 * on SQLite (one writer at a time) and on PostgreSQL (row locks, re-checked conditions) alike.
 */

type StartInput = z.output<typeof PaymentStartInput>;
type Resolve = z.output<typeof ResolveInput>;

/**
 * The one way a payment becomes completed, for students and administrators alike: the status moves
 * only if it is still what the caller read, and the enrollment is granted in the same transaction.
 * Answers the enrollment id, or null when another request changed the payment first.
 */
export async function completePayment(
  trx: Db,
  payment: PaymentRow,
  extra: Partial<Pick<PaymentRow, 'admin_notes' | 'is_urgent'>> = {},
): Promise<number | null> {
  // One UPDATE (and so one move between the trigger-kept totals) before the enrollment is touched:
  // every transaction locks payment totals before enrollment totals, so they cannot deadlock.
  const moved = await createPaymentRepository(trx).markCompletedIf(payment.id, payment.status, nowIso(), extra);
  if (!moved) return null;
  return grantEnrollment(trx, payment);
}

function billingColumns(billing: StartInput['billing']) {
  return {
    billing_first_name: billing?.first_name ?? null,
    billing_last_name: billing?.last_name ?? null,
    billing_email: billing?.email ?? null,
    billing_phone: billing?.phone ?? null,
  };
}

async function paymentView(trx: Db, id: number): Promise<Payment> {
  const view = await createPaymentRepository(trx).findView(id);
  if (!view) throw notFound();
  return toPayment(view);
}

export function createPaymentService(db: Db) {
  return {
    /** POST /classroom/{programs|workshops}/{id}/payment/ — answers the payment and whether it is new. */
    async start(student: UserRow, courseType: CourseType, courseId: number, input: StartInput) {
      try {
        return await inTransaction(db, async (trx) => {
          const courses = createCourseRepository(trx);
          await courses.hold(courseType, courseId);
          const course = await courses.findForPayment(courseType, courseId);
          if (!course || !course.is_active) throw notFound();
          const enrollment = await createEnrollmentRepository(trx).findForCourse(student.id, courseType, courseId);
          if (givesAccess(enrollment)) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
          const payments = createPaymentRepository(trx);
          const pending = await payments.findPending(student.id, courseType, courseId);
          if (pending) {
            // Checkout (it sends billing details) after the dashboard's Pay: the same payment, with the
            // method and billing details just given. The dashboard's bare Pay changes nothing.
            if (input.billing) {
              await payments.update(pending.id, {
                payment_method: input.payment_method,
                ...billingColumns(input.billing),
                updated_at: nowIso(),
              });
            }
            return { payment: await paymentView(trx, pending.id), created: false };
          }
          if (course.seatsFull) throw new BusinessError(SERVER_MESSAGES.workshopFull);

          const now = nowIso();
          const free = course.price === 0;
          const id = await payments.insert({
            student_id: student.id,
            course_type: courseType,
            course_id: courseId,
            // Free workshops enroll at once: the payment is born completed, for nothing.
            status: free ? 'completed' : 'pending',
            amount: course.price,
            payment_method: input.payment_method,
            ...billingColumns(input.billing),
            failure_reason: null,
            admin_notes: '',
            is_urgent: 0,
            created_at: now,
            completed_at: free ? now : null,
            updated_at: now,
          });
          // A racing request may have enrolled the student since the check above: refuse, roll back.
          if (free)
            await grantEnrollment(
              trx,
              { student_id: student.id, course_type: courseType, course_id: courseId },
              { refuseIfEnrolled: true },
            );
          return { payment: await paymentView(trx, id), created: true };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent request created the pending payment first: answer that one.
        const pending = await createPaymentRepository(db).findPending(student.id, courseType, courseId);
        if (pending) return { payment: await paymentView(db, pending.id), created: false };
        // Or it enrolled the student (a free workshop clicked twice).
        const enrollment = await createEnrollmentRepository(db).findForCourse(student.id, courseType, courseId);
        if (enrollment?.is_active) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
        throw error;
      }
    },

    /** POST /classroom/payments/{id}/complete/ — idempotent; only the payment's own student may call it. */
    async complete(student: UserRow, paymentId: number): Promise<PaymentCompletion> {
      return inTransaction(db, async (trx) => {
        const payments = createPaymentRepository(trx);
        const enrollments = createEnrollmentRepository(trx);
        const payment = await payments.findRow(paymentId);
        if (!payment || payment.student_id !== student.id) throw notFound();

        const alreadyDone = async () => {
          const existing = await enrollments.findForCourse(payment.student_id, payment.course_type, payment.course_id);
          const enrollmentId = existing?.id ?? (await grantEnrollment(trx, payment));
          return { payment: await paymentView(trx, payment.id), enrollment: await enrollmentView(trx, enrollmentId) };
        };
        if (payment.status === 'completed') return alreadyDone();
        if (payment.status !== 'pending') throw new BusinessError(SERVER_MESSAGES.paymentNotPending);

        const existing = await enrollments.findForCourse(payment.student_id, payment.course_type, payment.course_id);
        if (givesAccess(existing)) {
          // A racing completion of this very payment may have just committed the enrollment.
          if ((await payments.findRow(paymentId))?.status === 'completed') return alreadyDone();
          // Otherwise paying twice for one course helps nobody: refuse, the payment stays pending.
          throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
        }
        const enrollmentId = await completePayment(trx, payment);
        if (enrollmentId === null) {
          // Another completion won the race; it has committed, so its result is visible now.
          const now = await payments.findRow(paymentId);
          if (now?.status === 'completed') return alreadyDone();
          throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
        }
        return { payment: await paymentView(trx, payment.id), enrollment: await enrollmentView(trx, enrollmentId) };
      });
    },

    /** POST /api/admin/payments/{id}/resolve/ — completed grants the enrollment by the same path as completion. */
    async resolve(admin: UserRow, paymentId: number, input: Resolve): Promise<Payment> {
      return inTransaction(db, async (trx) => {
        const payments = createPaymentRepository(trx);
        const before = await payments.findRow(paymentId);
        if (!before) throw notFound();
        const now = nowIso();
        const after = {
          status: input.status,
          admin_notes: input.admin_notes,
          failure_reason: input.status === 'completed' ? null : input.failure_reason,
          is_urgent: input.is_urgent ? 1 : 0,
          updated_at: now,
          completed_at: input.status === 'completed' ? (before.completed_at ?? now) : before.completed_at,
        };
        // To completed: granted exactly as a student's completion grants it.
        let transitioned = false;
        if (input.status === 'completed' && before.status !== 'completed') {
          transitioned =
            (await completePayment(trx, before, { admin_notes: after.admin_notes, is_urgent: after.is_urgent })) !==
            null;
          // A racing request changed the payment first: fine if it completed it, else refuse.
          if (!transitioned && (await payments.findRow(paymentId))?.status !== 'completed') {
            throw new BusinessError(SERVER_MESSAGES.paymentNotPending);
          }
        }
        if (!transitioned) {
          await payments.update(paymentId, after);
          // Completed already: make sure the access it paid for exists.
          if (input.status === 'completed') await grantEnrollment(trx, before);
        }
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'resolve',
          entity: 'payment',
          entityId: paymentId,
          changes: diff(before, after),
        });
        return paymentView(trx, paymentId);
      });
    },

    /** The student's own payments, newest first. */
    async listForStudent(student: UserRow): Promise<Payment[]> {
      return (await createPaymentRepository(db).listForStudent(student.id)).map(toPayment);
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
