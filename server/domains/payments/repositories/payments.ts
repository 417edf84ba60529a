import { PostgresAdapter, type Updateable } from 'kysely';
import type { CourseType, FailureReason, PaymentStatus } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { pageOf, recordConditions, type RecordFilters } from '../../../platform/db/record-filters.ts';
import { listPage, type ListReads } from '../../../platform/db/record-lists.ts';
import type { Position } from '../../../platform/lib/keyset.ts';
import { searchOnly } from '../../../platform/db/record-counts.ts';
import { commonTermFirstPage } from '../../../platform/db/common-term-pages.ts';
import {
  selectPaymentAnswers,
  type PaymentAnswerRow,
  selectPayments,
  manyStudentsFirstPages,
  studentsFirstPage,
  unfiltered,
  unfilteredPage,
} from './payment-answers.ts';
import type { NewPayment, PaymentsTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/** The filtered rows, joined with users (the search reads the student), for counting. */
function filtered(db: Db, filters: RecordFilters) {
  return db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.student_id')
    .where((eb) => eb.and(recordConditions('payments', 'created_at', filters)));
}

export function createPaymentRepository(db: Db) {
  /** One page's query (read `limit` rows) from a keyset position or a small offset, newest first. */
  const pageQuery = (filters: RecordFilters, limit: number, position: Position) =>
    pageOf(selectPaymentAnswers(db), 'payments', 'created_at', filters, limit, position);
  /** The first page of a search alone: the pages the compiled search queries read. */
  const firstSearchPage = (filters: RecordFilters, position: Position): filters is RecordFilters & { search: string } =>
    'offset' in position && !position.offset && searchOnly(filters);
  const reads: ListReads<PaymentAnswerRow> = {
    filtered: (filters) => filtered(db, filters),
    pageQuery,
    /**
     * The unfiltered list's pages past the first by offset with their count, compiled once (the first page
     * and the cursor pages take the lists' one plan, record-lists.ts).
     */
    countedPage: (filters, limit, position) =>
      'offset' in position && position.offset && unfiltered(filters)
        ? unfilteredPage(db, { limit, offset: position.offset })
        : undefined,
    /** A search's first page by its students, compiled once. */
    page: (filters, limit, position) => {
      const ids = filters.students?.ids;
      if (ids && firstSearchPage(filters, position)) {
        const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
        return studentsFirstPage(db, { ids: postgres ? ids : JSON.stringify(ids), limit });
      }
      return undefined;
    },
    manyStudentsPage: (filters, limit, position) =>
      commonTermFirstPage(manyStudentsFirstPages, db, filters, limit, position),
  };
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
        // An instalment's payment (decision record 054) is not the course's payment.
        .where('instalment_id', 'is', null)
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
      expected: PaymentStatus,
      at: string,
      extra: Pick<Updateable<PaymentsTable>, 'admin_notes' | 'is_urgent' | 'gateway_payment_id'> = {},
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ ...extra, status: 'completed', completed_at: at, updated_at: at, failure_reason: null })
        .where('id', '=', id)
        .where('status', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    findByGatewayPaymentId: (gatewayPaymentId: string) =>
      db.selectFrom('payments').selectAll().where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst(),
    findByOrderId: (orderId: string) =>
      db.selectFrom('payments').selectAll().where('gateway_order_id', '=', orderId).executeTakeFirst(),
    /** The student's latest failed payment for a course (a retry reopens it instead of starting another). */
    findLatestFailed: (studentId: number, courseType: CourseType, courseId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('course_type', '=', courseType)
        .where('course_id', '=', courseId)
        .where('status', '=', 'failed')
        .where('gateway_order_id', 'is not', null)
        .where('instalment_id', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    /** failed → pending, only if still failed (the unique pending index refuses a second pending one). */
    async reopenIfFailed(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status: 'pending', updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Claims the creation of the payment's gateway order with `claim` (a token of the caller's): only one
     * request at a time may create it, so a pending payment never gets two orders. A claim older than
     * `staleBefore` (a crashed request) lapses. A re-price clears the claim (`unpriced`).
     */
    async claimOrder(id: number, claim: string, at: string, staleBefore: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ order_claimed_at: at, order_claim: claim })
        .where('id', '=', id)
        .where('gateway_order_id', 'is', null)
        .where((eb) => eb.or([eb('order_claimed_at', 'is', null), eb('order_claimed_at', '<', staleBefore)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async releaseOrderClaim(id: number, claim: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ order_claimed_at: null, order_claim: null })
        .where('id', '=', id)
        .where('order_claim', '=', claim)
        .execute();
    },
    /**
     * Stores the order (compare-and-set, decision record 062): only while the caller still holds `claim`
     * and the payment is pending at the price the order was made for. Answers whether it was stored.
     */
    async setOrder(
      id: number,
      orderId: string,
      made: { claim: string; amount: number; totalPaise: number | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ gateway_order_id: orderId, order_claimed_at: null, order_claim: null, updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('gateway_order_id', 'is', null)
        .where('order_claim', '=', made.claim)
        .where('amount', '=', made.amount)
        .where((eb) =>
          made.totalPaise === null ? eb('total_paise', 'is', null) : eb('total_paise', '=', made.totalPaise),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** pending → failed with the gateway's reason, only if still pending (a capture may have won). */
    async markFailedIfPending(id: number, reason: FailureReason, at: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status: 'failed', failure_reason: reason, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Pending payments holding a coupon's use, last changed before `before` (expired holds: payment-holds.ts). */
    listHoldingCouponBefore: async (before: string): Promise<number[]> =>
      (
        await db
          .selectFrom('payments')
          .select('id')
          .where('status', '=', 'pending')
          .where('coupon_id', 'is not', null)
          .where('updated_at', '<', before)
          .orderBy('id')
          .limit(500)
          .execute()
      ).map((row) => row.id),
    /** Pending payments created before `before`, oldest first (reconciliation). */
    listPendingBefore: (before: string) =>
      selectPayments(db)
        .where('payments.status', '=', 'pending')
        .where('payments.created_at', '<', before)
        .orderBy('payments.created_at', 'asc')
        .orderBy('payments.id', 'asc')
        .limit(500)
        .execute(),
    /** Holds the payment row until the transaction ends (refunds of one payment run one at a time). */
    async hold(id: number): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** One page of the admin list (read `limit` rows), newest first, and how many match (record-lists.ts). */
    list: (filters: RecordFilters, limit: number, position: Position) =>
      listPage(db, 'payment', reads, filters, limit, position),
    /** A page of the export: the list's columns, and the instalment plan and number a payment paid (054). */
    batchAfter: (filters: RecordFilters, afterId: number, limit: number) =>
      selectPayments(db)
        .leftJoin('instalments as paid_instalment', 'paid_instalment.id', 'payments.instalment_id')
        .leftJoin('instalment_plans as chosen_plan', 'chosen_plan.id', 'payments.plan_id')
        .leftJoin('instalment_plans as instalment_plan', 'instalment_plan.id', 'paid_instalment.plan_id')
        .select([
          'chosen_plan.name as chosen_plan_name',
          'instalment_plan.name as instalment_plan_name',
          'paid_instalment.number as instalment_number',
        ])
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
