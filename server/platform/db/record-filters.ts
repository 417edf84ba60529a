import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  COUNT_CAP,
  istDayEnd,
  istDayStart,
  type CourseType,
  type PaymentListStatus,
  type Status,
} from '../../../contract/index.ts';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';
import type { Position } from '../lib/keyset.ts';
import { slot } from './compiled-once.ts';

/** The admin Payments and Enrollments filters (issue 11). Dates are IST calendar days, inclusive. */
export type RecordFilters = {
  /** Payments also take `refunded` and `partly_refunded` (completed, with something refunded). */
  status?: Status | PaymentListStatus;
  is_urgent?: boolean;
  search?: string;
  course_type?: CourseType;
  course?: number;
  date_from?: string;
  date_to?: string;
  /** Set by the lists, not the query: the students the search matches, found once (record-counts.ts). */
  students?: StudentMatch;
};

/** The students a search matches: by id when 1,000 or fewer (`ids`), with their kept counts' total. */
export type StudentMatch = { ids: number[]; total: number } | { ids: null; total: number };

/** True when only the filters the trigger-kept totals can count are used. */
export function countableFromTotals(filters: RecordFilters): boolean {
  return (
    filters.status !== 'partly_refunded' &&
    !filters.search &&
    !filters.course_type &&
    !filters.course &&
    !filters.date_from &&
    !filters.date_to
  );
}

/** A date range's ends as a compiled statement takes them (ISO texts): the far past and future for open ends. */
export function rangeEnds(filters: RecordFilters): { from: string; to: string } {
  return {
    from: filters.date_from ? istDayStart(filters.date_from) : '0000-01-01T00:00:00.000Z',
    to: filters.date_to ? istDayEnd(filters.date_to) : '9999-12-31T23:59:59.999Z',
  };
}

/**
 * The rows of a term many students match within a date range, for a statement compiled once with
 * `onePlan` (compiled-once.ts): slots `from` and `to` (rangeEnds) and `term` (lower-case). Such a term's
 * rows are read newest first by the date index, each row's student checked, whatever the values, so the
 * statement hides them from the plan and keeps one plan per connection (decision record 089).
 */
export function commonTermInRange(
  table: 'payments' | 'enrollments',
  dateColumn: 'created_at' | 'enrolled_at',
): Expression<SqlBool> {
  const date = sql.ref(`${table}.${dateColumn}`);
  return sql<SqlBool>`${date} >= ${slot('from')} and ${date} < ${slot('to')} and strpos(users.search_text, ${slot('term')}) > 0`;
}

/**
 * Each row's student (the joined `users`) checked for the text, for a term too common to find its students
 * first: `strpos`, not LIKE. The answer is the same (`search_text` is lower-case), but PostgreSQL plans a
 * LIKE by weighing the trigram index and testing the pattern against the column's statistics on every
 * request, 0.75 ms of planning for a 0.6 ms read, where a function call is planned in 0.19 ms; the plan
 * reads the rows newest first either way (decision record 089). SQLite has `strpos` from connect.ts.
 */
export const rowStudentMatches = (text: string): Expression<SqlBool> =>
  sql<SqlBool>`strpos(users.search_text, ${text.toLowerCase()}) > 0`;

/**
 * The WHERE conditions of the filters for `table` (payments or enrollments, joined with its student as
 * `users`, as every query of the lists is); `dateColumn` is the column the date range reads.
 */
export function recordConditions(
  table: 'payments' | 'enrollments',
  dateColumn: 'created_at' | 'enrolled_at',
  filters: RecordFilters,
): Expression<SqlBool>[] {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const out: Expression<SqlBool>[] = [];
  if (filters.status === 'partly_refunded') {
    out.push(sql<SqlBool>`${col('status')} = 'completed' and ${col('refunded_amount')} > 0`);
  } else if (filters.status) out.push(sql<SqlBool>`${col('status')} = ${sql.lit(filters.status)}`);
  // Status, urgency and course type are literals (values of fixed sets, checked at the edge): they choose the
  // index a page reads, so a page's one plan (runWithOnePlan) is planned knowing them.
  if (filters.is_urgent !== undefined)
    out.push(sql<SqlBool>`${col('is_urgent')} = ${sql.lit(filters.is_urgent ? 1 : 0)}`);
  if (filters.course_type) out.push(sql<SqlBool>`${col('course_type')} = ${sql.lit(filters.course_type)}`);
  if (filters.course !== undefined) out.push(sql<SqlBool>`${col('course_id')} = ${filters.course}`);
  if (filters.date_from) out.push(sql<SqlBool>`${col(dateColumn)} >= ${istDayStart(filters.date_from)}`);
  if (filters.date_to) out.push(sql<SqlBool>`${col(dateColumn)} < ${istDayEnd(filters.date_to)}`);
  const search = filters.search;
  if (search) {
    // The students whose name, username or email contains the text (a trigram index on PostgreSQL,
    // migration 022), then their rows: by id when the list found them first, else each row's student (the
    // joined `users`) checked. A join, not `student_id in (select …)`: one table fewer to plan per request.
    const ids = filters.students?.ids;
    if (ids) out.push(ids.length ? sql<SqlBool>`${col('student_id')} in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`);
    else out.push(rowStudentMatches(search));
  }
  return out;
}

/** The rows after (older than) or before (newer than) a keyset position, in the list's (date, id) order. */
export function keysetConditions(
  table: 'payments' | 'enrollments',
  dateColumn: 'created_at' | 'enrolled_at',
  position: Position,
): Expression<SqlBool>[] {
  const row = sql`(${sql.ref(`${table}.${dateColumn}`)}, ${sql.ref(`${table}.id`)})`;
  if ('after' in position) return [sql<SqlBool>`${row} < (${position.after.at}, ${position.after.id})`];
  if ('before' in position) return [sql<SqlBool>`${row} > (${position.before.at}, ${position.before.id})`];
  return [];
}

/** A count read up to `cap` + 1: exact up to the cap, else the cap and `capped`. */
export const capAt = (n: number, cap: number): { count: number; capped: boolean } =>
  n > cap ? { count: cap, capped: true } : { count: n, capped: false };

/** Counts at most `cap` + 1 rows: the count is exact up to the cap, else the cap and `capped`. */
export async function cappedCount(
  rows: SelectQueryBuilder<Database, keyof Database, object>,
  db: Db,
  cap = COUNT_CAP,
): Promise<{ count: number; capped: boolean }> {
  const row = await db
    .selectFrom(
      rows
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return capAt(Number(row.n), cap);
}

/**
 * A Payments or Enrollments list page: `query` (the answer's columns) narrowed by the filters and the
 * keyset position, in the list's (date, id) order (newest first; oldest first when reading back from a
 * `before` cursor), `limit` rows, after a small offset when the position is one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list query's tables and columns
export function pageOf<Query extends SelectQueryBuilder<any, any, any>>(
  query: Query,
  table: 'payments' | 'enrollments',
  dateColumn: 'created_at' | 'enrolled_at',
  filters: RecordFilters,
  limit: number,
  position: Position,
): Query {
  const order = 'before' in position ? 'asc' : 'desc';
  const conditions = [
    ...recordConditions(table, dateColumn, filters),
    ...keysetConditions(table, dateColumn, position),
  ];
  const narrowed = conditions.length ? query.where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`) : query;
  // The limit is a literal (an integer the edge checked): a plan kept for every value (runWithOnePlan) must
  // know how few rows it reads, or it plans for a tenth of the table (a sort of every row of a course type).
  const page = narrowed
    .orderBy(sql.ref(`${table}.${dateColumn}`), order)
    .orderBy(sql.ref(`${table}.id`), order)
    .limit(sql.lit(Math.trunc(limit)));
  return ('offset' in position && position.offset ? page.offset(position.offset) : page) as Query;
}
