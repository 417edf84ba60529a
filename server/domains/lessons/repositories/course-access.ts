import type { Db } from '../../../platform/db/connect.ts';
import { compiledOnce, slot } from '../../../platform/db/compiled-once.ts';
import type { EnrollmentRow } from '../../../platform/db/schema.ts';
import type { PausingRule } from '../../../platform/db/subquery-rules.ts';

/**
 * A student's enrollment in a program, with whether an unpaid instalment pauses it, in one statement: every
 * classroom request of a program reads both, and a statement less is a round trip less. Pricing's rule of a
 * paused enrollment (decision record 054) is its subquery, given by the service (a repository imports no other
 * domain). Answers the enrollment with `paused` (true or 1 on PostgreSQL or SQLite), or undefined.
 */
export function programAccessRead(pausing: PausingRule) {
  const programAccess = compiledOnce<EnrollmentRow & { paused: unknown }, { student: number; program: number }>((db) =>
    db
      .selectFrom('enrollments')
      .selectAll('enrollments')
      .select((eb) => eb.exists(pausing(db, eb.ref('enrollments.id')).select('instalments.id')).as('paused'))
      .where('student_id', '=', slot<number>('student'))
      .where('course_type', '=', 'program')
      .where('course_id', '=', slot<number>('program')),
  );
  return async (db: Db, studentId: number, programId: number) =>
    (await programAccess(db, { student: studentId, program: programId }))[0];
}

/** The reads the course access rules decide on (services/course-access.ts). */
export function createCourseAccessRepository(db: Db) {
  return {
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
