import type { AdminStats, IssueSummary, Status } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { TotalsTable } from '../db/schema.ts';

/**
 * Admin totals. Payments, enrollments and users are counted from the trigger-kept totals table
 * (migration 002): a handful of rows, whatever the size of the tables. Programs, workshops and
 * faculty are small catalogue tables and are counted directly.
 */
export function createStatsRepository(db: Db) {
  const countOf = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  const totals = () => db.selectFrom('totals').selectAll().execute();
  return {
    async adminStats(): Promise<AdminStats> {
      const [rows, programs, faculty, workshops] = await Promise.all([
        totals(),
        countOf(
          db
            .selectFrom('programs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('is_active', '=', 1)
            .executeTakeFirst(),
        ),
        countOf(
          db
            .selectFrom('faculty')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst(),
        ),
        countOf(
          db
            .selectFrom('workshops')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('is_active', '=', 1)
            .executeTakeFirst(),
        ),
      ]);
      const sum = (match: (r: TotalsTable) => boolean, field: 'n' | 'amount') =>
        rows.filter(match).reduce((total, r) => total + Number(r[field]), 0);
      return {
        total_students: sum((r) => r.entity === 'user' && r.status === 'student', 'n'),
        total_programs: programs,
        total_faculty: faculty,
        total_workshops: workshops,
        total_revenue: sum((r) => r.entity === 'payment' && r.status === 'completed', 'amount'),
      };
    },
    async issueSummary(): Promise<IssueSummary> {
      const rows = await totals();
      const count = (match: (r: TotalsTable) => boolean) =>
        rows.filter(match).reduce((total, r) => total + Number(r.n), 0);
      const isPayment = (r: TotalsTable) => r.entity === 'payment';
      const isEnrollment = (r: TotalsTable) => r.entity === 'enrollment';
      const failedPayment = (r: TotalsTable) => isPayment(r) && r.status === 'failed';
      const pendingEnrollment = (r: TotalsTable) =>
        isEnrollment(r) && (r.status === 'pending' || r.status === 'on_hold');
      const failedPayments = count(failedPayment);
      const pendingEnrollments = count(pendingEnrollment);
      // Urgent items not already counted above.
      const otherUrgent = count(
        (r) => r.is_urgent === 1 && (isPayment(r) || isEnrollment(r)) && !failedPayment(r) && !pendingEnrollment(r),
      );
      return {
        failed_payments: failedPayments,
        pending_enrollments: pendingEnrollments,
        total_issues: failedPayments + pendingEnrollments + otherUrgent,
      };
    },
    /** How many payments or enrollments match the admin list filters. */
    async countOf(
      entity: 'payment' | 'enrollment',
      filters: { status?: Status; is_urgent?: boolean },
    ): Promise<number> {
      let query = db
        .selectFrom('totals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
        .where('entity', '=', entity);
      if (filters.status) query = query.where('status', '=', filters.status);
      if (filters.is_urgent !== undefined) query = query.where('is_urgent', '=', filters.is_urgent ? 1 : 0);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
  };
}
