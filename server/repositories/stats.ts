import type { AdminStats, IssueSummary } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';

/** Admin totals as SQL aggregates, each served by an index (see the first migration). */
export function createStatsRepository(db: Db) {
  const countOf = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  return {
    async adminStats(): Promise<AdminStats> {
      const [students, programs, faculty, workshops, revenue] = await Promise.all([
        countOf(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'student').executeTakeFirst()),
        countOf(db.selectFrom('programs').select((eb) => eb.fn.countAll<number>().as('n')).where('is_active', '=', 1).executeTakeFirst()),
        countOf(db.selectFrom('faculty').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
        countOf(db.selectFrom('workshops').select((eb) => eb.fn.countAll<number>().as('n')).where('is_active', '=', 1).executeTakeFirst()),
        db
          .selectFrom('payments')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
          .where('status', '=', 'completed')
          .executeTakeFirst(),
      ]);
      return {
        total_students: students,
        total_programs: programs,
        total_faculty: faculty,
        total_workshops: workshops,
        total_revenue: Number(revenue?.total ?? 0),
      };
    },
    async issueSummary(): Promise<IssueSummary> {
      const [failedPayments, pendingEnrollments, urgentPayments, urgentEnrollments] = await Promise.all([
        countOf(db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').executeTakeFirst()),
        countOf(
          db
            .selectFrom('enrollments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['pending', 'on_hold'])
            .executeTakeFirst(),
        ),
        // Urgent items not already counted above.
        countOf(
          db
            .selectFrom('payments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('is_urgent', '=', 1)
            .where('status', '!=', 'failed')
            .executeTakeFirst(),
        ),
        countOf(
          db
            .selectFrom('enrollments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('is_urgent', '=', 1)
            .where('status', 'not in', ['pending', 'on_hold'])
            .executeTakeFirst(),
        ),
      ]);
      return {
        failed_payments: failedPayments,
        pending_enrollments: pendingEnrollments,
        total_issues: failedPayments + pendingEnrollments + urgentPayments + urgentEnrollments,
      };
    },
  };
}
