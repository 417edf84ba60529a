import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { keptCount, keptCountQuery, matchStudents, searchCount, searchOnly } from './record-counts.ts';
import { cappedCount, countableFromTotals, type RecordFilters } from './record-filters.ts';
import { createStatsRepository } from './stats.ts';

/** What the Payments and Enrollments lists share: how they count, find a search's students, and fold a count. */

type Entity = 'payment' | 'enrollment';
type Count = { count: number; capped: boolean };

/**
 * How many match: from the trigger-kept totals (constant time) when only status and urgency filter; from
 * the day, month and all-time totals (migration 020) when no search does; from the matching students'
 * kept counts (migration 022) when only a search does; else `rows` counted, up to the cap.
 */
export async function listCount(
  db: Db,
  entity: Entity,
  filters: RecordFilters,
  rows: SelectQueryBuilder<Database, keyof Database, object>,
): Promise<Count> {
  if (countableFromTotals(filters)) {
    return { count: await createStatsRepository(db).countOf(entity, filters), capped: false };
  }
  if (!filters.search) return { count: await keptCount(db, entity, filters), capped: false };
  if (searchOnly(filters)) {
    return searchCount(
      db,
      entity,
      filters.search,
      filters.students ?? (await matchStudents(db, entity, filters.search)),
    );
  }
  return cappedCount(rows, db);
}

/** The filters with the search's students found once, for the count and the page to share. */
export async function withStudents(db: Db, entity: Entity, filters: RecordFilters): Promise<RecordFilters> {
  return filters.search ? { ...filters, students: await matchStudents(db, entity, filters.search) } : filters;
}

/** A page and its count in one statement, for filters without a search (the kept totals' sum, a column). */
export async function pageCounted<Row>(
  db: Db,
  entity: Entity,
  filters: RecordFilters,
  page: SelectQueryBuilder<Database, keyof Database, Row>,
): Promise<{ count: Count; rows: Row[] }> {
  const rows = await page.select(keptCountQuery(db, entity, filters).as('kept_count')).execute();
  const count = rows.length ? Number(rows[0]!.kept_count ?? 0) : await keptCount(db, entity, filters);
  return { count: { count, capped: false }, rows };
}
