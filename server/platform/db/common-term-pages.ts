import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';
import { FILTERED_SEARCH_COUNT_CAP } from '../../../contract/index.ts';
import { capAt, commonTermInRange, rangeEnds, type RecordFilters } from './record-filters.ts';
import { compiledOnce, slot } from './compiled-once.ts';
import type { Position } from '../lib/keyset.ts';
import { searchInRange, searchOnly, studentsColumn, type StudentsFound } from './record-counts.ts';

/**
 * The first page of a term the students' sample expects thousands of students to match, alone or within a
 * date range, and its count (decision records 089 and 100): statements compiled once, with one plan each.
 */

/** Each list's table and the date its range and order read. */
export const LIST_TABLES = {
  payment: { table: 'payments', date: 'created_at' },
  enrollment: { table: 'enrollments', date: 'enrolled_at' },
} as const;
type Entity = keyof typeof LIST_TABLES;

/** True for the first page of `searchInRange` filters: the page a term many students match reads compiled. */
const firstPageInRange = (filters: RecordFilters, position: Position): filters is RecordFilters & { search: string } =>
  'offset' in position && !position.offset && searchInRange(filters);

/**
 * How many rows a term many students match has within a date range (`searchInRange`), up to
 * FILTERED_SEARCH_COUNT_CAP + 1 read newest first as its page reads them, as a query (the slots `term`,
 * `from` and `to` of commonTermInRange): a column of the term's first page, or a statement of its own.
 * Each row's student is a subquery, not a join: joined, PostgreSQL 15 looked the students up through a
 * Memoize node (201 rows, no student twice, so its cache never hit), and as a column of the page the
 * statement took 12.7 ms instead of 1.6 (decision record 100).
 */
function commonTermCountQuery(db: Db, entity: Entity) {
  const { table, date } = LIST_TABLES[entity];
  const at = sql.ref(`${table}.${date}`);
  const studentText = sql`(select student.search_text from users as student where student.id = ${sql.ref(`${table}.student_id`)})`;
  return db
    .selectFrom(
      db
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .where(
          sql<SqlBool>`${at} >= ${slot('from')} and ${at} < ${slot('to')} and strpos(${studentText}, ${slot('term')}) > 0`,
        )
        .orderBy(at, 'desc')
        .limit(sql.lit(FILTERED_SEARCH_COUNT_CAP + 1))
        .as('matching'),
    )
    .select(sql<number | string>`count(*)`.as('n'));
}

/** `commonTermCountQuery` on its own (an empty first page, or SQLite): compiled once, one plan. */
function commonTermCountOf(entity: Entity) {
  return compiledOnce<{ n: number | string }, { term: string; from: string; to: string }>(
    (db) => commonTermCountQuery(db, entity),
    { onePlan: true },
  );
}
const commonTermCounts = { payment: commonTermCountOf('payment'), enrollment: commonTermCountOf('enrollment') };

/** The count of up to FILTERED_SEARCH_COUNT_CAP + 1 rows as a list answers it: capped at the cap. */
const cappedRangeCount = (n: number | string | undefined) => capAt(Number(n ?? 0), FILTERED_SEARCH_COUNT_CAP);

export async function commonTermCount(
  db: Db,
  entity: Entity,
  filters: RecordFilters & { search: string },
): Promise<{ count: number; capped: boolean }> {
  const [row] = await commonTermCounts[entity](db, { term: filters.search.toLowerCase(), ...rangeEnds(filters) });
  return cappedRangeCount(row?.n);
}

/**
 * The columns a common term's first page carries (record-lists.ts): its students (`studentsColumn`) and, when
 * it has a date range, its rows counted up to FILTERED_SEARCH_COUNT_CAP + 1 (`commonTermCountQuery`).
 */
export type ManyStudentsColumns = { students_found: StudentsFound; range_count?: number | string };

/** The count a common term's first page carries (a range, the page not empty), or undefined. */
export function pageRangeCount(rows: ManyStudentsColumns[]): { count: number; capped: boolean } | undefined {
  const counted = rows[0]?.range_count;
  return counted === undefined ? undefined : cappedRangeCount(counted);
}

/** A list's first page of a common term (compiled once): with its rows counted, or without. */
type CommonTermPage<Row> = (
  db: Db,
  values: { term: string; from: string; to: string; limit: number },
) => Promise<Array<Row & ManyStudentsColumns>>;

/**
 * A list's two first pages of a term the students' sample expects thousands of students to match, compiled
 * once with one plan each (commonTermFirstPage chooses): `select` is the list's answer (payments or
 * enrollments joined with their student as `users`), read newest first with the first 1,001 matching students
 * counted as a column (`studentsColumn`); `inRange` counts its rows as another (commonTermCountQuery). Its
 * one plan reads the newest rows and checks each one's student, right for a term that common
 * (commonTermInRange: `term` the lower-case search text, `from` and `to` the range's ends).
 */
export function commonTermFirstPages<Row>(
  entity: Entity,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- either list's select, its tables joined
  select: (db: Db) => SelectQueryBuilder<Database, any, Row>,
) {
  const { table, date } = LIST_TABLES[entity];
  const page = (counted: boolean) =>
    compiledOnce<Row & ManyStudentsColumns, { term: string; from: string; to: string; limit: number }>(
      (db) => {
        const rows = select(db).select(studentsColumn(db, entity, slot('term')).as('students_found'));
        return (counted ? rows.select(commonTermCountQuery(db, entity).as('range_count')) : rows)
          .where(commonTermInRange(table, date))
          .orderBy(sql.ref(`${table}.${date}`), 'desc')
          .orderBy(sql.ref(`${table}.id`), 'desc')
          .limit(slot<number>('limit'));
      },
      { onePlan: true },
    );
  return { alone: page(false), inRange: page(true) };
}

/**
 * The first page of a term many students match (`firstPageInRange`), read by the list's compiled statement:
 * with a date bound, the one that counts its rows too (one statement, not a page and then a count); a
 * search alone is counted from its students' kept counts (`searchCount`), so its page does not count.
 */
export function commonTermFirstPage<Row>(
  pages: { alone: CommonTermPage<Row>; inRange: CommonTermPage<Row> },
  db: Db,
  filters: RecordFilters,
  limit: number,
  position: Position,
): Promise<Array<Row & ManyStudentsColumns>> | undefined {
  if (!firstPageInRange(filters, position)) return undefined;
  const read = searchOnly(filters) ? pages.alone : pages.inRange;
  return read(db, { term: filters.search.toLowerCase(), ...rangeEnds(filters), limit });
}
