import { sql } from 'kysely';
import { netPaise, paiseToRupees, type AdminStats, type IssueSummary } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { TotalsTable } from '../../../platform/db/schema.ts';
import { compiledOnce } from '../../../platform/db/compiled-once.ts';

/** The admin dashboard's and the admin lists' counts are read on every visit: compiled once. */
const allTotals = compiledOnce<TotalsTable, Record<string, never>>((db) => db.selectFrom('totals').selectAll());
type Count = { n: number | string | bigint | null };
/** Every program and workshop the admin Programs and Workshops tabs list, active or archived (decision 047). */
const allPrograms = compiledOnce<Count, Record<string, never>>((db) =>
  db.selectFrom('programs').select((eb) => eb.fn.countAll<number>().as('n')),
);
type Revenue = { gross: Count['n']; refunded: Count['n']; discount_paise: Count['n'] };
/** Completed payments less discounts less refunds, from the revenue totals kept by triggers (migrations 010, 027). */
const netRevenue = compiledOnce<Revenue, Record<string, never>>((db) =>
  db
    .selectFrom('revenue_totals')
    .select([
      sql<number>`coalesce(sum(gross), 0)`.as('gross'),
      sql<number>`coalesce(sum(refunded), 0)`.as('refunded'),
      sql<number>`coalesce(sum(discount_paise), 0)`.as('discount_paise'),
    ])
    .where('grain', '=', 'all'),
);
const allFaculty = compiledOnce<Count, Record<string, never>>((db) =>
  db.selectFrom('faculty').select((eb) => eb.fn.countAll<number>().as('n')),
);
const allWorkshops = compiledOnce<Count, Record<string, never>>((db) =>
  db.selectFrom('workshops').select((eb) => eb.fn.countAll<number>().as('n')),
);
const NONE = {};

/**
 * Admin totals. Payments, enrollments and users are counted from the trigger-kept totals table
 * (migration 002): a handful of rows, whatever the size of the tables. Programs, workshops and
 * faculty are small catalogue tables and are counted directly; revenue is net of discounts and refunds
 * (migrations 010 and 027, decision record 066).
 */
export function createStatsRepository(db: Db) {
  const countOf = async (query: Promise<Count[]>) => Number((await query)[0]?.n ?? 0);
  const totals = () => allTotals(db, NONE);
  return {
    async adminStats(): Promise<AdminStats> {
      const [rows, programs, faculty, workshops, revenue] = await Promise.all([
        totals(),
        countOf(allPrograms(db, NONE)),
        countOf(allFaculty(db, NONE)),
        countOf(allWorkshops(db, NONE)),
        netRevenue(db, NONE).then(([r]) =>
          paiseToRupees(netPaise(Number(r?.gross ?? 0), Number(r?.discount_paise ?? 0), Number(r?.refunded ?? 0))),
        ),
      ]);
      const sum = (match: (r: TotalsTable) => boolean) =>
        rows.filter(match).reduce((total, r) => total + Number(r.n), 0);
      return {
        total_students: sum((r) => r.entity === 'user' && r.status === 'student'),
        total_programs: programs,
        total_faculty: faculty,
        total_workshops: workshops,
        total_revenue: revenue,
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
  };
}
