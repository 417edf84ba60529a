import { z } from 'zod';
import {
  SERVER_MESSAGES,
  type CourseType,
  type Enrollment,
  type Payment,
  type PaymentCompletion,
  PaymentStartInput,
  ResolveInput,
} from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { PaymentRow, UserRow } from '../db/schema.ts';
import { createAuditRepository } from '../repositories/audit.ts';
import { createEnrollmentRepository } from '../repositories/enrollments.ts';
import { createPaymentRepository } from '../repositories/payments.ts';
import { BusinessError, notFound } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { inTransaction } from '../lib/transaction.ts';
import { toEnrollment, toPayment } from './present.ts';

/**
 * The payment and enrollment rules (design.md section 3). Every change happens in one transaction;
 * the guards that matter under concurrency are conditional UPDATEs and unique indexes, so they hold on
 * SQLite (one writer at a time) and on PostgreSQL (row locks, re-checked conditions) alike.
 */

type StartInput = z.output<typeof PaymentStartInput>;
type Resolve = z.output<typeof ResolveInput>;

/** Statuses in which an enrollment gives access to its course (and holds a workshop seat). */
const ACCESS_STATUSES = new Set(['active', 'completed']);

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Reads the course for a payment, holding its row until the transaction ends (a write that changes
 * nothing): an administrator deleting it at the same moment either finishes first (404 here) or sees
 * this payment and archives the course instead of deleting it.
 */
async function findCourse(db: Db, courseType: CourseType, courseId: number) {
  const table = courseType === 'program' ? 'programs' : 'workshops';
  await db
    .updateTable(table)
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', courseId)
    .execute();
  if (courseType === 'program') {
    const row = await db
      .selectFrom('programs')
      .select(['id', 'price', 'is_active'])
      .where('id', '=', courseId)
      .executeTakeFirst();
    return row ? { ...row, seatsFull: false, started: false } : undefined;
  }
  const row = await db
    .selectFrom('workshops')
    .select(['id', 'price', 'is_active', 'current_participants', 'max_participants', 'date'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  return row
    ? {
        ...row,
        seatsFull: row.current_participants >= row.max_participants,
        // Stored as ISO UTC text, so text order is time order.
        started: new Date(row.date).getTime() <= Date.now(),
      }
    : undefined;
}

/**
 * Gives the payment's student access to its course: the existing enrollment if it already gives
 * access, else an active one (new or reactivated) with a workshop seat taken by a conditional UPDATE.
 */
async function grantEnrollment(
  trx: Db,
  payment: Pick<PaymentRow, 'student_id' | 'course_type' | 'course_id'>,
  options: { refuseIfEnrolled?: boolean } = {},
): Promise<number> {
  const enrollments = createEnrollmentRepository(trx);
  const existing = await enrollments.findForCourse(payment.student_id, payment.course_type, payment.course_id);
  if (existing && existing.is_active && ACCESS_STATUSES.has(existing.status)) {
    if (options.refuseIfEnrolled) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
    return existing.id;
  }
  if (payment.course_type === 'workshop') await takeSeat(trx, payment.course_id);
  const now = nowIso();
  if (existing) {
    await enrollments.update(existing.id, { status: 'active', is_active: 1, updated_at: now });
    return existing.id;
  }
  return enrollments.insert({
    student_id: payment.student_id,
    course_type: payment.course_type,
    course_id: payment.course_id,
    status: 'active',
    is_active: 1,
    progress_percentage: 0,
    issue_description: '',
    admin_notes: '',
    is_urgent: 0,
    enrolled_at: now,
    updated_at: now,
  });
}

async function takeSeat(trx: Db, workshopId: number): Promise<void> {
  const result = await trx
    .updateTable('workshops')
    .set((eb) => ({ current_participants: eb('current_participants', '+', 1) }))
    .where('id', '=', workshopId)
    .whereRef('current_participants', '<', 'max_participants')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new BusinessError(SERVER_MESSAGES.workshopFull);
}

async function releaseSeat(trx: Db, workshopId: number): Promise<void> {
  await trx
    .updateTable('workshops')
    .set((eb) => ({ current_participants: eb('current_participants', '-', 1) }))
    .where('id', '=', workshopId)
    .where('current_participants', '>', 0)
    .execute();
}

/**
 * The one way a payment becomes completed, for students and administrators alike: the status moves
 * only if it is still what the caller read, and the enrollment is granted in the same transaction.
 * Answers the enrollment id, or null when another request changed the payment first.
 */
async function completeAndGrant(
  trx: Db,
  payment: PaymentRow,
  extra: Partial<Pick<PaymentRow, 'admin_notes' | 'is_urgent'>> = {},
): Promise<number | null> {
  const now = nowIso();
  // One UPDATE (and so one move between the trigger-kept totals) before the enrollment is touched:
  // every transaction locks payment totals before enrollment totals, so they cannot deadlock.
  const result = await trx
    .updateTable('payments')
    .set({ ...extra, status: 'completed', completed_at: now, updated_at: now, failure_reason: null })
    .where('id', '=', payment.id)
    .where('status', '=', payment.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
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

export function createEnrollmentService(db: Db) {
  async function paymentView(trx: Db, id: number): Promise<Payment> {
    const view = await createPaymentRepository(trx).findView(id);
    if (!view) throw notFound();
    return toPayment(view);
  }
  async function enrollmentView(trx: Db, id: number): Promise<Enrollment> {
    const view = await createEnrollmentRepository(trx).findView(id);
    if (!view) throw notFound();
    return toEnrollment(view);
  }

  return {
    /** POST /classroom/{programs|workshops}/{id}/payment/ — answers the payment and whether it is new. */
    async startPayment(student: UserRow, courseType: CourseType, courseId: number, input: StartInput) {
      try {
        return await inTransaction(db, async (trx) => {
          const course = await findCourse(trx, courseType, courseId);
          if (!course || !course.is_active) throw notFound();
          const enrollment = await createEnrollmentRepository(trx).findForCourse(student.id, courseType, courseId);
          if (enrollment && enrollment.is_active && ACCESS_STATUSES.has(enrollment.status)) {
            throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
          }
          // A workshop that has begun, or has no seat left, is refused before any payment exists
          // (and before a pending one is reused), so nobody fills in a card form for nothing.
          if (course.started) throw new BusinessError(SERVER_MESSAGES.workshopStarted);
          if (course.seatsFull) throw new BusinessError(SERVER_MESSAGES.workshopFull);
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
    async completePayment(student: UserRow, paymentId: number): Promise<PaymentCompletion> {
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
        if (existing && existing.is_active && ACCESS_STATUSES.has(existing.status)) {
          // A racing completion of this very payment may have just committed the enrollment.
          if ((await payments.findRow(paymentId))?.status === 'completed') return alreadyDone();
          // Otherwise paying twice for one course helps nobody: refuse, the payment stays pending.
          throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
        }
        const enrollmentId = await completeAndGrant(trx, payment);
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
    async resolvePayment(admin: UserRow, paymentId: number, input: Resolve): Promise<Payment> {
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
            (await completeAndGrant(trx, before, { admin_notes: after.admin_notes, is_urgent: after.is_urgent })) !==
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

    /** POST /api/admin/enrollments/{id}/resolve/ — is_active follows the status; workshop seats follow is_active. */
    async resolveEnrollment(admin: UserRow, enrollmentId: number, input: Resolve): Promise<Enrollment> {
      return inTransaction(db, async (trx) => {
        const enrollments = createEnrollmentRepository(trx);
        // Lock the row first (a write that moves no totals), then read it: concurrent resolves of one
        // enrollment run one after the other and each sees the other's result, so a seat is taken once.
        const locked = await trx
          .updateTable('enrollments')
          .set({ updated_at: nowIso() })
          .where('id', '=', enrollmentId)
          .executeTakeFirst();
        if (Number(locked.numUpdatedRows) === 0) throw notFound();
        const before = await enrollments.findRow(enrollmentId);
        if (!before) throw notFound();
        const wasActive = Boolean(before.is_active) && ACCESS_STATUSES.has(before.status);
        const willBeActive = ACCESS_STATUSES.has(input.status);
        if (before.course_type === 'workshop' && wasActive !== willBeActive) {
          if (willBeActive) await takeSeat(trx, before.course_id);
          else await releaseSeat(trx, before.course_id);
        }
        const after = {
          status: input.status,
          is_active: willBeActive ? 1 : 0,
          issue_description: input.issue_description,
          admin_notes: input.admin_notes,
          is_urgent: input.is_urgent ? 1 : 0,
          updated_at: nowIso(),
        };
        await enrollments.update(enrollmentId, after);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'resolve',
          entity: 'enrollment',
          entityId: enrollmentId,
          changes: diff(before, after),
        });
        return enrollmentView(trx, enrollmentId);
      });
    },

    async paymentsOf(student: UserRow): Promise<Payment[]> {
      return (await createPaymentRepository(db).listForStudent(student.id)).map(toPayment);
    },
    async enrollmentsOf(student: UserRow): Promise<Enrollment[]> {
      return (await createEnrollmentRepository(db).listForStudent(student.id)).map(toEnrollment);
    },
  };
}
export type EnrollmentService = ReturnType<typeof createEnrollmentService>;

/** {field: {from, to}} for the fields that changed, for the audit log. */
export function diff(before: object, after: object): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (key === 'updated_at') continue;
    if (old[key] !== value) out[key] = { from: old[key] ?? null, to: value };
  }
  return out;
}
