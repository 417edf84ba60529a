import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES as M,
  ASSESSMENT_PATHS as P,
  type AttemptView,
  type Question,
  type StudentTest,
} from '../../contract/index.ts';
import { assessmentApp, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import type { TestContext } from './support/harness.ts';

/**
 * A start decides on one read of the test, the caller's enrollment with its pause and the count of their
 * attempts (decision record 102): each rule that read carries still refuses or allows the start as it did
 * when the start read them one by one. On SQLite and PostgreSQL (TEST_DB).
 */
let ctx: TestContext;
let w: AssessmentWorld;
let qs: Question[];

const { made, as } = assessmentApp();
beforeAll(() => ({ ctx, w, qs } = made));

const start = (testId: number) => as(w.student.access, 'POST', P.startAttempt(testId));

async function studentEnrollment(): Promise<number> {
  const row = await ctx.db
    .selectFrom('enrollments')
    .select('id')
    .where('student_id', '=', w.student.id)
    .where('course_type', '=', 'program')
    .where('course_id', '=', w.programId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the start’s one read', () => {
  it('an unpaid instalment that pauses the enrollment refuses the start, naming it (403); paying it opens the start at once', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id]], { attempts_allowed: 3 });
    const enrollment = await studentEnrollment();
    const at = new Date().toISOString();
    const plan = await ctx.db
      .insertInto('instalment_plans')
      .values({
        program_id: w.programId,
        name: 'Three parts',
        schedule: '[]',
        total: 3000,
        is_active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const due = { enrollment_id: enrollment, plan_id: plan.id, amount: 1000, discount_paise: 0, coupon_code: null };
    const dates = { paid_at: null, created_at: at, updated_at: at };
    // A due instalment not (yet) marked suspended pauses nothing; a cancelled one marked once pauses nothing.
    await ctx.db
      .insertInto('instalments')
      .values([
        { ...due, ...dates, number: 1, due_on: '2026-01-01', status: 'due', suspended_at: null },
        { ...due, ...dates, number: 2, due_on: '2026-02-01', status: 'cancelled', suspended_at: at },
      ])
      .execute();
    const open = await start(test.id);
    expect(open.status).toBe(201);
    await as(w.student.access, 'POST', P.submit((open.body as AttemptView).id));
    // Nothing pauses it yet: the list says so.
    expect(
      ((await as(w.student.access, 'GET', P.studentTests)).body as StudentTest[]).find((t) => t.id === test.id),
    ).toMatchObject({ paused_due_on: null });

    const paused = await ctx.db
      .insertInto('instalments')
      .values({ ...due, ...dates, number: 3, due_on: '2026-03-01', status: 'due', suspended_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The test is still in their list, so the start says why it does not open, and how to end the pause.
    const listedOf = async () =>
      ((await as(w.student.access, 'GET', P.studentTests)).body as StudentTest[]).find((t) => t.id === test.id);
    expect(await listedOf()).toMatchObject({ state: 'open', paused_due_on: '2026-03-01' });
    const refused = await start(test.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: M.paused('2026-03-01') });

    await ctx.db.updateTable('instalments').set({ status: 'paid', paid_at: at }).where('id', '=', paused.id).execute();
    expect(await listedOf()).toMatchObject({ state: 'open', paused_due_on: null });
    const again = await start(test.id);
    expect(again.status).toBe(201);
    expect((again.body as AttemptView).test).toBe(test.id);
    await as(w.student.access, 'POST', P.submit((again.body as AttemptView).id));
  });

  it('the list counts each test’s questions, every section’s, per test', async () => {
    const three = await makeTest(ctx, w.admin, w, [[qs[0]!.id], [qs[1]!.id, qs[2]!.id]]);
    const one = await makeTest(ctx, w.admin, w, [[qs[3]!.id]]);
    const listed = (await as(w.student.access, 'GET', P.studentTests)).body as StudentTest[];
    expect(listed.find((t) => t.id === three.id)).toMatchObject({ questions: 3, state: 'open' });
    expect(listed.find((t) => t.id === one.id)).toMatchObject({ questions: 1, state: 'open' });
  });

  it('an enrollment that gives no access (on hold, inactive) hides the test', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[1]!.id]]);
    const enrollment = await studentEnrollment();
    const set = (values: { status?: 'active' | 'on_hold'; is_active?: 0 | 1 }) =>
      ctx.db.updateTable('enrollments').set(values).where('id', '=', enrollment).execute();
    try {
      await set({ status: 'on_hold' });
      expect((await start(test.id)).status).toBe(404);
      await set({ status: 'active', is_active: 0 });
      expect((await start(test.id)).status).toBe(404);
    } finally {
      await set({ status: 'active', is_active: 1 });
    }
    expect((await start(test.id)).status).toBe(201);
  });

  it('an attempt left open past its time is submitted by the next start, which counts it among those used', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[2]!.id]], { attempts_allowed: 2 });
    const first = (await start(test.id)).body as AttemptView;
    // Its time ran out a minute ago (beyond the 5 s grace) and nobody submitted it.
    const past = new Date(Date.now() - 60_000).toISOString();
    await ctx.db
      .updateTable('attempts')
      .set({ started_at: new Date(Date.now() - 61 * 60_000).toISOString(), ends_at: past })
      .where('id', '=', first.id)
      .execute();
    const second = await start(test.id);
    expect(second.status).toBe(201);
    const kept = await ctx.db
      .selectFrom('attempts')
      .select(['id', 'number', 'submitted_by'])
      .where('test_id', '=', test.id)
      .orderBy('number')
      .execute();
    expect(kept.map((a) => [a.id, a.number, a.submitted_by])).toEqual([
      [first.id, 1, 'timer'],
      [(second.body as AttemptView).id, 2, null],
    ]);
    await as(w.student.access, 'POST', P.submit((second.body as AttemptView).id));
    const third = await start(test.id);
    expect(third.status).toBe(409);
    expect((third.body as { detail: string }).detail).toBe('You have used all 2 attempts of this test.');
  });
});
