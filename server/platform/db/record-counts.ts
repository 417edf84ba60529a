import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './connect.ts';
import { COUNT_CAP } from '../../../contract/index.ts';
import { capAt, type RecordFilters, type StudentMatch } from './record-filters.ts';
import { userSearch } from './search-terms.ts';

/**
 * The admin Payments and Enrollments counts without a search, read from `record_totals` (migration 020,
 * decision record 059): a date range is the whole IST months inside it ('month' rows) and the days at its
 * two ends ('day' rows); no range is the 'all' rows. So a count reads at most about 62 days and the months
 * between, per status, course and urgency, whatever the number of payments.
 */

/** Which rows of `record_totals` make up the IST days from `from` to `to` (inclusive; either may be open). */
export type Periods =
  { grain: 'all' } | { grain: 'split'; months: [string, string] | null; days: Array<[string, string]> };

const monthOf = (day: string) => day.slice(0, 7);
const firstDay = (month: string) => `${month}-01`;
/** The last day of a YYYY-MM month (a string, so no time zone is involved). */
function lastDay(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}
/** The month after a YYYY-MM month, and the month before. */
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}
function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** Open ends stand for the first and last representable days (YYYY-MM-DD strings compare in date order). */
const EARLIEST = '0000-01-01';
const LATEST = '9999-12-31';

export function periodsOf(from?: string, to?: string): Periods {
  if (!from && !to) return { grain: 'all' };
  const lo = from ?? EARLIEST;
  const hi = to ?? LATEST;
  if (lo > hi) return { grain: 'split', months: null, days: [] };
  if (monthOf(lo) === monthOf(hi)) {
    const whole = lo === firstDay(monthOf(lo)) && hi === lastDay(monthOf(hi));
    return whole
      ? { grain: 'split', months: [monthOf(lo), monthOf(lo)], days: [] }
      : { grain: 'split', months: null, days: [[lo, hi]] };
  }
  // The first whole month and the last, and the days of the partial months at each end.
  const days: Array<[string, string]> = [];
  let first = monthOf(lo);
  if (lo !== firstDay(first)) {
    days.push([lo, lastDay(first)]);
    first = nextMonth(first);
  }
  let last = monthOf(hi);
  if (hi !== lastDay(last)) {
    days.push([firstDay(last), hi]);
    last = previousMonth(last);
  }
  return { grain: 'split', months: first <= last ? [first, last] : null, days };
}

function periodConditions(periods: Periods): Expression<SqlBool> {
  const grain = sql.ref('record_totals.grain');
  const period = sql.ref('record_totals.period');
  if (periods.grain === 'all') return sql<SqlBool>`${grain} = 'all' and ${period} = ''`;
  const parts: Expression<SqlBool>[] = periods.days.map(
    ([a, b]) => sql<SqlBool>`(${grain} = 'day' and ${period} >= ${a} and ${period} <= ${b})`,
  );
  if (periods.months)
    parts.push(
      sql<SqlBool>`(${grain} = 'month' and ${period} >= ${periods.months[0]} and ${period} <= ${periods.months[1]})`,
    );
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/**
 * The admin lists' count by status and urgency from the trigger-kept totals (a handful of rows), as a
 * query: a column of the page's own statement (record-lists.ts), so the page and its count are one round trip.
 */
export function totalsCountQuery(
  db: Db,
  entity: 'payment' | 'enrollment',
  filters: { status?: string; is_urgent?: boolean },
) {
  let query = db
    .selectFrom('totals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('totals.entity', '=', sql.lit(entity));
  if (filters.status) query = query.where('totals.status', '=', sql.lit(filters.status));
  if (filters.is_urgent !== undefined) query = query.where('totals.is_urgent', '=', sql.lit(filters.is_urgent ? 1 : 0));
  return query;
}

/** The kept-totals count of filters without a search, as a query (a subquery of a page, or on its own). */
export function keptCountQuery(db: Db, entity: 'payment' | 'enrollment', filters: RecordFilters) {
  if (filters.search) throw new Error('keptCount: a search is counted from the rows');
  const col = (name: string) => sql.ref(`record_totals.${name}`);
  const conditions: Expression<SqlBool>[] = [
    sql<SqlBool>`${col('entity')} = ${sql.lit(entity)}`,
    periodConditions(periodsOf(filters.date_from, filters.date_to)),
  ];
  if (filters.status === 'partly_refunded')
    conditions.push(sql<SqlBool>`${col('status')} = 'completed' and ${col('refunded')} = 1`);
  else if (filters.status) conditions.push(sql<SqlBool>`${col('status')} = ${sql.lit(filters.status)}`);
  if (filters.is_urgent !== undefined)
    conditions.push(sql<SqlBool>`${col('is_urgent')} = ${sql.lit(filters.is_urgent ? 1 : 0)}`);
  if (filters.course_type) conditions.push(sql<SqlBool>`${col('course_type')} = ${sql.lit(filters.course_type)}`);
  if (filters.course !== undefined) conditions.push(sql<SqlBool>`${col('course_id')} = ${filters.course}`);
  return db
    .selectFrom('record_totals')
    .select(sql<number | string | null>`coalesce(sum(${col('n')}), 0)`.as('n'))
    .where((eb) => eb.and(conditions));
}

/** True when the search is the only filter: its count can add up the students' kept counts. */
export const searchOnly = (filters: RecordFilters): filters is RecordFilters & { search: string } =>
  Boolean(filters.search) &&
  Object.entries(filters).every(([key, value]) => key === 'search' || key === 'students' || value === undefined);

/** True when a search and a date range (either end may be open) are the only filters. */
export const searchInRange = (filters: RecordFilters): filters is RecordFilters & { search: string } =>
  Boolean(filters.search) &&
  Object.entries(filters).every(
    ([key, value]) => ['search', 'students', 'date_from', 'date_to'].includes(key) || value === undefined,
  );

/** How many students a search resolves to ids; past it the lists read the students through the index. */
export const STUDENTS_BY_ID = 1_000;

/**
 * The first `limit` students `matches` finds that have any payment (or enrollment): their ids and that
 * number (`n`), a subquery for the three ways a list adds them up.
 */
function studentsWithRows(db: Db, entity: 'payment' | 'enrollment', matches: Expression<SqlBool>, limit: number) {
  const column = entity === 'payment' ? 'payment_count' : 'enrollment_count';
  return db
    .selectFrom('users')
    .select(['users.id', sql.ref<number>(`users.${column}`).as('n')])
    .where(matches)
    .where(sql.ref(`users.${column}`), '>', 0)
    .limit(limit)
    .as('matching');
}

/** `studentsColumn`'s value: json `[students, total]`, null on a page without rows. */
export type StudentsFound = [number, number | null] | null;

/**
 * `matchStudents` without the ids, as one value a page can carry as a column (PostgreSQL): the list of a
 * term many students match reads its page and its students in one statement, not two (record-lists.ts).
 * Such a term is in thousands of students, so reading them in table order finds the first 1,001 at once:
 * `strpos` checks each, no index (`term` is the lower-case search text, or a compiled query's slot).
 */
export function studentsColumn(db: Db, entity: 'payment' | 'enrollment', term: unknown) {
  const matches = sql<SqlBool>`strpos(users.search_text, ${term}) > 0`;
  return db
    .selectFrom(studentsWithRows(db, entity, matches, STUDENTS_BY_ID + 1))
    .select(sql<StudentsFound>`json_build_array(count(*), sum(n))`.as('students'));
}

/** The students of `studentsColumn`'s value: null when 1,000 or fewer (then their ids are wanted). */
export function manyStudents(value: StudentsFound | undefined): StudentMatch | null {
  if (!value || Number(value[0]) <= STUDENTS_BY_ID) return null;
  return { ids: null, total: Number(value[1] ?? 0) };
}

/**
 * The students a search matches that have any payment (or enrollment), found once for the list's count
 * and page (decision record 059): up to 1,000 by id, with their kept counts (migration 022) added up; past
 * that, only the first 1,001's sum (the count reads it, the page looks each row's student up instead).
 */
export async function matchStudents(db: Db, entity: 'payment' | 'enrollment', search: string): Promise<StudentMatch> {
  const matches = await userSearch(db, 'users', search);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // One row back: the number of students, their total and (1,000 or fewer) their ids, not a row each.
  const ids = postgres ? sql`array_agg(id)` : sql`json_group_array(id)`;
  const row = await db
    .selectFrom(studentsWithRows(db, entity, matches, STUDENTS_BY_ID + 1))
    .select([
      sql<number | string>`count(*)`.as('students'),
      sql<number | string | null>`sum(n)`.as('total'),
      sql<number[] | string | null>`case when count(*) <= ${STUDENTS_BY_ID} then ${ids} end`.as('ids'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total ?? 0);
  if (Number(row.students) > STUDENTS_BY_ID) return { ids: null, total };
  const list = typeof row.ids === 'string' ? (JSON.parse(row.ids) as number[]) : (row.ids ?? []);
  return { ids: list.map(Number), total };
}

/**
 * A search's count when it is the only filter, from the matched students' kept counts: exact up to
 * COUNT_CAP, capped above it like a counted search. Past 1,000 students, when the first 1,001 have 10,000 or
 * fewer between them, it reads up to 10,001 such students: each has at least one, so 10,001 are past the
 * cap whatever their numbers.
 */
export async function searchCount(
  db: Db,
  entity: 'payment' | 'enrollment',
  search: string,
  match: StudentMatch,
): Promise<{ count: number; capped: boolean }> {
  const capped = (n: number) => capAt(n, COUNT_CAP);
  if (match.ids || match.total > COUNT_CAP) return capped(match.total);
  const matches = await userSearch(db, 'users', search);
  const row = await db
    .selectFrom(studentsWithRows(db, entity, matches, COUNT_CAP + 1))
    .select(sql<number | string | null>`sum(n)`.as('n'))
    .executeTakeFirstOrThrow();
  return capped(Number(row.n ?? 0));
}
