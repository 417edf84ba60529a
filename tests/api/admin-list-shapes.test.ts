import { describe, expect, it } from 'vitest';
import {
  API,
  COUNT_CAP,
  Enrollment,
  FILTERED_SEARCH_COUNT_CAP,
  Payment,
  istDayEnd,
  istDayStart,
  paginated,
} from '../../contract/index.ts';
import { SEARCH_TERMS, SHAPES, type Shape } from '../../scripts/bench/shapes.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { admin, ctx, useAdminApp } from './support/admin-app.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import { loadShape, type Course } from './support/shape-rows.ts';

/**
 * The admin Payments and Enrollments lists answer the same on every data shape the benchmark measures
 * (decision record 075): names that share a word, courses in long blocks, 90 % of the payments in one
 * month and one course. Each answer (its rows in order, the next page's, and the count) must equal what a
 * plain read of every row says, whatever indexes, kept totals and shortcuts the lists take.
 */

useAdminApp();

const DAY = 86_400_000;
const istDate = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
/** The 30-day range of each shape (as the benchmark's): the burst's month, else 240 to 211 days ago. */
const RANGE: Record<Shape, [number, number]> = { default: [240, 211], steady: [240, 211], burst: [179, 150] };

type Plain = {
  id: number;
  status: string;
  is_urgent: number;
  course_type: string;
  course_id: number;
  at: string;
  text: string;
  /** The course's title, from the catalogue. */
  title: string | null;
};

/** Every row of the list, read plainly (no filter in SQL), with its student's name, username and e-mail. */
const STUDENT = ['users.username', 'users.first_name', 'users.last_name', 'users.email'] as const;

async function plainRows(table: 'payments' | 'enrollments'): Promise<Plain[]> {
  const titles = new Map<string, string>();
  for (const p of await ctx.db.selectFrom('programs').select(['id', 'title']).execute())
    titles.set(`program ${p.id}`, p.title);
  for (const w of await ctx.db.selectFrom('workshops').select(['id', 'title']).execute())
    titles.set(`workshop ${w.id}`, w.title);
  const rows =
    table === 'payments'
      ? await ctx.db
          .selectFrom('payments')
          .innerJoin('users', 'users.id', 'payments.student_id')
          .select(['payments.id', 'payments.status', 'payments.is_urgent', 'payments.course_type'])
          .select(['payments.course_id', 'payments.created_at as at', ...STUDENT])
          .execute()
      : await ctx.db
          .selectFrom('enrollments')
          .innerJoin('users', 'users.id', 'enrollments.student_id')
          .select(['enrollments.id', 'enrollments.status', 'enrollments.is_urgent', 'enrollments.course_type'])
          .select(['enrollments.course_id', 'enrollments.enrolled_at as at', ...STUDENT])
          .execute();
  return rows.map(({ username, first_name, last_name, email, ...r }) => ({
    ...r,
    is_urgent: Number(r.is_urgent),
    title: titles.get(`${r.course_type} ${r.course_id}`) ?? null,
    text: `${username} ${first_name} ${last_name} ${email}`.toLowerCase(),
  }));
}

function expected(rows: Plain[], q: Record<string, string>): Plain[] {
  return rows
    .filter(
      (r) =>
        (!q.status || r.status === q.status) &&
        (!q.is_urgent || r.is_urgent === (q.is_urgent === 'true' ? 1 : 0)) &&
        (!q.course_type || r.course_type === q.course_type) &&
        (!q.course || r.course_id === Number(q.course)) &&
        (!q.date_from || r.at >= istDayStart(q.date_from)) &&
        (!q.date_to || r.at < istDayEnd(q.date_to)) &&
        (!q.search || r.text.includes(q.search.toLowerCase())),
    )
    .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
}

/** The course title an answer shows (a payment names it, an enrollment gives the course). */
const titleOf = (r: Payment | Enrollment) =>
  'program_title' in r ? (r.program_title ?? r.workshop_title) : (r.program?.title ?? r.workshop?.title ?? null);

async function get(url: string, table: 'payments' | 'enrollments') {
  const res = await ctx.request({ url, token: admin.access });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return paginated(table === 'payments' ? Payment : Enrollment).parse(res.body);
}

/** The bench's reads of a list: each filter alone and with the range, the combination, two terms. */
function queries(shape: Shape, course: number, now: number): Record<string, string>[] {
  const range = { date_from: istDate(now - RANGE[shape][0] * DAY), date_to: istDate(now - RANGE[shape][1] * DAY) };
  const terms = SEARCH_TERMS[shape];
  const alone: Record<string, string>[] = [
    { status: 'on_hold' },
    { status: 'completed' },
    { is_urgent: 'true' },
    { course_type: 'program' },
    { course_type: 'workshop' },
    { course: String(course) },
    { search: terms.rare.replace('48213', '42') },
    { search: terms.common },
  ];
  return [
    {},
    range,
    ...alone,
    ...alone.map((q) => ({ ...q, ...range })),
    { status: 'completed', course_type: 'program', ...range },
    { status: 'completed', course_type: 'program', search: terms.common },
  ];
}

describe.each(SHAPES)('admin lists on the %s shape', (shape) => {
  it('answer each read as a plain read of every row does', async () => {
    // Each shape starts from empty lists (and without the students of the shape before).
    await ctx.db.deleteFrom('enrollments').execute();
    await ctx.db.deleteFrom('payments').execute();
    await ctx.db.deleteFrom('users').where('role', '=', 'student').where('password_hash', '=', 'x').execute();
    const now = Date.now();
    const courses: Course[] = [];
    for (let i = 0; i < 3; i++)
      courses.push({ course_type: 'program', course_id: await createProgram(ctx, admin.access) });
    for (let i = 0; i < 2; i++)
      courses.push({
        course_type: 'workshop',
        course_id: await createWorkshop(ctx, admin.access, { max_participants: 500 }),
      });
    // 450 payments: one enrollment per (student, course) fits 100 students and 5 courses.
    await loadShape(ctx.db, shape, 450, courses, now);
    await expectTotalsMatchTables(ctx.db);

    for (const table of ['payments', 'enrollments'] as const) {
      const rows = await plainRows(table);
      for (const q of queries(shape, courses[0]!.course_id, now)) {
        const want = expected(rows, q);
        const qs = new URLSearchParams({ ...q, page_size: '20' }).toString();
        const page = await get(`${API.admin[table]}?${qs}`, table);
        const label = `${shape} ${table}?${qs}`;
        expect(
          page.results.map((r) => r.id),
          label,
        ).toEqual(want.slice(0, 20).map((r) => r.id));
        // Each row's course title (read for the page's courses at once, not per row).
        expect(page.results.map(titleOf), label).toEqual(want.slice(0, 20).map((r) => r.title));
        // The count: exact up to its cap, else the cap and count_capped (a search with another filter stops sooner).
        const cap = q.search && Object.keys(q).length > 1 ? FILTERED_SEARCH_COUNT_CAP : COUNT_CAP;
        if (want.length > cap) expect(page, label).toMatchObject({ count: cap, count_capped: true });
        else {
          expect(page.count, label).toBe(want.length);
          expect(page.count_capped, label).toBeUndefined();
        }
        // A page past the last one: no rows, and still the count (read on its own when no row carries it).
        if (!q.search) {
          const past = await get(
            `${API.admin[table]}?${new URLSearchParams({ ...q, page_size: '20', page: '30' })}`,
            table,
          );
          expect(past.results, `${label} page 30`).toEqual([]);
          expect(past.count, `${label} page 30`).toBe(want.length);
        }
        // The next page, through the cursor its link carries.
        if (page.next) {
          const next = await get(page.next, table);
          expect(
            next.results.map((r) => r.id),
            `${label} next`,
          ).toEqual(want.slice(20, 40).map((r) => r.id));
        } else expect(want.length, label).toBeLessThanOrEqual(20);
      }
    }
  });
});
