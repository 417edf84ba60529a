import type { CourseType } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { NewPayment } from '../../platform/db/schema.ts';
import { createPaymentRepository } from './repositories/payments.ts';

/** What other domains may use of this one beyond its service (decision record 076). */
export { toPayment } from './present.ts';

/** Whether any payment was ever started for this program or workshop (the catalogue archives it then). */
export const paymentsExistForCourse = (db: Db, courseType: CourseType, courseId: number): Promise<boolean> =>
  createPaymentRepository(db).hasAnyForCourse(courseType, courseId);

/** The payment's stored row (in the caller's transaction when given one), or undefined. */
export const findPaymentRow = (db: Db, id: number) => createPaymentRepository(db).findRow(id);

/*
 * The office's reads and removals (lists, exports, impact reads, the spec's Delete) go through these, not the
 * payments repository.
 */
type Payments = ReturnType<typeof createPaymentRepository>;
/** One page of the admin Payments list. */
export const listPayments = (db: Db, ...args: Parameters<Payments['list']>) =>
  createPaymentRepository(db).list(...args);
/** The next payments after an id, for an export read in batches. */
export const paymentsAfter = (db: Db, ...args: Parameters<Payments['batchAfter']>) =>
  createPaymentRepository(db).batchAfter(...args);
/** Whether the student has a completed payment for the course (an enrollment with money behind it). */
export const hasCompletedPayment = (db: Db, studentId: number, courseType: CourseType, courseId: number) =>
  createPaymentRepository(db).hasCompleted(studentId, courseType, courseId);
/** Deletes the payment when it never completed; false when it did (then it stays). */
export const removePaymentIfNeverCompleted = (db: Db, id: number): Promise<boolean> =>
  createPaymentRepository(db).removeIfNeverCompleted(id);

/*
 * Instalments (pricing) open a later instalment's pending payment, link a first payment to the schedule it
 * made, and hold a payment while its due-date invoice is issued, through these.
 */
/** Holds the payment's row until the caller's transaction ends; false when there is none. */
export const holdPayment = (db: Db, id: number): Promise<boolean> => createPaymentRepository(db).hold(id);
/** Records which instalment a payment paid (the first of a schedule made by its completion). */
export const linkPaymentToInstalment = (db: Db, paymentId: number, instalmentId: number): Promise<void> =>
  createPaymentRepository(db).update(paymentId, { instalment_id: instalmentId });
/** Makes a failed payment pending again (a student retrying it); false when it was not failed. */
export const reopenPaymentIfFailed = (db: Db, id: number, at: string): Promise<boolean> =>
  createPaymentRepository(db).reopenIfFailed(id, at);
/** Writes a new pending payment of an instalment; answers its id (the instalment's unique index refuses a second). */
export const insertInstalmentPayment = (
  db: Db,
  values: NewPayment & { status: 'pending'; instalment_id: number },
): Promise<number> => createPaymentRepository(db).insert(values);
