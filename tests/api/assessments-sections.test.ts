import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES as M,
  ASSESSMENT_PATHS as P,
  type AttemptView,
  type Question,
} from '../../contract/index.ts';
import { runAssessmentPass } from '../../server/domains/assessments/results.ts';
import { assessmentApp, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { TEST_DB, type TestContext } from './support/harness.ts';

/**
 * Section timers (decision record 083): timed sections are taken in order; the server fixes each one's end when
 * it is entered, refuses a save after that end + 5 s, locks what is over, and a resume finds the same ends.
 */
let ctx: TestContext;
let w: AssessmentWorld;
let qs: Question[];

const { made, as } = assessmentApp();
beforeAll(() => ({ ctx, w, qs } = made));
const minutes = (iso: string, from: string) => (Date.parse(iso) - Date.parse(from)) / 60_000;
const save = (attempt: number, question: number, seq: number) =>
  as(w.student.access, 'PUT', P.answer(attempt, question), { answer: ['A'], seq });
const dialect = () => (TEST_DB === 'postgres' ? 'postgres' : 'sqlite');

/** A two-section mock: questions 0–1 in a section of `first` minutes, 2–3 in one of `second`. */
async function start(first: number | null, second: number | null, duration = 60) {
  const test = await makeTest(ctx, w.admin, w, [], {
    duration_minutes: duration,
    sections: [
      { title: 'Credit appraisal', questions: [qs[0]!.id, qs[1]!.id], duration_minutes: first },
      { title: 'Banking regulation', questions: [qs[2]!.id, qs[3]!.id], duration_minutes: second },
    ],
  });
  const res = await as(w.student.access, 'POST', P.startAttempt(test.id));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as AttemptView;
}

/** Moves the kept end of the attempt's first section to `msAgo` before now (as if its time had run). */
async function endFirstSection(attempt: AttemptView, msAgo: number) {
  const row = await ctx.db
    .selectFrom('attempts')
    .select('sections')
    .where('id', '=', attempt.id)
    .executeTakeFirstOrThrow();
  const plan = JSON.parse(row.sections!) as { minutes: (number | null)[]; ends: string[] };
  plan.ends = [new Date(Date.now() - msAgo).toISOString()];
  await ctx.db
    .updateTable('attempts')
    .set({ sections: JSON.stringify(plan) })
    .where('id', '=', attempt.id)
    .execute();
  return plan.ends[0]!;
}

describe('timed sections', () => {
  it('fix the first section’s end at the start; the attempt lasts no longer than its timed sections', async () => {
    const a = await start(10, 20);
    expect(a.current_section).toBe(0);
    expect(minutes(a.sections[0]!.ends_at!, a.started_at)).toBe(10);
    expect(a.sections[1]!.ends_at).toBeNull();
    expect(minutes(a.ends_at, a.started_at)).toBe(30);
    // The later section's questions wait for it.
    const early = await save(a.id, qs[2]!.id, 1);
    expect(early.status).toBe(409);
    expect((early.body as { detail: string }).detail).toBe(M.sectionNotStarted);
    expect((await save(a.id, qs[0]!.id, 2)).status).toBe(200);
  });

  it('refuse a save after the section’s end + 5 s, accept it in the next section, and resume with the same ends', async () => {
    const a = await start(10, 20);
    await endFirstSection(a, 3000);
    expect((await save(a.id, qs[0]!.id, 1)).status).toBe(200); // within the grace
    const ended = await endFirstSection(a, 6000);
    const late = await save(a.id, qs[1]!.id, 2);
    expect(late.status).toBe(409);
    expect((late.body as { detail: string }).detail).toBe(M.sectionTimeUp);
    expect((await save(a.id, qs[2]!.id, 3)).status).toBe(200);
    // The next section was entered when the first ended: its 20 minutes run from then.
    const resumed = (await as(w.student.access, 'GET', P.attempt(a.id))).body as AttemptView;
    expect(resumed.current_section).toBe(1);
    expect(resumed.sections.map((s) => s.ends_at)).toEqual([
      ended,
      new Date(Date.parse(ended) + 20 * 60_000).toISOString(),
    ]);
    const again = (await as(w.student.access, 'GET', P.attempt(a.id))).body as AttemptView;
    expect(again.sections.map((s) => s.ends_at)).toEqual(resumed.sections.map((s) => s.ends_at));
    expect(resumed.answers.map((x) => x.question).sort()).toEqual([qs[0]!.id, qs[2]!.id].sort());
  });

  it('a student moves on early: the section ends then and is locked; the move repeats harmlessly', async () => {
    const a = await start(null, 5);
    expect(a.sections[0]!.ends_at).toBe(a.ends_at); // untimed: until the attempt's end unless left
    const before = Date.now();
    const moved = await as(w.student.access, 'POST', P.enterSection(a.id, 1));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const m = moved.body as AttemptView;
    expect(m.current_section).toBe(1);
    expect(Date.parse(m.sections[0]!.ends_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(minutes(m.sections[1]!.ends_at!, m.sections[0]!.ends_at!)).toBe(5);
    const repeat = (await as(w.student.access, 'POST', P.enterSection(a.id, 1))).body as AttemptView;
    expect(repeat.sections.map((s) => s.ends_at)).toEqual(m.sections.map((s) => s.ends_at));
    const back = await as(w.student.access, 'POST', P.enterSection(a.id, 0));
    expect(back.status).toBe(409);
    expect((back.body as { detail: string }).detail).toBe(M.sectionLocked);
    expect((await as(w.student.access, 'POST', P.enterSection(a.id, 7))).status).toBe(404);
    expect((await as(w.otherStudent.access, 'POST', P.enterSection(a.id, 1))).status).toBe(404);
    expect((await save(a.id, qs[3]!.id, 1)).status).toBe(200);
  });

  it('a test without timed sections has no order to keep', async () => {
    const a = await start(null, null);
    expect(a.current_section).toBeNull();
    expect(a.sections.map((s) => s.ends_at)).toEqual([null, null]);
    expect((await save(a.id, qs[3]!.id, 1)).status).toBe(200);
    const move = await as(w.student.access, 'POST', P.enterSection(a.id, 1));
    expect(move.status).toBe(409);
    expect((move.body as { detail: string }).detail).toBe(M.sectionsFree);
  });

  it('the housekeeping pass still submits an attempt with timed sections at its end, with what was saved in time', async () => {
    const a = await start(10, 20);
    expect((await save(a.id, qs[0]!.id, 1)).status).toBe(200);
    await endFirstSection(a, 6000);
    expect((await save(a.id, qs[2]!.id, 2)).status).toBe(200);
    await ctx.db
      .updateTable('attempts')
      .set({ ends_at: new Date(Date.now() - 6000).toISOString() })
      .where('id', '=', a.id)
      .execute();
    const late = await save(a.id, qs[3]!.id, 3);
    expect((late.body as { detail: string }).detail).toBe(M.timeUp);
    const pass = await runAssessmentPass(ctx.db, dialect());
    expect(pass.submitted).toBeGreaterThanOrEqual(1);
    const row = await ctx.db.selectFrom('attempts').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.submitted_by).toBe('timer');
    const kept = await ctx.db
      .selectFrom('attempt_answers')
      .select('question_id')
      .where('attempt_id', '=', a.id)
      .execute();
    expect(kept.map((k) => k.question_id).sort()).toEqual([qs[0]!.id, qs[2]!.id].sort());
    expect((await runAssessmentPass(ctx.db, dialect())).submitted).toBe(0);
  });
});

describe('section titles', () => {
  it('two sections of one test may not share a title (an attempt finds a question’s section by it)', async () => {
    const res = await as(w.admin.access, 'POST', P.tests, {
      title: 'Mock with a repeated section',
      program: w.programId,
      batch: w.batchA,
      kind: 'mock',
      sections: [
        { title: 'Credit appraisal', questions: [qs[0]!.id], duration_minutes: 10 },
        { title: ' credit Appraisal ', questions: [qs[1]!.id], duration_minutes: 10 },
      ],
      duration_minutes: 60,
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ 'sections.1.title': [M.sectionTitleTwice] });
  });
});
