import { PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API, FILTERED_SEARCH_COUNT_CAP } from '../../contract/index.ts';
import { createProgram, createWorkshop, failedPaymentRow } from './support/fixtures.ts';
import { admin, ctx, useAdminApp } from './support/admin-app.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import { manyStudents } from './support/many-students.ts';
import { countingStatements, istDay, listAnswer } from './support/list-answers.ts';
import { createPaymentRepository } from '../../server/domains/payments/repositories/payments.ts';

/**
 * The admin Payments and Enrollments lists count what their filters match from kept totals (decision
 * record 059): by IST day, month and in all for the status, course, urgency and date filters, and from the
 * matching students' kept numbers for a search alone. Each answer's `count` must equal a count of the rows
 * themselves, for ranges inside a month, across months and years, with open ends and at the IST midnight.
 */

useAdminApp();

/** Payments written or deleted per statement by the tests with thousands of them: the kept totals' triggers run
 * once per row, so a statement of thousands of rows runs long on a loaded machine. */
const BATCH = 400;

type Student = { id: number; text: string };

async function student(username: string, first: string, last: string): Promise<Student> {
  const email = `${username}@example.in`;
  const row = await ctx.db
    .insertInto('users')
    .values({
      username,
      email,
      first_name: first,
      last_name: last,
      password_hash: 'x',
      role: 'student',
      created_at: '2024-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, text: `${username} ${first} ${last} ${email}`.toLowerCase() };
}

describe('admin list counts', () => {
  it('equal a count of the rows for every filter, date range and search', async () => {
    const programs = [await createProgram(ctx, admin.access), await createProgram(ctx, admin.access)];
    const workshop = await createWorkshop(ctx, admin.access, { max_participants: 500 });
    const students = [
      await student('diya7', 'Diya', 'Nair'),
      await student('kabir7', 'Kabir', 'Nair'),
      await student('meera7', 'Meera', 'Iyer'),
      await student('per_cent', 'Rohan', 'Das'),
      // Two students sharing a rare part: the index may read only "48213", the whole term decides.
      await student('alpha48213', 'Ira', 'Sen'),
      await student('beta48213', 'Om', 'Rao'),
    ];
    const courses = [
      { course_type: 'program' as const, course_id: programs[0]! },
      { course_type: 'program' as const, course_id: programs[1]! },
      { course_type: 'workshop' as const, course_id: workshop },
    ];
    const statuses = ['completed', 'failed', 'on_hold', 'cancelled', 'completed', 'refunded'] as const;
    // Times a few days apart from December 2025 to March 2026, some at 18:40 UTC (00:10 IST the next day).
    const times = Array.from({ length: 90 }, (_, i) => {
      const at = Date.parse('2025-12-20T06:00:00.000Z') + i * 1.13 * 86_400_000;
      return new Date(i % 4 === 0 ? at - (at % 86_400_000) + 18 * 3_600_000 + 40 * 60_000 : at).toISOString();
    });
    const payments = times.map((at, i) => {
      const status = statuses[i % statuses.length]!;
      return {
        student_id: students[i % students.length]!.id,
        ...courses[i % courses.length]!,
        status,
        amount: 1000,
        refunded_amount: status === 'refunded' ? 1000 : status === 'completed' && i % 5 === 0 ? 200 : 0,
        payment_method: 'upi' as const,
        admin_notes: '',
        is_urgent: i % 7 === 0 ? 1 : 0,
        created_at: at,
        updated_at: at,
      };
    });
    await ctx.db.insertInto('payments').values(payments).execute();
    // One enrollment per (student, course), as the table allows.
    const enrollments = students.flatMap((s, i) =>
      courses.map((c, j) => ({
        student_id: s.id,
        ...c,
        status: (['active', 'pending', 'completed', 'on_hold'] as const)[(i + j) % 4]!,
        is_active: 1,
        progress_percentage: 0,
        issue_description: '',
        admin_notes: '',
        is_urgent: (i + j) % 3 === 0 ? 1 : 0,
        enrolled_at: times[(i * 7 + j * 13) % times.length]!,
        updated_at: times[0]!,
      })),
    );
    await ctx.db.insertInto('enrollments').values(enrollments).execute();
    await expectTotalsMatchTables(ctx.db);

    const text = new Map(students.map((s) => [s.id, s.text]));
    type Row = {
      student_id: number;
      course_type: string;
      course_id: number;
      status: string;
      is_urgent: number;
      at: string;
      refunded?: number;
    };
    const matches = (row: Row, query: Record<string, string>) =>
      (!query.status ||
        (query.status === 'partly_refunded'
          ? row.status === 'completed' && (row.refunded ?? 0) > 0
          : row.status === query.status)) &&
      (!query.course_type || row.course_type === query.course_type) &&
      (!query.course || row.course_id === Number(query.course)) &&
      (!query.is_urgent || row.is_urgent === (query.is_urgent === 'true' ? 1 : 0)) &&
      (!query.date_from || istDay(row.at) >= query.date_from) &&
      (!query.date_to || istDay(row.at) <= query.date_to) &&
      (!query.search || text.get(row.student_id)!.includes(query.search.toLowerCase()));
    const paymentRows: Row[] = payments.map((p) => ({ ...p, at: p.created_at, refunded: p.refunded_amount }));
    const enrollmentRows: Row[] = enrollments.map((e) => ({ ...e, at: e.enrolled_at }));

    const queries: Record<string, string>[] = [
      {},
      { status: 'completed' },
      { status: 'partly_refunded' },
      { is_urgent: 'true', status: 'failed' },
      { course_type: 'program' },
      { course: String(programs[1]) },
      { date_from: '2026-01-01', date_to: '2026-01-31' }, // one whole month
      { date_from: '2026-01-05', date_to: '2026-01-20' }, // days inside a month
      { date_from: '2025-12-25', date_to: '2026-03-03' }, // partial months at both ends, whole ones between
      { date_from: '2025-12-01', date_to: '2026-02-28' }, // whole months only, across a year
      { date_from: '2026-02-01' }, // open end
      { date_to: '2026-01-10' }, // open start
      { date_from: '2027-01-01' }, // nothing on the page: the count is read on its own
      { status: 'completed', course_type: 'program', date_from: '2025-12-31', date_to: '2026-02-14' },
      { search: 'nair' },
      { search: 'diya nair' }, // across first and last name
      { search: 'per_' }, // the underscore matches itself
      { search: 'alpha48213' },
      { search: '48213' },
      { search: 'diya48213' }, // each part matches someone, the whole term no one
      { search: 'NAIR', status: 'completed' },
      { search: 'nobody' },
    ];
    for (const query of queries) {
      const qs = new URLSearchParams(query).toString();
      const paymentsPage = await listAnswer(`${API.admin.payments}?${qs}`);
      expect(paymentsPage.count, `payments ${qs}`).toBe(paymentRows.filter((r) => matches(r, query)).length);
      expect(paymentsPage.count_capped).toBeUndefined();
      if (query.status === 'partly_refunded' || query.status === 'refunded') continue;
      const enrollmentsPage = await listAnswer(`${API.admin.enrollments}?${qs}`);
      expect(enrollmentsPage.count, `enrollments ${qs}`).toBe(enrollmentRows.filter((r) => matches(r, query)).length);
    }
    // Every boundary of the IST day: each single day's count adds up to the whole.
    const days = [...new Set(paymentRows.map((r) => istDay(r.at)))];
    let sum = 0;
    for (const day of days) sum += (await listAnswer(`${API.admin.payments}?date_from=${day}&date_to=${day}`)).count;
    expect(sum).toBe(paymentRows.length);
  });

  it('counts a search over more than a thousand students exactly', async () => {
    const program = await createProgram(ctx, admin.access);
    const ids = await manyStudents(ctx.db, 'crowd', 1_100);
    const at = '2026-01-01T00:00:00.000Z';
    const row = (student: number) => failedPaymentRow(student, program, at);
    // 1,100 students, the first 200 with two payments: 1,300 between them, past the first 1,001 read.
    await ctx.db.insertInto('payments').values(ids.map(row)).execute();
    await ctx.db.insertInto('payments').values(ids.slice(0, 200).map(row)).execute();
    const page = await listAnswer(`${API.admin.payments}?search=crowd`);
    expect(page).toMatchObject({ count: 1_300 });
    expect(page.count_capped).toBeUndefined();
    await ctx.db.deleteFrom('payments').where('student_id', '=', ids[0]!).execute();
    expect((await listAnswer(`${API.admin.payments}?search=crowd`)).count).toBe(1_298);
    expect((await listAnswer(`${API.admin.payments}?search=crowd0`)).count).toBe(0);
    // With another filter the rows are counted (each looked up by its student past 1,000 students), up to
    // FILTERED_SEARCH_COUNT_CAP: past it the answer says the count stopped there.
    expect(await listAnswer(`${API.admin.payments}?search=crowd&status=failed`)).toMatchObject({
      count: FILTERED_SEARCH_COUNT_CAP,
      count_capped: true,
    });
    expect((await listAnswer(`${API.admin.payments}?search=crowd&status=completed`)).count).toBe(0);
    const first = await listAnswer(`${API.admin.payments}?search=crowd&page_size=3`);
    expect(first.results.map((p) => p.student.username)).toEqual(['crowd199', 'crowd198', 'crowd197']);
    await expectTotalsMatchTables(ctx.db);
  });

  it('reads the page of a term thousands of students match with its students, and answers the same', async () => {
    const program = await createProgram(ctx, admin.access);
    const ids = await manyStudents(ctx.db, 'horde', 6_000);
    // As many again who never paid: a term only they match is not one many students' payments match.
    await manyStudents(ctx.db, 'lead', 6_000);
    for (let start = 0; start < ids.length; start += BATCH) {
      const at = (i: number) => new Date(Date.parse('2025-06-01T00:00:00.000Z') + (start + i) * 60_000).toISOString();
      const rows = ids.slice(start, start + BATCH).map((id, i) => failedPaymentRow(id, program, at(i)));
      await ctx.db.insertInto('payments').values(rows).execute();
    }
    const postgres = ctx.db.getExecutor().adapter instanceof PostgresAdapter;
    // The students' sample (search-terms.ts) stands for the table's estimated size: as autovacuum keeps it.
    if (postgres) await sql`analyze users`.execute(ctx.db);
    // A handle of its own (so a sample of its own, taken now) that counts the statements it runs.
    const counted = countingStatements(ctx.db);
    const payments = createPaymentRepository(counted.db);
    const newest = ['horde5999', 'horde5998', 'horde5997'];
    await payments.list({ search: 'horde' }, 3, { offset: 0 });

    counted.reset();
    const many = await payments.list({ search: 'horde' }, 3, { offset: 0 });
    expect(many.count).toEqual({ count: 6_000, capped: false });
    expect(many.rows.map((r) => r.student_username)).toEqual(newest);
    // PostgreSQL: the page and its students in one statement, then the count reads past the first 1,001.
    if (postgres) expect(counted.count()).toBe(2);
    expect(
      (await listAnswer(`${API.admin.payments}?search=horde&page_size=3`)).results.map((p) => p.student.username),
    ).toEqual(newest);

    counted.reset();
    expect(await payments.list({ search: 'lead' }, 3, { offset: 0 })).toEqual({
      count: { count: 0, capped: false },
      rows: [],
    });
    // Their students first (none with a payment), then no page to read: not a page read in vain first.
    if (postgres) expect(counted.count()).toBe(2);

    counted.reset();
    const failed = await payments.list({ search: 'horde', status: 'failed' }, 3, { offset: 0 });
    expect(failed.count).toEqual({ count: FILTERED_SEARCH_COUNT_CAP, capped: true });
    expect(failed.rows.map((r) => r.student_username)).toEqual(newest);
    // With another filter too: the page and its students in one statement, then the rows counted.
    if (postgres) expect(counted.count()).toBe(2);

    // The sample still expects thousands; 700 students match now: their ids are read, the answer is right.
    // In statements of BATCH rows, as they were inserted: each deleted row moves the kept totals (four triggers,
    // about half a millisecond a row alone), and one statement of 5,300 rows ran past the 15-second statement
    // timeout on a loaded machine.
    const gone = ids.slice(0, 5_300);
    for (let start = 0; start < gone.length; start += BATCH) {
      await ctx.db
        .deleteFrom('payments')
        .where('student_id', 'in', gone.slice(start, start + BATCH))
        .execute();
    }
    const few = await payments.list({ search: 'horde' }, 3, { offset: 0 });
    expect(few.count).toEqual({ count: 700, capped: false });
    expect(few.rows.map((r) => r.student_username)).toEqual(newest);
    const empty = await payments.list({ search: 'horde', status: 'completed' }, 3, { offset: 0 });
    expect(empty).toEqual({ count: { count: 0, capped: false }, rows: [] });
    await expectTotalsMatchTables(ctx.db);
  });
});
