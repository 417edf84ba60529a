import type { Updateable } from 'kysely';
import type { CourseType, Status } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { createStatsRepository } from './stats.ts';
import { STUDENT_AND_COURSE_COLUMNS } from './student-course-columns.ts';
import type { NewPayment, PaymentsTable } from '../db/schema.ts';
import type { AdminListFilters } from './enrollments.ts';

function selectPayments(db: Db) {
  return db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.student_id')
    .leftJoin('programs', (join) =>
      join.onRef('programs.id', '=', 'payments.course_id').on('payments.course_type', '=', 'program'),
    )
    .leftJoin('workshops', (join) =>
      join.onRef('workshops.id', '=', 'payments.course_id').on('payments.course_type', '=', 'workshop'),
    )
    .selectAll('payments')
    .select(STUDENT_AND_COURSE_COLUMNS);
}
export type PaymentView = Awaited<ReturnType<ReturnType<typeof selectPayments>['executeTakeFirstOrThrow']>>;

export function createPaymentRepository(db: Db) {
  return {
    findView: (id: number) => selectPayments(db).where('payments.id', '=', id).executeTakeFirst(),
    findRow: (id: number) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),
    findPending: (studentId: number, courseType: CourseType, courseId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('course_type', '=', courseType)
        .where('course_id', '=', courseId)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    listForStudent: (studentId: number) =>
      selectPayments(db)
        .where('payments.student_id', '=', studentId)
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc')
        .execute(),
    async insert(values: NewPayment): Promise<number> {
      const row = await db.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<PaymentsTable>): Promise<void> {
      await db.updateTable('payments').set(values).where('id', '=', id).execute();
    },
    /**
     * → completed, only if the status is still the one the caller read. The status test is in the UPDATE,
     * so of any number of racing changes exactly one sees a row change (PostgreSQL re-checks the condition
     * after the row lock; SQLite has one writer). Answers whether this call made the change.
     */
    async markCompletedIf(
      id: number,
      expected: Status,
      at: string,
      extra: Pick<Updateable<PaymentsTable>, 'admin_notes' | 'is_urgent'> = {},
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ ...extra, status: 'completed', completed_at: at, updated_at: at, failure_reason: null })
        .where('id', '=', id)
        .where('status', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** From the trigger-kept totals: constant time whatever the table size. */
    count: (filters: AdminListFilters) => createStatsRepository(db).countOf('payment', filters),
    page(filters: AdminListFilters, limit: number, offset: number) {
      let query = selectPayments(db);
      if (filters.status) query = query.where('payments.status', '=', filters.status);
      if (filters.is_urgent !== undefined) query = query.where('payments.is_urgent', '=', filters.is_urgent ? 1 : 0);
      return query
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async hasAnyForCourse(courseType: CourseType, courseId: number): Promise<boolean> {
      const row = await db
        .selectFrom('payments')
        .select('id')
        .where('course_type', '=', courseType)
        .where('course_id', '=', courseId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
