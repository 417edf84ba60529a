import { sql } from 'kysely';
import { istDateTime, istDayEnd, istDayStart, paiseToRupees, type RevenueRow } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';

/**
 * Revenue from the trigger-kept `revenue_totals` (migration 010, decision 047): by IST month or by course.
 * A payment counts in the gross and payments of the IST day it was completed (refunded or not, so history
 * is never rewritten); a refund counts in `refunded` on the IST day it was asked for, for its payment's
 * course; net = gross − refunded. Without dates it reads the month or all-time rows (a few per course),
 * with dates the day rows of the range: either way its cost does not grow with the number of payments.
 */
export type RevenueFilters = { date_from?: string; date_to?: string };

const MONTH_LABEL = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

type Sums = { payments: number | string | bigint | null; gross: number | string | bigint | null; refunded: unknown };
const figures = (r: Sums) => {
  const gross = Number(r.gross ?? 0);
  const refunded = Number(r.refunded ?? 0);
  return { payments: Number(r.payments ?? 0), gross, refunded, net: gross - refunded };
};
const someActivity = (r: { payments: number; gross: number; refunded: number }) =>
  r.payments !== 0 || r.gross !== 0 || r.refunded !== 0;

export function createRevenueRepository(db: Db) {
  /** The rows of one grain; with dates, the day rows of the (inclusive) IST range. */
  function kept(filters: RevenueFilters, undated: 'month' | 'all') {
    const dated = Boolean(filters.date_from || filters.date_to);
    let query = db.selectFrom('revenue_totals').where('grain', '=', dated ? 'day' : undated);
    if (filters.date_from) query = query.where('period', '>=', filters.date_from);
    if (filters.date_to) query = query.where('period', '<=', filters.date_to);
    return query;
  }
  /**
   * The discounts of the payments the rows count (completed or refunded, by the IST day of their
   * completion), by `keyOf`, summed in paise (rupees for the row: `rupeesOf`). Not kept by the triggers (decision record 053): read from the payments with a
   * discount in the range, so its cost grows with the discounted payments only.
   */
  async function discounts(
    filters: RevenueFilters,
    keyOf: (r: { day: string; course_type: string; course_id: number }) => string,
  ): Promise<Map<string, number>> {
    let query = db
      .selectFrom('payments')
      .select(['completed_at', 'course_type', 'course_id', 'discount_paise'])
      .where('discount_paise', '>', 0)
      .where('status', 'in', ['completed', 'refunded'])
      .where('completed_at', 'is not', null);
    if (filters.date_from) query = query.where('completed_at', '>=', istDayStart(filters.date_from));
    if (filters.date_to) query = query.where('completed_at', '<', istDayEnd(filters.date_to));
    const out = new Map<string, number>();
    for (const r of await query.execute()) {
      const key = keyOf({
        day: istDateTime(r.completed_at!).slice(0, 10),
        course_type: r.course_type,
        course_id: r.course_id,
      });
      out.set(key, (out.get(key) ?? 0) + Number(r.discount_paise));
    }
    return out;
  }
  /** A row's discount, in rupees as its other amounts (paise kept as two decimals: 224.85). */
  const rupeesOf = (discounts: Map<string, number>, key: string) => paiseToRupees(discounts.get(key) ?? 0);
  const sums = [
    sql<number>`sum(payments)`.as('payments'),
    sql<number>`sum(gross)`.as('gross'),
    sql<number>`sum(refunded)`.as('refunded'),
  ];

  return {
    async byMonth(filters: RevenueFilters): Promise<RevenueRow[]> {
      const month = sql<string>`substr(period, 1, 7)`;
      const rows = await kept(filters, 'month')
        .select([month.as('key'), ...sums])
        .groupBy(month)
        .orderBy(month)
        .execute();
      const discount = await discounts(filters, (r) => r.day.slice(0, 7));
      return rows
        .map((r) => {
          const [y, m] = r.key.split('-').map(Number);
          const label = MONTH_LABEL.format(new Date(Date.UTC(y!, m! - 1, 1)));
          return { key: r.key, label, ...figures(r), discount: rupeesOf(discount, r.key) };
        })
        .filter(someActivity);
    },

    async byCourse(filters: RevenueFilters): Promise<RevenueRow[]> {
      const rows = await kept(filters, 'all')
        .leftJoin('programs', (join) =>
          join.onRef('programs.id', '=', 'revenue_totals.course_id').on('revenue_totals.course_type', '=', 'program'),
        )
        .leftJoin('workshops', (join) =>
          join.onRef('workshops.id', '=', 'revenue_totals.course_id').on('revenue_totals.course_type', '=', 'workshop'),
        )
        .select([
          'revenue_totals.course_type',
          'revenue_totals.course_id',
          (eb) => eb.fn.max('programs.title').as('program_title'),
          (eb) => eb.fn.max('workshops.title').as('workshop_title'),
          ...sums,
        ])
        .groupBy(['revenue_totals.course_type', 'revenue_totals.course_id'])
        .execute();
      const discount = await discounts(filters, (r) => `${r.course_type}:${r.course_id}`);
      return rows
        .map((r) => {
          const title = r.course_type === 'program' ? r.program_title : r.workshop_title;
          return {
            key: `${r.course_type}:${r.course_id}`,
            label: title ?? `${r.course_type === 'program' ? 'Program' : 'Workshop'} #${r.course_id} (deleted)`,
            ...figures(r),
            discount: rupeesOf(discount, `${r.course_type}:${r.course_id}`),
          };
        })
        .filter(someActivity)
        .sort((a, b) => b.net - a.net || a.label.localeCompare(b.label));
    },
  };
}
