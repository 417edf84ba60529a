import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';
import {
  STUDENTS_BY_ID,
  keptCountQuery,
  totalsCountQuery,
  manyStudents,
  matchStudents,
  searchCount,
  searchInRange,
  searchOnly,
  studentsColumn,
} from './record-counts.ts';
import { commonTermCount, LIST_TABLES, pageRangeCount, type ManyStudentsColumns } from './common-term-pages.ts';
import { estimatedStudents } from './search-terms.ts';
import { cappedCount, countableFromTotals, type RecordFilters } from './record-filters.ts';
import type { Position } from '../lib/keyset.ts';
import { runWithOnePlan } from './compiled-once.ts';
import { FILTERED_SEARCH_COUNT_CAP } from '../../../contract/index.ts';

/** What the Payments and Enrollments lists share: how they count, find a search's students, and fold a count. */

type Entity = 'payment' | 'enrollment';
type Count = { count: number; capped: boolean };

/**
 * How many match a search (without one, the page counts itself: `pageCounted`): from the matching students'
 * kept counts (migration 022) when only a search filters; else `rows` counted, up to
 * FILTERED_SEARCH_COUNT_CAP (a count that costs about what the page does, decision record 075).
 */
async function searchListCount(
  db: Db,
  entity: Entity,
  filters: RecordFilters,
  rows: SelectQueryBuilder<Database, keyof Database, object>,
): Promise<Count> {
  if (searchOnly(filters)) {
    return searchCount(
      db,
      entity,
      filters.search,
      filters.students ?? (await matchStudents(db, entity, filters.search)),
    );
  }
  // A term too common to resolve to ids, within a range or none: the compiled count (record-counts.ts).
  if (!filters.students?.ids && searchInRange(filters)) return commonTermCount(db, entity, filters);
  // With other filters too: counted in the page's order (newest first, each row's student
  // checked), the plan the page takes; unordered, PostgreSQL merged the students with the payments'
  // student index and read 53,000 students for 201 rows (decision record 075).
  if (filters.students?.ids) return cappedCount(rows, db, FILTERED_SEARCH_COUNT_CAP);
  const { table, date } = LIST_TABLES[entity];
  return cappedCount(rows.orderBy(sql.ref(`${table}.${date}`), 'desc'), db, FILTERED_SEARCH_COUNT_CAP);
}

/** The filters with the search's students found once, for the count and the page to share. */
async function withStudents(db: Db, entity: Entity, filters: RecordFilters): Promise<RecordFilters> {
  return filters.search ? { ...filters, students: await matchStudents(db, entity, filters.search) } : filters;
}

/**
 * True when the students' sample expects thousands of students with a payment (or an enrollment) to match
 * the term, 5,000 and 2 % of all: then its page reads its students itself, and reading the newest rows
 * first finds the page soon. (Students who never paid do not count: a term only they match would make
 * the page read every payment looking for theirs.)
 */
async function manyExpected(db: Db, entity: Entity, search: string): Promise<boolean> {
  const expected = await estimatedStudents(db, search, entity);
  return expected !== null && expected.students >= 5 * STUDENTS_BY_ID && expected.share >= 0.02;
}

/**
 * The filters with the search's students found, and the page, when reading it found them. A term the
 * students' sample (search-terms.ts) expects thousands of students to match, on PostgreSQL, reads its page
 * with the students' number and total as a column: one statement, not two. Its first page with a date
 * range carries its count too (`count`, commonTermFirstPage), so that read is one statement, not three.
 * Should it match 1,000 or fewer after all (the sample only estimates), or the page be empty, the usual way
 * follows: first the students, whose ids the page then reads by.
 */
async function studentsAndPage<Row>(
  db: Db,
  entity: Entity,
  filters: RecordFilters,
  page: (search: string) => Promise<Array<Row & ManyStudentsColumns>>,
): Promise<{ filters: RecordFilters; rows: Row[] | null; count?: Count }> {
  const search = filters.search;
  if (search && !filters.students && (await manyExpected(db, entity, search))) {
    const rows = await page(search);
    const students = manyStudents(rows[0]?.students_found);
    if (students) return { filters: { ...filters, students }, rows, count: pageRangeCount(rows) };
  }
  return { filters: await withStudents(db, entity, filters), rows: null };
}

/**
 * The count of filters without a search as a query: from the trigger-kept totals (a handful of rows) when
 * only status and urgency filter, else from the day, month and all-time totals.
 */
const countQuery = (db: Db, entity: Entity, filters: RecordFilters) =>
  countableFromTotals(filters) ? totalsCountQuery(db, entity, filters) : keptCountQuery(db, entity, filters);

/**
 * A page and its count in one statement, for filters without a search: the count is a column of every row
 * (one round trip, not two: on a machine where a round trip costs more than reading a few kept rows, that
 * was a third of the list's database calls). An empty page carries no count, so it is read on its own.
 */
async function pageCounted<Row>(
  db: Db,
  entity: Entity,
  filters: RecordFilters,
  rows: Array<Row & { kept_count: unknown }>,
): Promise<{ count: Count; rows: Row[] }> {
  const count = Number(
    rows.length ? rows[0]!.kept_count : (await countQuery(db, entity, filters).executeTakeFirstOrThrow()).n,
  );
  return { count: { count, capped: false }, rows };
}

/** How a list reads: its page's query, and its page (which may take a shorter way than the query). */
export type ListReads<Row> = {
  /** The rows matching the filters, joined with their students (for counting). */
  filtered: (filters: RecordFilters) => SelectQueryBuilder<Database, keyof Database, object>;
  pageQuery: (
    filters: RecordFilters,
    limit: number,
    position: Position,
  ) => SelectQueryBuilder<Database, keyof Database, Row>;
  page?: (filters: RecordFilters, limit: number, position: Position) => Promise<Row[]> | undefined;
  /** A page without a search with its count as `kept_count`, by a shorter way (the unfiltered pages). */
  countedPage?: (
    filters: RecordFilters,
    limit: number,
    position: Position,
  ) => Promise<Array<Row & { kept_count: unknown }>> | undefined;
  /** The page of a term many students match with its students, by a shorter way (`studentsAndPage`). */
  manyStudentsPage?: (
    filters: RecordFilters,
    limit: number,
    position: Position,
  ) => Promise<Array<Row & ManyStudentsColumns>> | undefined;
};

/**
 * One page of the admin Payments or Enrollments list (`limit` rows read) and how many match: the search's
 * students found first (or with the page, for a term many students match, whose first page in a range
 * carries its count), then the page and its count in one statement when kept totals count it (no search),
 * else the two side by side.
 */
export async function listPage<Row>(
  db: Db,
  entity: Entity,
  reads: ListReads<Row>,
  asked: RecordFilters,
  limit: number,
  position: Position,
): Promise<{ count: Count; rows: Row[] }> {
  const count = (filters: RecordFilters) => searchListCount(db, entity, filters, reads.filtered(filters));
  const found = await studentsAndPage(
    db,
    entity,
    asked,
    async (search) =>
      (await reads.manyStudentsPage?.(asked, limit, position)) ??
      reads
        .pageQuery(asked, limit, position)
        .select(studentsColumn(db, entity, search.toLowerCase()).as('students_found'))
        .execute(),
  );
  const filters = found.filters;
  if (found.rows) return { count: found.count ?? (await count(filters)), rows: found.rows };
  if (!filters.search) {
    // One plan per shape of the filters, kept by each connection (runWithOnePlan, decision record 089); a
    // page by number skips rows, and a plan that cannot see how many reads as if it skipped a tenth of them.
    const query = reads.pageQuery(filters, limit, position).select(countQuery(db, entity, filters).as('kept_count'));
    const rows =
      reads.countedPage?.(filters, limit, position) ??
      ('offset' in position && position.offset ? query.execute() : runWithOnePlan(db, query));
    return pageCounted(db, entity, filters, await rows);
  }
  const page = reads.page?.(filters, limit, position) ?? reads.pageQuery(filters, limit, position).execute();
  const [counted, rows] = await Promise.all([count(filters), page]);
  return { count: counted, rows };
}
