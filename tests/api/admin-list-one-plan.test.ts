import { PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProgram, failedPaymentRow } from './support/fixtures.ts';
import { admin, ctx, useAdminApp } from './support/admin-app.ts';
import { manyStudents } from './support/many-students.ts';
import { createPaymentRepository } from '../../server/domains/payments/repositories/payments.ts';
import { createEnrollmentRepository } from '../../server/domains/enrollments/repository.ts';
import { runWithOnePlan } from '../../server/platform/db/compiled-once.ts';
import { createCounselingListRepository } from '../../server/domains/office/repositories/counseling-list.ts';

/**
 * A filtered admin list page without a search is one named statement per shape of its filters, whose
 * dates, ids and cursor the planner cannot see, so PostgreSQL keeps one plan per connection for it
 * (decision record 089). The answers themselves are compared with the rows in admin-list-shapes.test.ts.
 */

useAdminApp();

describe('admin list pages planned once', () => {
  it('runs a query with its parameters hidden and its literals untouched', async () => {
    // A literal holding a quote and "$1" stays as it is; the parameter is still the value it was.
    const [row] = await runWithOnePlan(
      ctx.db,
      ctx.db.selectNoFrom([sql.lit("it's $1").as('text'), sql<number>`${7}`.as('number')]),
    );
    expect(row).toEqual({ text: "it's $1", number: 7 });
  });

  it('keeps one plan per connection for a filtered page, whatever its dates, course and cursor', async () => {
    if (!(ctx.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    const program = await createProgram(ctx, admin.access);
    const students = await manyStudents(ctx.db, 'planned', 200);
    const at = (i: number) => new Date(Date.parse('2025-03-01T00:00:00.000Z') + i * 3_600_000).toISOString();
    await ctx.db
      .insertInto('payments')
      .values(students.map((id, i) => failedPaymentRow(id, program, at(i))))
      .execute();
    await ctx.db.connection().execute(async (conn) => {
      const payments = createPaymentRepository(conn);
      const enrollments = createEnrollmentRepository(conn);
      let after: { at: string; id: number } | null = null;
      for (let day = 1; day <= 8; day++) {
        const range = { date_from: `2025-03-0${day}`, date_to: `2025-03-0${day + 1}` };
        await payments.list({ status: 'failed', ...range }, 5, { offset: 0 });
        await enrollments.list({ course_type: 'program', ...range }, 5, { offset: 0 });
        const page = await payments.list({ course: program }, 5, after ? { after } : { offset: 0 });
        const last = page.rows.at(-1)!;
        after = { at: last.created_at, id: last.id };
      }
      const { rows: plans } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements
        where statement like '%"payments"."status" = ''failed''%'
           or statement like '%"enrollments"."course_type" = ''program''%'
           or statement like '%"payments"."course_id" = %'`.execute(conn);
      // The status and course type are written into the text; the first page and the cursor pages of a
      // course are two texts (the cursor's condition), each run here at least once.
      expect(plans.length).toBeGreaterThanOrEqual(4);
      for (const plan of plans) {
        const runs = Number(plan.custom_plans) + Number(plan.generic_plans);
        // Five custom plans at most (its first five runs), then the generic plan for every run after them.
        expect(Number(plan.custom_plans), plan.statement).toBe(Math.min(5, runs));
      }
      // The status's, the course type's and the cursor's texts ran more than five times: the generic plan served.
      const past = plans.filter((p) => Number(p.custom_plans) + Number(p.generic_plans) > 5);
      expect(past.length).toBeGreaterThanOrEqual(3);
      for (const plan of past) expect(Number(plan.generic_plans), plan.statement).toBeGreaterThan(0);
    });
  });

  it('keeps one plan per connection for a counseling search’s first page and its count, whatever the words', async () => {
    if (!(ctx.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    const at = new Date().toISOString();
    await ctx.db
      .insertInto('counseling_requests')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          name: `Lead ${i} Planned`,
          email: `lead${i}@planned.example`,
          phone: `98765${String(i).padStart(5, '0')}`,
          preferred_date: null,
          interest: 'Credit Analyst',
          message: '',
          created_at: at,
          status: i % 2 ? 'new' : 'contacted',
        })),
      )
      .execute();
    await ctx.db.connection().execute(async (conn) => {
      const counseling = createCounselingListRepository(conn);
      for (let i = 0; i < 8; i++) {
        const search = `lead${i}`;
        const [count, page] = [await counseling.count({ search }), await counseling.page({ search }, 26, 0)];
        // lead0 … lead7: itself and lead10 … lead59 that start with its digit.
        expect(page.length).toBe(count.count);
        expect(page.every((r) => r.email.includes(search))).toBe(true);
        await counseling.page({ search, status: 'new' }, 26, 0);
      }
      const { rows: plans } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements
        where statement like '%"counseling_requests"%like%'`.execute(conn);
      // The page, the page with a status (written in) and the count: three texts, eight runs each.
      expect(plans.length).toBe(3);
      for (const plan of plans) {
        expect(Number(plan.custom_plans), plan.statement).toBe(5);
        expect(Number(plan.generic_plans), plan.statement).toBe(3);
      }
    });
  });
});
