import type { Updateable } from 'kysely';
import type { CourseType } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { holdRow } from '../../platform/db/row-hold.ts';
import { pageOf, recordConditions, type RecordFilters } from '../../platform/db/record-filters.ts';
import { commonTermFirstPage, commonTermFirstPages } from '../../platform/db/common-term-pages.ts';
import { listPage } from '../../platform/db/record-lists.ts';
import type { Position } from '../../platform/lib/keyset.ts';
import { studentAndCourseColumns } from '../../platform/db/student-course-columns.ts';
import type { EnrollmentsTable, NewEnrollment } from '../../platform/db/schema.ts';

/** Enrollments with what the answer shows: the student and the course title. */
function selectEnrollments(db: Db) {
  return db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.student_id')
    .leftJoin('batches', 'batches.id', 'enrollments.batch_id')
    .selectAll('enrollments')
    .select(studentAndCourseColumns('enrollments'))
    .select(['batches.name as batch_name', 'batches.starts_on as batch_starts_on', 'batches.ends_on as batch_ends_on']);
}
export type EnrollmentView = Awaited<ReturnType<ReturnType<typeof selectEnrollments>['executeTakeFirstOrThrow']>>;

/** The first page of a term the students' sample expects thousands of students to match (common-term-pages.ts). */
const manyStudentsFirstPages = commonTermFirstPages('enrollment', selectEnrollments);

/** The filtered rows, joined with users (the search reads the student), for counting. */
function filtered(db: Db, filters: RecordFilters) {
  return db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.student_id')
    .where((eb) => eb.and(recordConditions('enrollments', 'enrolled_at', filters)));
}

export function createEnrollmentRepository(db: Db) {
  /** One page's query (read `limit` rows) from a keyset position or a small offset, newest first. */
  const pageQuery = (filters: RecordFilters, limit: number, position: Position) =>
    pageOf(selectEnrollments(db), 'enrollments', 'enrolled_at', filters, limit, position);
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
    /** Every enrollment in one course (a course's delete impact reads them). */
    listForCourse: (courseType: CourseType, courseId: number) =>
      selectEnrollments(db)
        .where('enrollments.course_type', '=', courseType)
        .where('enrollments.course_id', '=', courseId)
        .orderBy('enrollments.id')
        .execute(),
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
    /** One page of the admin list (read `limit` rows), newest first, and how many match (record-lists.ts). */
    list: (filters: RecordFilters, limit: number, position: Position) =>
      listPage(
        db,
        'enrollment',
        {
          filtered: (filters) => filtered(db, filters),
          pageQuery,
          manyStudentsPage: (filters, limit, position) =>
            commonTermFirstPage(manyStudentsFirstPages, db, filters, limit, position),
        },
        filters,
        limit,
        position,
      ),
    /** The next batch after `afterId`, in id order (exports stream batch by batch). */
    batchAfter: (filters: RecordFilters, afterId: number, limit: number) =>
      selectEnrollments(db)
        .where((eb) => eb.and(recordConditions('enrollments', 'enrolled_at', filters)))
        .where('enrollments.id', '>', afterId)
        .orderBy('enrollments.id')
        .limit(limit)
        .execute(),
    async remove(id: number): Promise<void> {
      await db.deleteFrom('enrollments').where('id', '=', id).execute();
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
