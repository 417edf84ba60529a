import type { z } from 'zod';
import { SERVER_MESSAGES, type Enrollment, ResolveInput } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { EnrollmentRow, PaymentRow, UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createEnrollmentRepository } from './repository.ts';
import { releaseWorkshopSeat, takeWorkshopSeat } from '../catalogue/index.ts';
import { diff } from '../../platform/lib/diff.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { toEnrollment } from './present.ts';
import { batchSeatFollowsAccess, joinPaidBatch } from '../batches/service.ts';

/**
 * The enrollment and seat rules: who has access to which course, and how workshop seats follow access.
 * Every change happens in the caller's transaction; the guards that matter under concurrency are
 * conditional UPDATEs (the seat count) and unique indexes, so they hold on SQLite and PostgreSQL alike.
 */

type Resolve = z.output<typeof ResolveInput>;

/** Statuses in which an enrollment gives access to its course (and holds a workshop seat). */
const ACCESS_STATUSES = new Set(['active', 'completed']);

/** Whether this enrollment gives its student access to the course. */
export function givesAccess(enrollment: Pick<EnrollmentRow, 'is_active' | 'status'> | undefined): boolean {
  return Boolean(enrollment && enrollment.is_active && ACCESS_STATUSES.has(enrollment.status));
}

/** Takes one workshop seat, or refuses with "workshop full" when none is left. */
async function takeSeat(trx: Db, workshopId: number): Promise<void> {
  if (!(await takeWorkshopSeat(trx, workshopId))) {
    throw new BusinessError(SERVER_MESSAGES.workshopFull);
  }
}

/**
 * Gives the payment's student access to its course: the existing enrollment if it already gives
 * access, else an active one (new or reactivated) with a workshop seat taken by a conditional UPDATE.
 * Answers the enrollment id.
 */
export async function grantEnrollment(
  trx: Db,
  payment: Pick<PaymentRow, 'student_id' | 'course_type' | 'course_id'> & Partial<Pick<PaymentRow, 'batch_id'>>,
  options: { refuseIfEnrolled?: boolean } = {},
): Promise<number> {
  const enrollments = createEnrollmentRepository(trx);
  const existing = await enrollments.findForCourse(payment.student_id, payment.course_type, payment.course_id);
  if (existing && givesAccess(existing)) {
    if (options.refuseIfEnrolled) throw new BusinessError(SERVER_MESSAGES.alreadyEnrolled);
    return existing.id;
  }
  if (payment.course_type === 'workshop') await takeSeat(trx, payment.course_id);
  const now = nowIso();
  if (existing) {
    // Its old batch seat went back when access ended; it joins the batch this payment is for.
    await enrollments.update(existing.id, { status: 'active', is_active: 1, updated_at: now, batch_id: null });
    await joinPaidBatch(trx, existing.id, payment);
    return existing.id;
  }
  const id = await enrollments.insert({
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
  await joinPaidBatch(trx, id, payment);
  return id;
}

/** The enrollment as the API answers it, or 404. */
export async function enrollmentView(trx: Db, id: number): Promise<Enrollment> {
  const view = await createEnrollmentRepository(trx).findView(id);
  if (!view) throw notFound();
  return toEnrollment(view);
}

export function createEnrollmentService(db: Db) {
  return {
    /** POST /api/admin/enrollments/{id}/resolve/ — is_active follows the status; workshop seats follow is_active. */
    async resolve(admin: UserRow, enrollmentId: number, input: Resolve): Promise<Enrollment> {
      return inTransaction(db, async (trx) => {
        const enrollments = createEnrollmentRepository(trx);
        // Hold the row first, then read it: concurrent resolves of one enrollment run one after the
        // other and each sees the other's result, so a seat is taken once.
        if (!(await enrollments.hold(enrollmentId))) throw notFound();
        const before = await enrollments.findRow(enrollmentId);
        if (!before) throw notFound();
        const wasActive = givesAccess(before);
        const willBeActive = ACCESS_STATUSES.has(input.status);
        if (before.course_type === 'workshop' && wasActive !== willBeActive) {
          if (willBeActive) await takeSeat(trx, before.course_id);
          else await releaseWorkshopSeat(trx, before.course_id);
        }
        await batchSeatFollowsAccess(trx, before, wasActive, willBeActive);
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

    /** The student's own enrollments, newest first. */
    async listForStudent(student: UserRow): Promise<Enrollment[]> {
      return (await createEnrollmentRepository(db).listForStudent(student.id)).map(toEnrollment);
    },
  };
}
export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
