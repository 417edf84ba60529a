import type { Db } from '../../../platform/db/connect.ts';

/** The reads the course access rules decide on (services/course-access.ts). */
export function createCourseAccessRepository(db: Db) {
  return {
    programEnrollment: (studentId: number, programId: number) =>
      db
        .selectFrom('enrollments')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('course_type', '=', 'program')
        .where('course_id', '=', programId)
        .executeTakeFirst(),
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
