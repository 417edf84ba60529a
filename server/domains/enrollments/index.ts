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

/** Puts the enrollment in a batch (its seat is the batches domain's to take); `at` also marks it changed. */
export const setEnrollmentBatch = (db: Db, enrollmentId: number, batchId: number, at?: string): Promise<void> =>
  createEnrollmentRepository(db).update(
    enrollmentId,
    at ? { batch_id: batchId, updated_at: at } : { batch_id: batchId },
  );
