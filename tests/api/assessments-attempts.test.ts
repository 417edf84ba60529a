import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES as M,
  ASSESSMENT_PATHS as P,
  type AttemptResult,
  type AttemptView,
  type Question,
  type SaveAck,
  type StudentTest,
} from '../../contract/index.ts';
import { runAssessmentPass } from '../../server/domains/assessments/results.ts';
import { assessmentApp, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { TEST_DB, type TestContext } from './support/harness.ts';
import { placementStudents } from './support/placement-fixtures.ts';

/** Attempts and results (decision records 071, 072): attempts allowed, seq order, the clock, ranks kept. */
let ctx: TestContext;
let w: AssessmentWorld;
let qs: Question[];

const { made, as } = assessmentApp();
beforeAll(() => ({ ctx, w, qs } = made));
const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('starting attempts', () => {
  it('fixes ends_at at the earlier of start + duration and closes_at, and refuses attempts beyond attempts_allowed', async () => {
    const closes = new Date(Date.now() + 30 * 60_000).toISOString();
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id]], {
      duration_minutes: 60,
      closes_at: closes,
      attempts_allowed: 2,
    });
    const first = await as(w.student.access, 'POST', P.startAttempt(test.id));
    expect(first.status).toBe(201);
    const a1 = first.body as AttemptView;
    expect(Date.parse(a1.ends_at)).toBe(Date.parse(closes));
    const again = await as(w.student.access, 'POST', P.startAttempt(test.id));
    expect(again.status).toBe(409);
    expect((again.body as { detail: string }).detail).toMatch(/in progress/);
    await as(w.student.access, 'POST', P.submit(a1.id));
    const second = await as(w.student.access, 'POST', P.startAttempt(test.id));
    expect(second.status).toBe(201);
    expect(Date.parse((second.body as AttemptView).ends_at)).toBe(Date.parse(closes));
    await as(w.student.access, 'POST', P.submit((second.body as AttemptView).id));
    const third = await as(w.student.access, 'POST', P.startAttempt(test.id));
    expect(third.status).toBe(409);
    expect((third.body as { detail: string }).detail).toBe('You have used all 2 attempts of this test.');
    const listed = ((await as(w.student.access, 'GET', P.studentTests)).body as StudentTest[]).find(
      (t) => t.id === test.id,
    )!;
    expect(listed).toMatchObject({ state: 'open', attempts_used: 2, attempts_allowed: 2, open_attempt: null });
  });

  it('a short test ends at start + its duration', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[1]!.id]], { duration_minutes: 20 });
    const before = Date.now();
    const a = (await as(w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    const ends = Date.parse(a.ends_at) - Date.parse(a.started_at);
    expect(ends).toBe(20 * 60_000);
    expect(Date.parse(a.started_at)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('the attempt the start answers', () => {
  it('is the attempt a resume reads: sections, shuffled questions and options, no answers', async () => {
    const test = await makeTest(
      ctx,
      w.admin,
      w,
      [
        [qs[0]!.id, qs[1]!.id],
        [qs[2]!.id, qs[3]!.id],
      ],
      {
        shuffle_questions: true,
        shuffle_options: true,
        attempts_allowed: null,
      },
    );
    const who = await ctx.user('resumer');
    await placementStudents(ctx.db, w.batchA, [who.id], { status: 'active' });
    const started = (await as(who.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    const resumed = (await as(who.access, 'GET', P.attempt(started.id))).body as AttemptView;
    expect(started.sections.flatMap((s) => s.questions)).toHaveLength(4);
    expect(started.answers).toEqual([]);
    expect({ ...started, server_now: null }).toEqual({ ...resumed, server_now: null });
  });

  it('a submit answers the attempt as a read of it does: submitted, with its kept answers; a second submit the same', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id, qs[1]!.id]], { attempts_allowed: null });
    const who = await ctx.user('submitter');
    await placementStudents(ctx.db, w.batchA, [who.id], { status: 'active' });
    const a = (await as(who.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    await as(who.access, 'PUT', P.answer(a.id, qs[1]!.id), { answer: ['B'], seq: 3, marked_for_review: true });
    const submitted = (await as(who.access, 'POST', P.submit(a.id))).body as AttemptView;
    const read = (await as(who.access, 'GET', P.attempt(a.id))).body as AttemptView;
    expect(submitted.submitted_at).not.toBeNull();
    expect(submitted.answers).toMatchObject([{ question: qs[1]!.id, answer: ['B'], marked_for_review: true, seq: 3 }]);
    expect({ ...submitted, server_now: null }).toEqual({ ...read, server_now: null });
    const again = (await as(who.access, 'POST', P.submit(a.id))).body as AttemptView;
    expect({ ...again, server_now: null }).toEqual({ ...read, server_now: null });
  });
});

describe('saving answers', () => {
  it('is idempotent and a lower seq never overwrites a higher one', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id, qs[1]!.id]]);
    const a = (await as(w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    const put = (seq: number, answer: string[] | null, mark = false, time?: number) =>
      as(w.student.access, 'PUT', P.answer(a.id, qs[0]!.id), {
        answer,
        seq,
        marked_for_review: mark,
        ...(time === undefined ? {} : { time_spent_seconds: time }),
      });
    expect(((await put(5, ['B'], true, 75)).body as SaveAck).kept_seq).toBe(5);
    // A late, older save changes nothing, and the screen's time on the question only grows.
    const stale = await put(3, ['C'], false, 20);
    expect(stale.status).toBe(200);
    expect((stale.body as SaveAck).kept_seq).toBe(5);
    expect(((await put(5, ['B'], true)).body as SaveAck).kept_seq).toBe(5);
    let view = (await as(w.student.access, 'GET', P.attempt(a.id))).body as AttemptView;
    expect(view.answers).toEqual([
      { question: qs[0]!.id, answer: ['B'], marked_for_review: true, seq: 5, time_spent_seconds: 75 },
    ]);
    await put(6, null);
    view = (await as(w.student.access, 'GET', P.attempt(a.id))).body as AttemptView;
    expect(view.answers[0]).toMatchObject({ answer: null, marked_for_review: false, seq: 6 });
    const bad = await as(w.student.access, 'PUT', P.answer(a.id, qs[0]!.id), { answer: ['Z'], seq: 7 });
    expect(bad.status).toBe(400);
    const stranger = await as(w.student.access, 'PUT', P.answer(a.id, qs[3]!.id), { answer: ['A'], seq: 8 });
    expect(stranger.status).toBe(404);
  });

  it('a save after the attempt was submitted is refused and not kept, though the server took saves for it before', async () => {
    // The server keeps an attempt it took a save for and checks the next save on it (decision record 096): the
    // save's statement must still find the attempt submitted since, as another process's submit would leave it.
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id, qs[1]!.id]]);
    const a = (await as(w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    const put = (question: number, seq: number) =>
      as(w.student.access, 'PUT', P.answer(a.id, question), { answer: ['A'], seq });
    expect((await put(qs[0]!.id, 1)).status).toBe(200);
    await ctx.db
      .updateTable('attempts')
      .set({ submitted_at: new Date().toISOString(), submitted_by: 'student' })
      .where('id', '=', a.id)
      .execute();
    for (const [question, seq] of [
      [qs[1]!.id, 2],
      [qs[0]!.id, 3],
    ] as const) {
      const late = await put(question, seq);
      expect(late.status).toBe(409);
      expect((late.body as { detail: string }).detail).toBe(M.submitted);
    }
    const kept = await ctx.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', a.id).execute();
    expect(kept.map((k) => [k.question_id, k.seq])).toEqual([[qs[0]!.id, 1]]);
  });

  it('a save more than 5 seconds after ends_at is refused with 409 and a message; within the grace it is kept', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[2]!.id]]);
    const a = (await as(w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    await ctx.db
      .updateTable('attempts')
      .set({ ends_at: new Date(Date.now() - 3000).toISOString() })
      .where('id', '=', a.id)
      .execute();
    expect((await as(w.student.access, 'PUT', P.answer(a.id, qs[2]!.id), { answer: ['A'], seq: 1 })).status).toBe(200);
    await ctx.db
      .updateTable('attempts')
      .set({ ends_at: new Date(Date.now() - 6000).toISOString() })
      .where('id', '=', a.id)
      .execute();
    const late = await as(w.student.access, 'PUT', P.answer(a.id, qs[2]!.id), { answer: ['B'], seq: 2 });
    expect(late.status).toBe(409);
    expect((late.body as { detail: string }).detail).toMatch(/Time is up/);
    // The housekeeping pass submits it, once, with the answer saved in time.
    const pass = await runAssessmentPass(ctx.db, TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    expect(pass.submitted).toBeGreaterThanOrEqual(1);
    const row = await ctx.db.selectFrom('attempts').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.submitted_by).toBe('timer');
    const kept = await ctx.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', a.id).execute();
    expect(kept.map((k) => k.answer)).toEqual(['["A"]']);
    const again = await runAssessmentPass(ctx.db, TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    expect(again.submitted).toBe(0);
  });
});

describe('results', () => {
  it('a closed mock test gives score with negative marks, sections, rank and percentile, computed once and kept', async () => {
    const s1 = [qs[0]!.id, qs[1]!.id];
    const s2 = [qs[2]!.id, qs[3]!.id];
    const test = await makeTest(ctx, w.instructor, w, [s1, s2], { attempts_allowed: 1 });
    // Five candidates: the student and four more of batch A.
    const people = [w.student];
    for (let i = 0; i < 4; i++) {
      const u = await ctx.user(`candidate${i}`);
      await placementStudents(ctx.db, w.batchA, [u.id], { status: 'active' });
      people.push(u);
    }
    // Correct answers per candidate: 4, 3, 3, 1 (+ 1 wrong), 0 (all wrong). Each question: +4 / −1.
    const plans: (string[] | null)[][] = [
      [['A'], ['A'], ['A'], ['A']],
      [['A'], ['A'], ['A'], null],
      [['A'], null, ['A'], ['A']],
      [['A'], ['B'], null, null],
      [['C'], ['B'], ['C'], ['B']],
    ];
    const ids: number[] = [];
    for (const [i, who] of people.entries()) {
      const a = (await as(who.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
      ids.push(a.id);
      const order = a.sections.flatMap((s) => s.questions.map((q) => q.id));
      expect(order).toEqual([...s1, ...s2]);
      for (const [j, q] of order.entries()) {
        const answer = plans[i]![j]!;
        if (answer) await as(who.access, 'PUT', P.answer(a.id, q), { answer, seq: 1, time_spent_seconds: 10 + j });
      }
      if (i < 4) await as(who.access, 'POST', P.submit(a.id));
    }
    // The test closes; the fifth candidate never submitted: the close pass does.
    await ctx.db
      .updateTable('tests')
      .set({ closes_at: past(1) })
      .where('id', '=', test.id)
      .execute();
    await ctx.db
      .updateTable('attempts')
      .set({ ends_at: past(1) })
      .where('test_id', '=', test.id)
      .execute();
    const dialect = TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
    expect((await runAssessmentPass(ctx.db, dialect)).closed).toBeGreaterThanOrEqual(1);
    expect((await runAssessmentPass(ctx.db, dialect)).closed).toBe(0);

    const result = (await as(w.student.access, 'GET', P.result(ids[0]!))).body as AttemptResult;
    expect(result).toMatchObject({
      score: 16,
      max_score: 16,
      correct: 4,
      wrong: 0,
      unanswered: 0,
      rank: 1,
      candidates: 5,
      percentile: 100,
    });
    expect(result.sections).toEqual([
      { title: 'Section 1', score: 8, max_score: 8, correct: 2, wrong: 0, unanswered: 0 },
      { title: 'Section 2', score: 8, max_score: 8, correct: 2, wrong: 0, unanswered: 0 },
    ]);
    expect(result.questions[0]).toMatchObject({ answer: ['A'], outcome: 'correct', time_spent_seconds: 10 });
    expect(result.questions[0]!.explanation).toMatch(/current assets over current liabilities/);
    const two = (await as(people[1]!.access, 'GET', P.result(ids[1]!))).body as AttemptResult;
    const three = (await as(people[2]!.access, 'GET', P.result(ids[2]!))).body as AttemptResult;
    expect([two.score, two.rank, two.percentile]).toEqual([12, 2, 80]);
    expect([three.score, three.rank, three.percentile]).toEqual([12, 2, 80]);
    const four = (await as(people[3]!.access, 'GET', P.result(ids[3]!))).body as AttemptResult;
    expect(four).toMatchObject({ score: 3, correct: 1, wrong: 1, unanswered: 2, rank: 4, percentile: 40 });
    const five = (await as(people[4]!.access, 'GET', P.result(ids[4]!))).body as AttemptResult;
    expect(five).toMatchObject({ score: -4, wrong: 4, rank: 5, percentile: 20 });

    // Kept, not recomputed: a changed answer key after the close changes no kept result.
    await as(w.admin.access, 'PATCH', P.question(qs[0]!.id), {
      explanation: 'Still current assets over current liabilities.',
    });
    await ctx.db.updateTable('questions').set({ answer: '["B"]' }).where('id', '=', qs[0]!.id).execute();
    const after = (await as(w.student.access, 'GET', P.result(ids[0]!))).body as AttemptResult;
    expect([after.score, after.rank, after.computed_at]).toEqual([16, 1, result.computed_at]);
    await ctx.db.updateTable('questions').set({ answer: '["A"]' }).where('id', '=', qs[0]!.id).execute();

    // The instructor's analysis: share correct, discrimination, option counts; and the CSV.
    const analysis = (await as(w.instructor.access, 'GET', P.testAnalysis(test.id))).body as {
      candidates: number;
      questions: { question: number; share_correct: number; option_counts: Record<string, number> }[];
    };
    expect(analysis.candidates).toBe(5);
    expect(analysis.questions[0]).toMatchObject({ share_correct: 80, option_counts: { A: 4, B: 0, C: 1 } });
    const csv = await as(w.instructor.access, 'GET', P.testScores(test.id));
    expect(csv.raw.split('\r\n').filter(Boolean)).toHaveLength(6);
    // A question used in a finished attempt cannot be deleted: retire it instead.
    const del = await as(w.admin.access, 'DELETE', P.question(qs[0]!.id));
    expect(del.status).toBe(409);
    expect((del.body as { detail: string }).detail).toMatch(/retire it instead/);
    const retired = await as(w.admin.access, 'PATCH', P.question(qs[0]!.id), { retired: true });
    expect((retired.body as Question).retired).toBe(true);
  });
});
