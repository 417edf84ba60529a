import { sql } from 'kysely';
import { IST_OFFSET_MINUTES, IST_TIME_ZONE, istDayEnd, istDayStart, type RevenueRow } from '../../contract/index.ts';
import type { Db, Dialect } from '../db/connect.ts';

/**
 * Revenue from completed payments, by IST month of completion or by course. Refunds are summed per
 * group by `refundedBy` and subtracted: nothing can be refunded yet, so it answers no rows; when a
 * refunds table exists (one row per refund, with its payment and amount in rupees), `refundedBy` sums
 * it grouped by the same key through its payment, and nothing else changes.
 */
export type RevenueFilters = { date_from?: string; date_to?: string };

const MONTH_LABEL = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function createRevenueRepository(db: Db, dialect: Dialect) {
  /** The IST month ("2026-11") of an ISO UTC date-time column. */
  const istMonth = (column: string) =>
    dialect === 'postgres'
      ? sql<string>`to_char((${sql.ref(column)}::timestamptz at time zone ${sql.lit(IST_TIME_ZONE)}), 'YYYY-MM')`
      : sql<string>`strftime('%Y-%m', ${sql.ref(column)}, ${sql.lit(`+${IST_OFFSET_MINUTES} minutes`)})`;

  function completed(filters: RevenueFilters) {
    let query = db.selectFrom('payments').where('payments.status', '=', 'completed');
    if (filters.date_from) query = query.where('payments.completed_at', '>=', istDayStart(filters.date_from));
    if (filters.date_to) query = query.where('payments.completed_at', '<', istDayEnd(filters.date_to));
    return query;
  }

  /** Refunded rupees per group key. No refunds exist yet. */
  async function refundedBy(_group: 'month' | 'course', _filters: RevenueFilters): Promise<Map<string, number>> {
    return new Map();
  }

  return {
    async byMonth(filters: RevenueFilters): Promise<RevenueRow[]> {
      const month = istMonth('payments.completed_at');
      const rows = await completed(filters)
        .select([
          month.as('key'),
          (eb) => eb.fn.countAll<number>().as('payments'),
          (eb) => eb.fn.sum<number>('payments.amount').as('gross'),
        ])
        .groupBy(month)
        .orderBy(month)
        .execute();
      const refunded = await refundedBy('month', filters);
      return rows.map((r) => {
        const [y, m] = r.key.split('-').map(Number);
        const gross = Number(r.gross ?? 0);
        const back = refunded.get(r.key) ?? 0;
        return {
          key: r.key,
          label: MONTH_LABEL.format(new Date(Date.UTC(y!, m! - 1, 1))),
          payments: Number(r.payments),
          gross,
          refunded: back,
          net: gross - back,
        };
      });
    },

    async byCourse(filters: RevenueFilters): Promise<RevenueRow[]> {
      const rows = await completed(filters)
        .leftJoin('programs', (join) =>
          join.onRef('programs.id', '=', 'payments.course_id').on('payments.course_type', '=', 'program'),
        )
        .leftJoin('workshops', (join) =>
          join.onRef('workshops.id', '=', 'payments.course_id').on('payments.course_type', '=', 'workshop'),
        )
        .select([
          'payments.course_type',
          'payments.course_id',
          (eb) => eb.fn.max('programs.title').as('program_title'),
          (eb) => eb.fn.max('workshops.title').as('workshop_title'),
          (eb) => eb.fn.countAll<number>().as('payments'),
          (eb) => eb.fn.sum<number>('payments.amount').as('gross'),
        ])
        .groupBy(['payments.course_type', 'payments.course_id'])
        .execute();
      const refunded = await refundedBy('course', filters);
      return rows
        .map((r) => {
          const key = `${r.course_type}:${r.course_id}`;
          const title = r.course_type === 'program' ? r.program_title : r.workshop_title;
          const gross = Number(r.gross ?? 0);
          const back = refunded.get(key) ?? 0;
          return {
            key,
            label: title ?? `${r.course_type === 'program' ? 'Program' : 'Workshop'} #${r.course_id} (deleted)`,
            payments: Number(r.payments),
            gross,
            refunded: back,
            net: gross - back,
          };
        })
        .sort((a, b) => b.net - a.net || a.label.localeCompare(b.label));
    },
  };
}
