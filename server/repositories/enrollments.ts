import type { Updateable } from 'kysely';
import type { CourseType, Status } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { holdRow } from './row-hold.ts';
import { createStatsRepository } from './stats.ts';
import { STUDENT_AND_COURSE_COLUMNS } from './student-course-columns.ts';
import type { EnrollmentsTable, NewEnrollment } from '../db/schema.ts';

export type AdminListFilters = { status?: Status; is_urgent?: boolean };

/** Enrollments with what the answer shows: the student and the course title. */
function selectEnrollments(db: Db) {
  return db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.student_id')
    .leftJoin('programs', (join) =>
      join.onRef('programs.id', '=', 'enrollments.course_id').on('enrollments.course_type', '=', 'program'),
    )
    .leftJoin('workshops', (join) =>
      join.onRef('workshops.id', '=', 'enrollments.course_id').on('enrollments.course_type', '=', 'workshop'),
    )
    .selectAll('enrollments')
    .select(STUDENT_AND_COURSE_COLUMNS);
}
export type EnrollmentView = Awaited<ReturnType<ReturnType<typeof selectEnrollments>['executeTakeFirstOrThrow']>>;

export function createEnrollmentRepository(db: Db) {
  return {
    findView: (id: number) => selectEnrollments(db).where('enrollments.id', '=', id).executeTakeFirst(),
    /** Holds the enrollment row until the transaction ends (see holdRow); false when there is none. */
    hold: (id: number) => holdRow(db, 'enrollments', id),
    findRow: (id: number) => db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst(),
    findForCourse: (studentId: number, courseType: CourseType, courseId: number) =>
      db
        .selectFrom('enrollments')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('course_type', '=', courseType)
        .where('course_id', '=', courseId)
        .executeTakeFirst(),
    listForStudent: (studentId: number) =>
      selectEnrollments(db)
        .where('enrollments.student_id', '=', studentId)
        .orderBy('enrollments.enrolled_at', 'desc')
        .orderBy('enrollments.id', 'desc')
        .execute(),
    async insert(values: NewEnrollment): Promise<number> {
      const row = await db.insertInto('enrollments').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<EnrollmentsTable>): Promise<void> {
      await db.updateTable('enrollments').set(values).where('id', '=', id).execute();
    },
    /** From the trigger-kept totals: constant time whatever the table size. */
    count: (filters: AdminListFilters) => createStatsRepository(db).countOf('enrollment', filters),
    page(filters: AdminListFilters, limit: number, offset: number) {
      let query = selectEnrollments(db);
      if (filters.status) query = query.where('enrollments.status', '=', filters.status);
      if (filters.is_urgent !== undefined) query = query.where('enrollments.is_urgent', '=', filters.is_urgent ? 1 : 0);
      return query
        .orderBy('enrollments.enrolled_at', 'desc')
        .orderBy('enrollments.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async hasAnyForCourse(courseType: CourseType, courseId: number): Promise<boolean> {
      const row = await db
        .selectFrom('enrollments')
        .select('id')
        .where('course_type', '=', courseType)
        .where('course_id', '=', courseId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type EnrollmentRepository = ReturnType<typeof createEnrollmentRepository>;
