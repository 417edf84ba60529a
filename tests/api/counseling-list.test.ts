import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, istToday } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import {
  dayFrom,
  expectCountsMatchRows,
  insertRequest,
  keeps,
  listOrder,
  listPage,
  query,
  statusAndAssigneeFilters,
  walk,
  type Row,
} from './support/counseling-list.ts';

/**
 * The admin counseling list (decision record 060): overdue follow-ups first, the oldest due first, then the
 * rest newest first, across page boundaries; each filter's rows and count; a search counted up to 10,000.
 */

let ctx: TestContext;
let admin: TestUser;
let today: string;
const at = (minute: number) => new Date(Date.parse('2026-01-05T04:00:00.000Z') + minute * 60_000).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('office', 'admin');
  today = istToday();
});
afterAll(async () => ctx?.close());

describe('order', () => {
  it('lists overdue follow-ups first on page 1 and on later pages, then the rest newest first', async () => {
    const put = (values: Partial<Row> & { created_at: string }) => insertRequest(ctx.db, values);
    const a = await put({ created_at: at(5), next_follow_up: dayFrom(today, -10) });
    const b = await put({ created_at: at(5), next_follow_up: dayFrom(today, -10), status: 'contacted' });
    const c = await put({ created_at: at(7), next_follow_up: dayFrom(today, -10) });
    const d = await put({ created_at: at(1), next_follow_up: dayFrom(today, -3) });
    const e = await put({ created_at: at(9), next_follow_up: dayFrom(today, -1), status: 'scheduled' });
    // Not overdue: due today, closed or converted (whatever the date), no date, due later.
    const dueToday = await put({ created_at: at(2), next_follow_up: today });
    const closed = await put({ created_at: at(8), next_follow_up: dayFrom(today, -20), status: 'closed' });
    const converted = await put({ created_at: at(3), next_follow_up: dayFrom(today, -30), status: 'converted' });
    const undated = await put({ created_at: at(6) });
    const later = await put({ created_at: at(6), next_follow_up: dayFrom(today, 30), status: 'contacted' });
    const oldest = await put({ created_at: at(0), status: 'contacted' });
    const expected = [c, b, a, d, e, closed, later, undated, converted, dueToday, oldest].map((r) => r.id);

    const threes = await walk(ctx, admin.access, query({ page_size: 3 }));
    expect(threes.ids).toEqual(expected);
    expect(threes.pages.map((p) => p.results.map((r) => r.id))).toEqual([
      expected.slice(0, 3),
      expected.slice(3, 6), // two overdue, then the newest of the rest
      expected.slice(6, 9),
      expected.slice(9),
    ]);
    expect(threes.pages.map((p) => p.count)).toEqual([11, 11, 11, 11]);
    expect(threes.pages[0]!.previous).toBeNull();
    expect(threes.pages[2]!.previous).toContain('page=2');
    expect(threes.pages.map((p) => p.count_capped)).toEqual([undefined, undefined, undefined, undefined]);
    // A page asked for by number answers the same rows as the walk.
    const second = await listPage(ctx, admin.access, query({ page: 2, page_size: 4 }));
    expect(second.results.map((r) => r.id)).toEqual(expected.slice(4, 8));
    expect(second.results[0]).toMatchObject({ id: e.id, status: 'scheduled', next_follow_up: dayFrom(today, -1) });
    const beyond = await listPage(ctx, admin.access, query({ page: 9, page_size: 3 }));
    expect(beyond).toMatchObject({ count: 11, next: null, results: [] });
    expect(beyond.previous).toContain('page=4');

    // The same order with a filter on top: open requests only, two at a time.
    const open = await walk(ctx, admin.access, query({ status: 'new', page_size: 2 }));
    expect(open.ids).toEqual([c, a, d, undated, dueToday].map((r) => r.id));
    expect(open.pages[0]!.count).toBe(5);
  });
});

describe('filters', () => {
  it('keeps the rows of each filter and combination, in list order, counted exactly', async () => {
    const [s1, s2] = [await ctx.user('counsellor_one', 'instructor'), await ctx.user('counsellor_two', 'admin')];
    const people = [
      ['Asha Rao', 'asha@example.in', '9876500001'],
      ['Vikram Seth', 'first_last@example.in', '9876500002'],
      ['Meera Nair', 'meera100%@example.in', '9123400003'],
      ['ASHA KULKARNI', 'ak@example.in', '9123400004'],
      ['Rohan Das', 'rohan@mail.example', '9000000005'],
    ];
    for (let i = 0; i < 40; i++) {
      const [name, email, phone] = people[i % people.length]!;
      await insertRequest(ctx.db, {
        created_at: at(100 + (i % 17)),
        name: name!,
        email: email!,
        phone: phone!,
        status: (['new', 'contacted', 'scheduled', 'converted', 'closed'] as const)[i % 5],
        assignee_id: [null, s1.id, s2.id][i % 3],
        next_follow_up: i % 4 === 0 ? null : dayFrom(today, (i % 7) - 4),
      });
    }
    const rows = (await ctx.db.selectFrom('counseling_requests').selectAll().execute()) as Row[];
    // Searches: case, % and _ as themselves, a phone, and one that would only match across two fields.
    const searches = [undefined, 'asha', 'ASHA', '_', '%', '00%', '987650', 'rao asha', 'asha rao'];
    for (const base of statusAndAssigneeFilters([s1.id, s2.id])) {
      for (const search of searches) {
        const filters = { ...base, search };
        const page = await listPage(ctx, admin.access, query({ ...filters, page_size: 200 }));
        const kept = rows.filter((r) => keeps(r, filters));
        expect({ filters, count: page.count, ids: page.results.map((r) => r.id) }).toEqual({
          filters,
          count: kept.length,
          ids: listOrder(kept, today),
        });
      }
    }
    expect(rows.filter((r) => keeps(r, { search: 'rao asha' }))).toEqual([]);
    expect(rows.filter((r) => keeps(r, { search: '_' })).length).toBe(8);
    await expectCountsMatchRows(ctx, admin.access, statusAndAssigneeFilters([s1.id, s2.id, 987_654]));
  });
});

describe('a search matching more than 10,000 requests', () => {
  it('is counted up to 10,000 and says so; next and previous still reach every row', async () => {
    const many = COUNT_CAP + 5;
    for (let start = 0; start < many; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, many - start) }, (_, i) => ({
        name: 'Bulk Lead',
        email: `bulk${start + i}@capped.example`,
        phone: '9000000000',
        interest: '',
        message: '',
        created_at: at(10_000 + start + i),
        next_follow_up: (start + i) % 500 === 0 ? dayFrom(today, -2) : null,
      }));
      await ctx.db.insertInto('counseling_requests').values(batch).execute();
    }
    const first = await listPage(ctx, admin.access, query({ search: 'CAPPED.example', page_size: 200 }));
    expect(first).toMatchObject({ count: COUNT_CAP, count_capped: true, previous: null });
    expect(first.next).toContain('page=2');
    // Overdue ones first (21 of them), then the newest.
    expect(first.results.slice(0, 21).every((r) => r.next_follow_up !== null)).toBe(true);
    expect(first.results[21]!.email).toBe(`bulk${many - 1}@capped.example`);
    const last = await listPage(ctx, admin.access, query({ search: 'capped.example', page: 51, page_size: 200 }));
    expect(last).toMatchObject({ count: COUNT_CAP, count_capped: true, next: null });
    expect(last.previous).toContain('page=50');
    expect(last.results).toHaveLength(5);
    const edge = await listPage(ctx, admin.access, query({ search: 'capped.example', page: 50, page_size: 200 }));
    expect(edge.next).toContain('page=51');
    const unfiltered = await listPage(ctx, admin.access, query({ page_size: 1 }));
    expect(unfiltered.count).toBeGreaterThan(COUNT_CAP);
    expect(unfiltered.count_capped).toBeUndefined();
    const narrow = await listPage(ctx, admin.access, query({ search: 'bulk1234@', page_size: 1 }));
    expect(narrow).toMatchObject({ count: 1, next: null });
    expect(narrow.count_capped).toBeUndefined();
  });
});
