import { expect } from 'vitest';
import {
  API,
  COUNSELING_STATUSES,
  CounselingRequest,
  paginated,
  type CounselingStatus,
  type Paginated,
} from '../../../contract/index.ts';
import type { Db } from '../../../server/platform/db/connect.ts';
import type { TestContext } from './harness.ts';

/**
 * The admin counseling list as the API documents it, computed here from the rows themselves: which rows a
 * filter keeps, in what order they come, and what the kept counts (migration 021) must hold.
 */

export type Row = {
  id: number;
  name: string;
  email: string;
  phone: string;
  created_at: string;
  status: CounselingStatus;
  assignee_id: number | null;
  next_follow_up: string | null;
};
export type Filters = { status?: CounselingStatus; assignee?: number | 'none'; search?: string };

/** `days` calendar days from an IST day (YYYY-MM-DD). */
export const dayFrom = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A request written straight into the table (the test chooses its dates, status and assignee). */
export async function insertRequest(db: Db, values: Partial<Row> & { created_at: string }): Promise<Row> {
  return db
    .insertInto('counseling_requests')
    .values({
      name: 'Lead',
      email: 'lead@example.in',
      phone: '9876543210',
      interest: '',
      message: '',
      ...values,
    })
    .returning(['id', 'name', 'email', 'phone', 'created_at', 'status', 'assignee_id', 'next_follow_up'])
    .executeTakeFirstOrThrow();
}

/** Filters as the list applies them: search is a case-insensitive substring of name, email or phone. */
export function keeps(row: Row, filters: Filters): boolean {
  if (filters.status && row.status !== filters.status) return false;
  if (filters.assignee === 'none' && row.assignee_id !== null) return false;
  if (typeof filters.assignee === 'number' && row.assignee_id !== filters.assignee) return false;
  const search = filters.search?.toLowerCase();
  if (search && ![row.name, row.email, row.phone].some((field) => field.toLowerCase().includes(search))) return false;
  return true;
}

/** Overdue follow-ups first (open, due before today in IST), the oldest due first; then the rest; newest first within. */
export function listOrder(rows: Row[], today: string): number[] {
  const overdue = (r: Row) =>
    r.status !== 'converted' && r.status !== 'closed' && r.next_follow_up !== null && r.next_follow_up < today;
  const newestFirst = (a: Row, b: Row) =>
    a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      if (overdue(a) !== overdue(b)) return overdue(a) ? -1 : 1;
      if (overdue(a) && a.next_follow_up !== b.next_follow_up) return a.next_follow_up! < b.next_follow_up! ? -1 : 1;
      return newestFirst(a, b);
    })
    .map((r) => r.id);
}

export function query(filters: Filters & { page?: number; page_size?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return `${API.admin.counselingRequests}?${params.toString()}`;
}

export async function listPage(ctx: TestContext, token: string, url: string): Promise<Paginated<CounselingRequest>> {
  const res = await ctx.request({ url, token });
  expect(res.status).toBe(200);
  return paginated(CounselingRequest).parse(res.body) as Paginated<CounselingRequest>;
}

/** Every page from page 1 by following `next`: the ids in order, and each page as answered. */
export async function walk(ctx: TestContext, token: string, first: string) {
  const pages: Paginated<CounselingRequest>[] = [];
  for (let url: string | null = first; url; url = pages.at(-1)!.next) pages.push(await listPage(ctx, token, url));
  return { ids: pages.flatMap((p) => p.results.map((r) => r.id)), pages };
}

/** The kept counts by (status, assignee; 0 for nobody) equal a count of the table. */
export async function expectCounselingTotalsMatch(db: Db): Promise<void> {
  const recount = await db
    .selectFrom('counseling_requests')
    .select(['status', 'assignee_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['status', 'assignee_id'])
    .execute();
  const expected = Object.fromEntries(recount.map((r) => [`${r.status}/${r.assignee_id ?? 0}`, Number(r.n)]));
  const kept = await db.selectFrom('counseling_totals').selectAll().execute();
  const actual = Object.fromEntries(
    kept.filter((r) => Number(r.n) !== 0).map((r) => [`${r.status}/${r.assignee_id}`, Number(r.n)]),
  );
  expect(actual).toEqual(expected);
}

/** Every status and assignee filter, alone and together (and none), for these staff ids. */
export function statusAndAssigneeFilters(staff: number[]): Filters[] {
  const statuses = [undefined, ...COUNSELING_STATUSES];
  const assignees = [undefined, 'none' as const, ...staff];
  return statuses.flatMap((status) => assignees.map((assignee) => ({ status, assignee })));
}

/** The list's count for each filter equals a count of the rows the filter keeps. */
export async function expectCountsMatchRows(ctx: TestContext, token: string, filters: Filters[]): Promise<void> {
  const rows = (await ctx.db
    .selectFrom('counseling_requests')
    .select(['id', 'name', 'email', 'phone', 'created_at', 'status', 'assignee_id', 'next_follow_up'])
    .execute()) as Row[];
  for (const f of filters) {
    const page = await listPage(ctx, token, query({ ...f, page_size: 1 }));
    expect({ filters: f, count: page.count }).toEqual({ filters: f, count: rows.filter((r) => keeps(r, f)).length });
  }
}
