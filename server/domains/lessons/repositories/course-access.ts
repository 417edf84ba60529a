import type { Db } from '../../../platform/db/connect.ts';
import { compiledOnce, slot } from '../../../platform/db/compiled-once.ts';
import type { EnrollmentRow } from '../../../platform/db/schema.ts';

/** A student's enrollment in a program: read by every classroom request of a program, so compiled once. */
const programEnrollment = compiledOnce<EnrollmentRow, { student: number; program: number }>((db) =>
  db
    .selectFrom('enrollments')
    .selectAll()
    .where('student_id', '=', slot<number>('student'))
    .where('course_type', '=', 'program')
    .where('course_id', '=', slot<number>('program')),
);

/** The reads the course access rules decide on (services/course-access.ts). */
export function createCourseAccessRepository(db: Db) {
  return {
    programEnrollment: async (studentId: number, programId: number): Promise<EnrollmentRow | undefined> =>
      (await programEnrollment(db, { student: studentId, program: programId }))[0],
    enrollment: (id: number) => db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst(),
    async teachesProgram(userId: number, programId: number): Promise<boolean> {
      const row = await db
        .selectFrom('batches')
        .select('id')
        .where('instructor_id', '=', userId)
        .where('course_id', '=', programId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
