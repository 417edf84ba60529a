import type { Updateable } from 'kysely';
import type { CourseType, Status } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { createStatsRepository } from './stats.ts';
import { countableFromTotals, recordConditions, type RecordFilters } from './record-filters.ts';
import { STUDENT_AND_COURSE_COLUMNS } from './student-course-columns.ts';
import type { NewPayment, PaymentsTable } from '../db/schema.ts';

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
    .leftJoin('tax_documents as invoice', (join) =>
      join.onRef('invoice.payment_id', '=', 'payments.id').on('invoice.kind', '=', 'invoice'),
    )
    .selectAll('payments')
    .select(STUDENT_AND_COURSE_COLUMNS)
    .select('invoice.number as invoice_number');
}
export type PaymentView = Awaited<ReturnType<ReturnType<typeof selectPayments>['executeTakeFirstOrThrow']>>;

/** The filtered rows, joined with users (the search reads the student), for counting. */
function filtered(db: Db, filters: RecordFilters) {
  return db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.student_id')
    .where((eb) => eb.and(recordConditions('payments', 'created_at', filters)));
}

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
    /**
     * How many match: from the trigger-kept totals (constant time) when only status and urgency filter,
     * else counted.
     */
    async count(filters: RecordFilters): Promise<number> {
      if (countableFromTotals(filters)) return createStatsRepository(db).countOf('payment', filters);
      const row = await filtered(db, filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: (filters: RecordFilters, limit: number, offset: number) =>
      selectPayments(db)
        .where((eb) => eb.and(recordConditions('payments', 'created_at', filters)))
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    /** The next batch after `afterId`, in id order (exports stream batch by batch). */
    batchAfter: (filters: RecordFilters, afterId: number, limit: number) =>
      selectPayments(db)
        .where((eb) => eb.and(recordConditions('payments', 'created_at', filters)))
        .where('payments.id', '>', afterId)
        .orderBy('payments.id')
        .limit(limit)
        .execute(),
    /** True when the student paid for the course (a payment completed at some time, whatever its status now). */
    async hasCompleted(studentId: number, courseType: CourseType, courseId: number): Promise<boolean> {
      const row = await db
        .selectFrom('payments')
        .select('id')
        .where('student_id', '=', studentId)
        .where('course_type', '=', courseType)
        .where('course_id', '=', courseId)
        .where('completed_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Deletes the payment only if it never completed (the condition is part of the DELETE). */
    async removeIfNeverCompleted(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('payments')
        .where('id', '=', id)
        .where('status', '!=', 'completed')
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
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
