import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import { compiledOnce, slot } from '../../../platform/db/compiled-once.ts';
import type { RecordFilters } from '../../../platform/db/record-filters.ts';
import { totalsCountQuery } from '../../../platform/db/record-counts.ts';
import { commonTermFirstPages } from '../../../platform/db/common-term-pages.ts';
import { INVOICE_NUMBER, PLAN_COLUMNS, studentAndCourseColumns } from '../../../platform/db/student-course-columns.ts';

/** What the payment answers read (the admin list, a student's payments, one payment), and the hot pages. */

/** The tables a payment answer reads: the payment and its student (course titles and invoice: subqueries). */
function fromPayments(db: Db) {
  return db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.student_id');
}

/** A payment with everything about it (its billing details too). */
export function selectPayments(db: Db) {
  return fromPayments(db)
    .selectAll('payments')
    .select(studentAndCourseColumns('payments'))
    .select(PLAN_COLUMNS)
    .select(INVOICE_NUMBER);
}

/**
 * What a payment answer shows (../present.ts, toPayment) and nothing more: the admin list reads 50
 * at a time, and every column read costs (a page of all 26 payment columns took a third longer).
 */
export function selectPaymentAnswers(db: Db) {
  return fromPayments(db)
    .select([
      'payments.id',
      'payments.student_id',
      'payments.course_id',
      'payments.course_type',
      'payments.status',
      'payments.amount',
      'payments.refunded_amount',
      'payments.refunded_paise',
      'payments.payment_method',
      'payments.created_at',
      'payments.completed_at',
      'payments.failure_reason',
      'payments.admin_notes',
      'payments.is_urgent',
      'payments.total_paise',
      'payments.billing_state_code',
      'payments.billing_gstin',
      'payments.discount_paise',
      'payments.coupon_code',
      'payments.gateway_payment_id',
      'payments.instalment_id',
    ])
    .select(studentAndCourseColumns('payments'))
    .select(PLAN_COLUMNS)
    .select(INVOICE_NUMBER);
}
export type PaymentAnswerRow = Awaited<ReturnType<ReturnType<typeof selectPaymentAnswers>['executeTakeFirstOrThrow']>>;

/**
 * The admin list's unfiltered page (its first page is what the Payments tab opens on) with the count of all
 * payments (the kept totals) as a column: compiled once.
 */
export const unfilteredPage = compiledOnce<
  PaymentAnswerRow & { kept_count: unknown },
  { limit: number; offset: number }
>((db) =>
  selectPaymentAnswers(db)
    .select(totalsCountQuery(db, 'payment', {}).as('kept_count'))
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(slot<number>('limit'))
    .offset(slot<number>('offset')),
);
export const unfiltered = (filters: RecordFilters) => Object.values(filters).every((value) => value === undefined);

/**
 * The first page of a search that found its students by id (the search's usual case): compiled once, the
 * ids one array parameter, so PostgreSQL plans it once per connection (a named statement). SQLite reads
 * the array as JSON.
 */
export const studentsFirstPage = compiledOnce<PaymentAnswerRow, { ids: string | number[]; limit: number }>((db) =>
  selectPaymentAnswers(db)
    .where(
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql<SqlBool>`payments.student_id = any(${slot('ids')}::integer[])`
        : sql<SqlBool>`payments.student_id in (select value from json_each(${slot('ids')}))`,
    )
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(slot<number>('limit')),
);

/** The first page of a search the students' sample expects thousands of students to match (common-term-pages.ts). */
export const manyStudentsFirstPages = commonTermFirstPages('payment', selectPaymentAnswers);
