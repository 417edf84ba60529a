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
