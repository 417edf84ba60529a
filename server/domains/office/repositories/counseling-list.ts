import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import { COUNT_CAP, istToday, type CounselingStatus } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { compiledOnce, runWithOnePlan, slot } from '../../../platform/db/compiled-once.ts';
import type { CounselingRequestsTable } from '../../../platform/db/schema.ts';
import { capAt } from '../../../platform/db/record-filters.ts';
import { containsPattern, contains } from '../../../platform/db/search.ts';

/**
 * The admin counseling list (decision record 060): overdue follow-ups first, then the rest, each part read
 * from its own index (migration 021), and its count from the kept totals.
 */

export type CounselingFilters = { status?: CounselingStatus; assignee?: number | 'none'; search?: string };

const SEARCHED = ['counseling_requests.name', 'counseling_requests.email', 'counseling_requests.phone'];

/**
 * Name, email or phone contains the search (case-insensitive, `%` and `_` themselves), read as "the three
 * joined by spaces contain it": the trigram index's text on PostgreSQL (migration 021), whose statistics
 * the planner also reads. A match that crosses from one field into the next takes in the space between
 * them, so for a search without a space the two are the same; a search with one is also checked field by
 * field, so it never matches across two fields.
 */
function searched(search: string): Expression<SqlBool> {
  const joined = sql<SqlBool>`lower(${sql.join(
    SEARCHED.map((c) => sql.ref(c)),
    sql` || ' ' || `,
  )}) like ${containsPattern(search)} escape '\\'`;
  if (!search.includes(' ')) return joined;
  return sql<SqlBool>`(${joined} and (${sql.join(
    SEARCHED.map((c) => contains(c, search)),
    sql` or `,
  )}))`;
}

/**
 * The filters as conditions. The status is written into the text (one of a fixed set, validated at the edge):
 * with the page's limits, it is what chooses the plan, so each status is a text of its own (decision record 089).
 */
export function conditions(filters: CounselingFilters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (filters.status) out.push(sql<SqlBool>`counseling_requests.status = ${sql.lit(filters.status)}`);
  if (filters.assignee === 'none') out.push(sql<SqlBool>`counseling_requests.assignee_id is null`);
  else if (filters.assignee !== undefined)
    out.push(sql<SqlBool>`counseling_requests.assignee_id = ${filters.assignee}`);
  if (filters.search) out.push(searched(filters.search));
  return out;
}

/**
 * An open request whose follow-up day has passed (IST), written as the partial index's condition
 * (migration 021) plus the day, so both databases read that index. Never null: status is not null.
 */
const overdue = (today: string) =>
  sql<SqlBool>`counseling_requests.status not in ('converted', 'closed') and counseling_requests.next_follow_up is not null and counseling_requests.next_follow_up < ${today}`;
const notOverdue = (today: string) =>
  sql<SqlBool>`(counseling_requests.status in ('converted', 'closed') or counseling_requests.next_follow_up is null or counseling_requests.next_follow_up >= ${today})`;

type Where = Expression<SqlBool>[];
/** `reach` is offset + limit: how far each part is read. */
type Window = { today: string; limit: number | Expression<number>; offset: number; reach: number | Expression<number> };

/**
 * The page's rows: the overdue part (the oldest due first, then newest first) and the rest (newest first),
 * each cut at offset + limit rows in its own index order, then both in the list's order (part, due day,
 * created_at desc, id desc), the window cut from that, and the page's rows read by id.
 */
function pageQuery(db: Db, where: Where, { today, limit, offset, reach }: Window) {
  const overduePart = db
    .selectFrom('counseling_requests')
    .where((eb) => eb.and([overdue(today), ...where]))
    .select(['id', sql<number>`0`.as('part'), sql<string>`next_follow_up`.as('due'), 'created_at'])
    .orderBy('next_follow_up')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(reach);
  const rest = db
    .selectFrom('counseling_requests')
    .where((eb) => eb.and([notOverdue(today), ...where]))
    .select(['id', sql<number>`1`.as('part'), sql<string>`''`.as('due'), 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(reach);
  const keys = db
    .selectFrom(overduePart.as('overdue_part'))
    .selectAll()
    .unionAll(db.selectFrom(rest.as('rest_part')).selectAll())
    .orderBy('part')
    .orderBy('due')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom(keys.as('page_keys'))
    .innerJoin('counseling_requests', 'counseling_requests.id', 'page_keys.id')
    .selectAll('counseling_requests')
    .orderBy('page_keys.part')
    .orderBy('page_keys.due')
    .orderBy('page_keys.created_at', 'desc')
    .orderBy('page_keys.id', 'desc');
}

/** The unfiltered page, what the tab opens on: built and compiled once. */
const unfilteredPage = compiledOnce<Selectable<CounselingRequestsTable>, Window>((db) =>
  pageQuery(db, [], { today: slot('today'), limit: slot('limit'), offset: slot('offset'), reach: slot('reach') }),
);

/** Kept counts (migration 021): all, by status, by assignee (0: nobody), by both. */
const keptCount = (() => {
  const total = (db: Db) =>
    db.selectFrom('counseling_totals').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'));
  type Count = { n: number | string | bigint };
  return {
    all: compiledOnce<Count, Record<string, never>>((db) => total(db)),
    status: compiledOnce<Count, { status: CounselingStatus }>((db) =>
      total(db).where('status', '=', slot<CounselingStatus>('status')),
    ),
    assignee: compiledOnce<Count, { assignee: number }>((db) =>
      total(db).where('assignee_id', '=', slot<number>('assignee')),
    ),
    both: compiledOnce<Count, { status: CounselingStatus; assignee: number }>((db) =>
      total(db)
        .where('status', '=', slot<CounselingStatus>('status'))
        .where('assignee_id', '=', slot<number>('assignee')),
    ),
  };
})();

export function createCounselingListRepository(db: Db) {
  return {
    /**
     * Without a search, exact from the kept totals; with one, the matching rows counted up to COUNT_CAP
     * (`capped` past it), as the Payments list counts a search.
     */
    async count(filters: CounselingFilters): Promise<{ count: number; capped: boolean }> {
      if (filters.search) {
        // Counted up to COUNT_CAP + 1 matches, one plan per shape of the filters (decision record 089).
        const matching = db
          .selectFrom('counseling_requests')
          .where((eb) => eb.and(conditions(filters)))
          .select(sql<number>`1`.as('one'))
          .limit(sql.lit(COUNT_CAP + 1));
        const [row] = await runWithOnePlan(
          db,
          db.selectFrom(matching.as('matching')).select((eb) => eb.fn.countAll<number>().as('n')),
        );
        return capAt(Number(row?.n ?? 0), COUNT_CAP);
      }
      const assignee = filters.assignee === 'none' ? 0 : filters.assignee;
      const { status } = filters;
      const rows =
        status && assignee !== undefined
          ? await keptCount.both(db, { status, assignee })
          : status
            ? await keptCount.status(db, { status })
            : assignee !== undefined
              ? await keptCount.assignee(db, { assignee })
              : await keptCount.all(db, {});
      return { count: Number(rows[0]?.n ?? 0), capped: false };
    },
    /** `limit` rows from `offset` in the list's order: overdue follow-ups first, then the rest newest first. */
    page(filters: CounselingFilters, limit: number, offset: number) {
      const window = { today: istToday(), limit, offset, reach: offset + limit };
      const where = conditions(filters);
      if (!where.length) return unfilteredPage(db, window);
      // A first page: one plan per shape of the filters and page size, its day and search hidden from the
      // planner (decision record 089); a page by number keeps its plan per request, as the other lists' do.
      if (offset > 0) return pageQuery(db, where, window).execute();
      return runWithOnePlan(db, pageQuery(db, where, { ...window, limit: sql.lit(limit), reach: sql.lit(limit) }));
    },
  };
}
