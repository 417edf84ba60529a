import type { z } from 'zod';
import {
  DELIVERY_MESSAGES,
  INSTALMENT_MESSAGES,
  TEACHING_MESSAGES,
  type Batch,
  type BatchInput,
  type BatchPatch,
  type CourseType,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { BatchRow, EnrollmentRow, PaymentRow } from '../../platform/db/schema.ts';
import { createBatchRepository } from './repository.ts';
import { setEnrollmentBatch } from '../enrollments/index.ts';
import { findUserById } from '../accounts/index.ts';
import { BusinessError, notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { istToday } from '../../../contract/time.ts';

/**
 * The batch (cohort) rules: which batch a payment may be for, the seat a completed payment takes (in the
 * completing transaction, by a conditional UPDATE, so seats_taken never passes seats), seats following
 * access, and the administrator's writes. Decision record 044.
 */

export function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    course: row.course_id,
    name: row.name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    seats: row.seats,
    seats_taken: row.seats_taken,
    seats_left: Math.max(0, row.seats - row.seats_taken),
    mode: row.mode,
    location: row.location,
    instructor: row.instructor_id,
    is_open: row.is_open === 1,
  };
}

/**
 * The batch a payment for this course is for: required (400 `{"batch": [...]}`) when the program has an
 * open batch; refused (400 `{error}`) when closed, ended or full. Called before any payment or gateway
 * order exists. Answers null for workshops and for programs without open batches when none was named.
 */
export async function chooseBatch(
  trx: Db,
  courseType: CourseType,
  courseId: number,
  batchId: number | null | undefined,
): Promise<number | null> {
  if (courseType !== 'program') return null;
  const batches = createBatchRepository(trx);
  if (batchId === null || batchId === undefined) {
    const open = await batches.listOpen(courseId, istToday());
    if (open.length > 0) throw new ValidationFailed({ batch: [DELIVERY_MESSAGES.batchRequired] });
    return null;
  }
  const batch = await batches.findById(batchId);
  if (!batch || batch.course_id !== courseId) {
    throw new ValidationFailed({ batch: [DELIVERY_MESSAGES.batchOfOtherProgram] });
  }
  if (!batch.is_open) throw new BusinessError(DELIVERY_MESSAGES.batchClosed);
  if (batch.ends_on < istToday()) throw new BusinessError(DELIVERY_MESSAGES.batchEnded);
  if (batch.seats_taken >= batch.seats) throw new BusinessError(DELIVERY_MESSAGES.batchFull);
  return batch.id;
}

/**
 * The refusals of a paid student's place: no seat left, the batch closed or ended since the checkout, or
 * (an instalment) the enrollment was cancelled or refunded meanwhile.
 */
const PLACE_REFUSALS = new Set<string>([
  INSTALMENT_MESSAGES.enrollmentEnded,
  DELIVERY_MESSAGES.batchFull,
  DELIVERY_MESSAGES.batchClosed,
  DELIVERY_MESSAGES.batchEnded,
]);

/** Whether an error refuses a paid student a place (the office must place or refund them: flagged). */
export const isSeatRefusal = (error: unknown, workshopFull: string): boolean =>
  error instanceof BusinessError && (error.error === workshopFull || PLACE_REFUSALS.has(error.error));

async function takeBatchSeat(trx: Db, batchId: number): Promise<void> {
  if (!(await createBatchRepository(trx).takeSeat(batchId))) throw new BusinessError(DELIVERY_MESSAGES.batchFull);
}

/**
 * A payment's enrollment has just been given access: it joins the batch the payment was for (taking a
 * seat, or refusing with "batch full" so the whole completion rolls back), in the caller's transaction.
 */
export async function joinPaidBatch(
  trx: Db,
  enrollmentId: number,
  payment: Partial<Pick<PaymentRow, 'batch_id' | 'course_type'>>,
): Promise<void> {
  if (payment.course_type !== 'program' || !payment.batch_id) return;
  // Checked again at completion (issue 32): the batch may have closed or ended since the checkout.
  const batch = await createBatchRepository(trx).findById(payment.batch_id);
  if (batch && !batch.is_open) throw new BusinessError(DELIVERY_MESSAGES.batchClosed);
  if (batch && batch.ends_on < istToday()) throw new BusinessError(DELIVERY_MESSAGES.batchEnded);
  await takeBatchSeat(trx, payment.batch_id);
  await setEnrollmentBatch(trx, enrollmentId, payment.batch_id);
}

/** An enrollment's access changes: its batch seat follows (given back on revoke, taken on reinstatement). */
export async function batchSeatFollowsAccess(
  trx: Db,
  enrollment: Pick<EnrollmentRow, 'batch_id'>,
  hadAccess: boolean,
  willHaveAccess: boolean,
): Promise<void> {
  if (!enrollment.batch_id || hadAccess === willHaveAccess) return;
  if (willHaveAccess) await takeBatchSeat(trx, enrollment.batch_id);
  else await createBatchRepository(trx).releaseSeat(enrollment.batch_id);
}

/**
 * An administrator moves an enrollment to another batch of the same program with a seat left: the new
 * seat is taken and the old one given back in one transaction. Answers the before and after batch ids.
 */
export async function moveEnrollment(
  trx: Db,
  enrollment: EnrollmentRow,
  batchId: number,
  hasAccess: boolean,
): Promise<{ from: number | null; to: number }> {
  if (enrollment.course_type !== 'program') throw new BusinessError(DELIVERY_MESSAGES.moveProgramOnly);
  const batches = createBatchRepository(trx);
  const target = await batches.findById(batchId);
  if (!target || target.course_id !== enrollment.course_id) {
    throw new ValidationFailed({ batch: [DELIVERY_MESSAGES.moveSameProgram] });
  }
  if (enrollment.batch_id === target.id) return { from: target.id, to: target.id };
  if (hasAccess) {
    await takeBatchSeat(trx, target.id);
    if (enrollment.batch_id) await batches.releaseSeat(enrollment.batch_id);
  }
  await setEnrollmentBatch(trx, enrollment.id, target.id, nowIso());
  return { from: enrollment.batch_id, to: target.id };
}

async function checkInstructor(trx: Db, instructor: number | null | undefined): Promise<void> {
  if (instructor === null || instructor === undefined) return;
  const user = await findUserById(trx, instructor);
  // Only they have the instructor area where a batch's attendance is taken (decision record 050).
  if (!user || (user.role !== 'instructor' && user.role !== 'admin')) {
    throw new ValidationFailed({ instructor: [TEACHING_MESSAGES.batchInstructorRole] });
  }
}

/** The administrator's batch writes (the routes add the audit rows). */
export const batchWrites = {
  async create(trx: Db, input: z.output<typeof BatchInput>): Promise<number> {
    if (!(await createBatchRepository(trx).program(input.course)))
      throw new ValidationFailed({ course: ['No program has this id.'] });
    await checkInstructor(trx, input.instructor);
    const now = nowIso();
    return createBatchRepository(trx).insert({
      course_id: input.course,
      name: input.name,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      seats: input.seats,
      mode: input.mode,
      location: input.location,
      instructor_id: input.instructor,
      is_open: input.is_open ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  },
  async update(trx: Db, before: BatchRow, input: z.output<typeof BatchPatch>): Promise<void> {
    await checkInstructor(trx, input.instructor);
    const starts = input.starts_on ?? before.starts_on;
    const ends = input.ends_on ?? before.ends_on;
    if (ends < starts) throw new ValidationFailed({ ends_on: ['The end date cannot be before the start date.'] });
    const fits = await createBatchRepository(trx).updateIfSeatsFit(before.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.starts_on !== undefined ? { starts_on: input.starts_on } : {}),
      ...(input.ends_on !== undefined ? { ends_on: input.ends_on } : {}),
      ...(input.seats !== undefined ? { seats: input.seats } : {}),
      ...(input.mode !== undefined ? { mode: input.mode } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.instructor !== undefined ? { instructor_id: input.instructor } : {}),
      ...(input.is_open !== undefined ? { is_open: input.is_open ? 1 : 0 } : {}),
      updated_at: nowIso(),
    });
    if (!fits) throw new ValidationFailed({ seats: [DELIVERY_MESSAGES.seatsBelowTaken(before.seats_taken)] });
  },
  async remove(trx: Db, id: number): Promise<void> {
    const batches = createBatchRepository(trx);
    if (!(await batches.findById(id))) throw notFound();
    if (await batches.hasEnrollments(id)) throw new BusinessError(DELIVERY_MESSAGES.batchHasEnrollments);
    await batches.remove(id);
  },
};
