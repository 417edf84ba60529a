import type { CourseType } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createEnrollmentRepository } from './repository.ts';

/** What other domains may use of this one beyond its service (decision record 076). */
export { toEnrollment } from './present.ts';

/** Whether anyone ever enrolled in this program or workshop (the catalogue archives it then, never deletes). */
export const enrollmentsExistForCourse = (db: Db, courseType: CourseType, courseId: number): Promise<boolean> =>
  createEnrollmentRepository(db).hasAnyForCourse(courseType, courseId);

/** Stores an enrollment's calendar-feed generation (a reset makes the older feed address answer 404). */
export const setCalendarGeneration = (db: Db, enrollmentId: number, generation: number): Promise<void> =>
  createEnrollmentRepository(db).update(enrollmentId, { calendar_generation: generation });

/** The student's enrollment in a course (in the caller's transaction when given one), or undefined. */
export const findEnrollmentForCourse = (db: Db, studentId: number, courseType: CourseType, courseId: number) =>
  createEnrollmentRepository(db).findForCourse(studentId, courseType, courseId);

/** Holds the enrollment's row until the caller's transaction ends; false when there is none. */
export const holdEnrollment = (db: Db, id: number): Promise<boolean> => createEnrollmentRepository(db).hold(id);

/** The enrollment's stored row, or undefined. */
export const findEnrollmentRow = (db: Db, id: number) => createEnrollmentRepository(db).findRow(id);

/** Ends the enrollment's access: cancelled and inactive from `at` (its seat and dues are the caller's to give back). */
export const cancelEnrollment = (db: Db, id: number, at: string): Promise<void> =>
  createEnrollmentRepository(db).update(id, { status: 'cancelled', is_active: 0, updated_at: at });

/** Puts the enrollment in a batch (its seat is the batches domain's to take); `at` also marks it changed. */
export const setEnrollmentBatch = (db: Db, enrollmentId: number, batchId: number, at?: string): Promise<void> =>
  createEnrollmentRepository(db).update(
    enrollmentId,
    at ? { batch_id: batchId, updated_at: at } : { batch_id: batchId },
  );

/*
 * The office's reads and removals (lists, exports, impact reads, the spec's Delete) go through these, not the
 * enrollments repository.
 */
type Enrollments = ReturnType<typeof createEnrollmentRepository>;
/** One page of the admin Enrollments list. */
export const listEnrollments = (db: Db, ...args: Parameters<Enrollments['list']>) =>
  createEnrollmentRepository(db).list(...args);
/** The next enrollments after an id, for an export read in batches. */
export const enrollmentsAfter = (db: Db, ...args: Parameters<Enrollments['batchAfter']>) =>
  createEnrollmentRepository(db).batchAfter(...args);
/** An enrollment with its student, course and batch, or undefined. */
export const findEnrollmentView = (db: Db, id: number) => createEnrollmentRepository(db).findView(id);
/** A student's enrollments with their courses and batches. */
export const enrollmentsOfStudent = (db: Db, studentId: number) =>
  createEnrollmentRepository(db).listForStudent(studentId);
/** A course's enrollments with their students and batches. */
export const enrollmentsOfCourse = (db: Db, courseType: CourseType, courseId: number) =>
  createEnrollmentRepository(db).listForCourse(courseType, courseId);
/** Deletes the enrollment's row (its seat, dues and audit row are the caller's). */
export const removeEnrollmentRow = (db: Db, id: number): Promise<void> => createEnrollmentRepository(db).remove(id);
