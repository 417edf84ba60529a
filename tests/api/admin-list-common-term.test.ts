import { PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API, FILTERED_SEARCH_COUNT_CAP } from '../../contract/index.ts';
import { createProgram, failedPaymentRow } from './support/fixtures.ts';
import { admin, ctx, useAdminApp } from './support/admin-app.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import { manyStudents } from './support/many-students.ts';
import { countingStatements, istDay, listAnswer } from './support/list-answers.ts';
import { createPaymentRepository } from '../../server/domains/payments/repositories/payments.ts';
import { createEnrollmentRepository } from '../../server/domains/enrollments/repository.ts';

/**
 * The first page of a term thousands of students match, alone or within a date range, is read by statements
 * compiled once whose plan does not depend on the values (decision record 089). Its rows and count must be
 * what the rows themselves say, for a closed range, open ends, a range under the count's cap and an empty one.
 */

useAdminApp();

describe('admin lists: a common term within a date range', () => {
  it('reads a term thousands of students match within a date range by its one plan, and answers as the rows do', async () => {
    const program = await createProgram(ctx, admin.access);
    const swarm = await manyStudents(ctx.db, 'swarm', 6_000);
    const solo = await manyStudents(ctx.db, 'solo', 300);
    const t0 = Date.parse('2025-06-01T00:00:00.000Z');
    const minute = (m: number) => new Date(t0 + m * 60_000).toISOString();
    // Every swarm student pays (and enrolls) one a minute; another student's row every 20 minutes between them;
    // 50 more swarm payments on 10 July (a range with fewer than the count's cap).
    const rows: Array<{ student: number; at: string; swarm: boolean }> = [
      ...swarm.map((id, i) => ({ student: id, at: minute(i), swarm: true })),
      ...solo.map((id, i) => ({ student: id, at: minute(i * 20 + 0.5), swarm: false })),
      ...swarm.slice(0, 50).map((id, i) => ({ student: id, at: minute(39 * 1440 + i), swarm: true })),
    ];
    const paymentIds: number[] = [];
    for (let start = 0; start < rows.length; start += 400) {
      const values = rows.slice(start, start + 400).map((r) => failedPaymentRow(r.student, program, r.at));
      paymentIds.push(
        ...(await ctx.db.insertInto('payments').values(values).returning('id').execute()).map((r) => r.id),
      );
    }
    const enrollmentIds: number[] = [];
    const enrolled = rows.slice(0, swarm.length + solo.length);
    for (let start = 0; start < enrolled.length; start += 400) {
      const values = enrolled.slice(start, start + 400).map((r) => ({
        student_id: r.student,
        course_type: 'program' as const,
        course_id: program,
        status: 'active' as const,
        is_active: 1,
        progress_percentage: 0,
        issue_description: '',
        admin_notes: '',
        is_urgent: 0,
        enrolled_at: r.at,
        updated_at: r.at,
      }));
      const ids = await ctx.db.insertInto('enrollments').values(values).returning('id').execute();
      enrollmentIds.push(...ids.map((r) => r.id));
    }
    const postgres = ctx.db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) await sql`analyze users`.execute(ctx.db);
    const counted = countingStatements(ctx.db);
    const payments = createPaymentRepository(counted.db);
    const enrollments = createEnrollmentRepository(counted.db);
    // What the rows say: a swarm student's rows in the range, newest first (then the higher id).
    const expected = (ids: number[], list: typeof rows, range: { date_from?: string; date_to?: string }) =>
      list
        .map((r, i) => ({ ...r, id: ids[i]! }))
        .filter((r) => r.swarm && (!range.date_from || istDay(r.at) >= range.date_from))
        .filter((r) => !range.date_to || istDay(r.at) <= range.date_to)
        .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
    const ranges: Array<Record<string, string>> = [
      { date_from: '2025-06-02', date_to: '2025-06-03' },
      { date_from: '2025-06-05' }, // open end
      { date_to: '2025-06-01' }, // open start
      { date_from: '2025-07-10', date_to: '2025-07-10' }, // 50: counted exactly
      { date_from: '2025-08-01' }, // none
    ];
    for (const range of ranges) {
      const label = JSON.stringify(range);
      for (const [list, ids, source] of [
        [payments, paymentIds, rows],
        [enrollments, enrollmentIds, enrolled],
      ] as const) {
        const want = expected(ids, source, range);
        await list.list({ search: 'swarm', ...range }, 3, { offset: 0 });
        counted.reset();
        const page = await list.list({ search: 'swarm', ...range }, 3, { offset: 0 });
        expect(
          page.rows.map((r) => r.id),
          label,
        ).toEqual(want.slice(0, 3).map((r) => r.id));
        expect(page.count, label).toEqual(
          want.length > FILTERED_SEARCH_COUNT_CAP
            ? { count: FILTERED_SEARCH_COUNT_CAP, capped: true }
            : { count: want.length, capped: false },
        );
        // PostgreSQL: one statement, the page with its students and its count. An empty page carries neither,
        // so the students are read, then the page the usual way beside the count.
        if (postgres) expect(counted.count(), label).toBe(want.length ? 1 : 4);
        if (postgres && want.length) expect(page.rows[0], label).toHaveProperty('range_count');
        // The answer of the API, and the next page through its cursor, agree with the rows.
        const url = `${list === payments ? API.admin.payments : API.admin.enrollments}?${new URLSearchParams({ search: 'swarm', ...range, page_size: '3' })}`;
        const answer = await listAnswer(url);
        expect(
          answer.results.map((r) => r.id),
          label,
        ).toEqual(want.slice(0, 3).map((r) => r.id));
        if (answer.next)
          expect(
            (await listAnswer(answer.next)).results.map((r) => r.id),
            label,
          ).toEqual(want.slice(3, 6).map((r) => r.id));
      }
    }
    // The term alone is counted from its students' kept counts, not by its page: the page counts no rows, and
    // the count adds up the students' kept counts (past the first 1,001 of them, a statement of its own).
    if (postgres)
      for (const list of [payments, enrollments]) {
        counted.reset();
        const alone = await list.list({ search: 'swarm' }, 3, { offset: 0 });
        expect(alone.count).toEqual({ count: list === payments ? swarm.length + 50 : swarm.length, capped: false });
        expect(alone.rows[0]).not.toHaveProperty('range_count');
        expect(counted.count()).toBe(2);
      }
    // PostgreSQL plans the statement once per connection: after its first five runs (custom plans, whatever
    // happens) its generic plan, whatever the range, as the values are hidden from the plan.
    if (postgres)
      await ctx.db.connection().execute(async (conn) => {
        const onOne = createPaymentRepository(conn);
        for (let day = 1; day <= 8; day++)
          await onOne.list({ search: 'swarm', date_from: `2025-06-0${day}` }, 3, { offset: 0 });
        const { rows: plans } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements
          where statement like '%strpos(users.search_text%' and statement like '%from "payments"%'
          and statement like '%strpos((select student.search_text%'`.execute(conn);
        expect(plans).toHaveLength(1);
        // (The pool's connection may have run them before: eight runs here or more, of which only five custom.)
        for (const plan of plans) {
          expect(Number(plan.custom_plans), plan.statement).toBe(5);
          expect(Number(plan.generic_plans), plan.statement).toBeGreaterThanOrEqual(3);
        }
      });
    await expectTotalsMatchTables(ctx.db);
  });
});
