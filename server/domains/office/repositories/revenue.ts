import { sql } from 'kysely';
import { netPaise, paiseToRupees, type RevenueRow } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';

/**
 * Revenue from the trigger-kept `revenue_totals` (migrations 010 and 027, decision 047): by IST month or by
 * course. A payment counts in the gross (its list price), discount and payments of the IST day it was
 * completed (refunded or not, so history is never rewritten); a refund counts in `refunded` on the IST day
 * it was asked for, for its payment's course; net = gross − discounts − refunded (decision record 066). Without dates it reads the month or all-time rows (a few per course),
 * with dates the day rows of the range: either way its cost does not grow with the number of payments.
 */
export type RevenueFilters = { date_from?: string; date_to?: string };

const MONTH_LABEL = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

type Sum = number | string | bigint | null;
type Sums = { payments: Sum; gross: Sum; refunded: Sum; discount_paise: Sum };
/** A row's figures: gross and refunded in whole rupees; discount and net in rupees with their paise. */
const figures = (r: Sums) => {
  const gross = Number(r.gross ?? 0);
  const refunded = Number(r.refunded ?? 0);
  const discountPaise = Number(r.discount_paise ?? 0);
  return {
    payments: Number(r.payments ?? 0),
    gross,
    refunded,
    discount: paiseToRupees(discountPaise),
    net: paiseToRupees(netPaise(gross, discountPaise, refunded)),
  };
};
const someActivity = (r: { payments: number; gross: number; refunded: number; discount: number }) =>
  r.payments !== 0 || r.gross !== 0 || r.refunded !== 0 || r.discount !== 0;

export function createRevenueRepository(db: Db) {
  /** The rows of one grain; with dates, the day rows of the (inclusive) IST range. */
  function kept(filters: RevenueFilters, undated: 'month' | 'all') {
    const dated = Boolean(filters.date_from || filters.date_to);
    let query = db.selectFrom('revenue_totals').where('grain', '=', dated ? 'day' : undated);
    if (filters.date_from) query = query.where('period', '>=', filters.date_from);
    if (filters.date_to) query = query.where('period', '<=', filters.date_to);
    return query;
  }
  const sums = [
    sql<number>`sum(payments)`.as('payments'),
    sql<number>`sum(gross)`.as('gross'),
    sql<number>`sum(refunded)`.as('refunded'),
    sql<number>`sum(discount_paise)`.as('discount_paise'),
  ];

  return {
    async byMonth(filters: RevenueFilters): Promise<RevenueRow[]> {
      const month = sql<string>`substr(period, 1, 7)`;
      const rows = await kept(filters, 'month')
        .select([month.as('key'), ...sums])
        .groupBy(month)
        .orderBy(month)
        .execute();
      return rows
        .map((r) => {
          const [y, m] = r.key.split('-').map(Number);
          const label = MONTH_LABEL.format(new Date(Date.UTC(y!, m! - 1, 1)));
          return { key: r.key, label, ...figures(r) };
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
      return rows
        .map((r) => {
          const title = r.course_type === 'program' ? r.program_title : r.workshop_title;
          return {
            key: `${r.course_type}:${r.course_id}`,
            label: title ?? `${r.course_type === 'program' ? 'Program' : 'Workshop'} #${r.course_id} (deleted)`,
            ...figures(r),
          };
        })
        .filter(someActivity)
        .sort((a, b) => b.net - a.net || a.label.localeCompare(b.label));
    },
  };
}
