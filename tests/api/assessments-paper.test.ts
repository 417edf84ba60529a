import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES as M,
  ASSESSMENT_PATHS as P,
  type AttemptView,
  type Question,
  type StudentQuestion,
} from '../../contract/index.ts';
import type { DatabaseHandle } from '../../server/platform/db/connect.ts';
import { assessmentWorld, makeQuestion, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { createTestApp, freshDatabase, TEST_DB, type TestContext } from './support/harness.ts';

/**
 * A test's paper kept in memory per process (decision record 090): two apps on one database (two instances,
 * each with its own kept papers). The instance that answered a start keeps the paper; a change made through
 * the other instance (a question's text, a question taken out) is in its very next answer, because the
 * test row's content_version (migration 043's triggers) says the kept paper is old. Saves through one instance
 * obey a submit or a section move made through the other at once (decision record 088's guarded statement).
 */
let handle: DatabaseHandle;
let one: TestContext;
let two: TestContext;
let w: AssessmentWorld;
let qs: Question[];

beforeAll(async () => {
  handle = await freshDatabase();
  one = await createTestApp({ handle });
  two = await createTestApp({ handle });
  w = await assessmentWorld(one);
  qs = [
    await makeQuestion(one, w.admin, {
      text_hi: 'कौन सा अनुपात अल्पकालिक तरलता मापता है?',
      options: [
        { id: 'A', text: 'Current ratio', text_hi: 'चालू अनुपात' },
        { id: 'B', text: 'Debt-equity ratio "D/E"' },
        { id: 'C', text: 'DSCR <b>bold</b> \\ back' },
      ],
    }),
    await makeQuestion(one, w.admin),
    await makeQuestion(one, w.admin, {
      kind: 'true_false',
      options: [
        { id: 'T', text: 'True' },
        { id: 'F', text: 'False' },
      ],
      answer: ['T'],
    }),
    await makeQuestion(one, w.admin, { kind: 'numeric', options: [], answer: { value: 1.33, tolerance: 0.01 } }),
  ];
}, 60_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await handle?.close();
});

const as = (
  ctx: TestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => ctx.request({ method, url, token, body });
const questionsOf = (a: AttemptView) => a.sections.flatMap((s) => s.questions);
const version = async (testId: number) =>
  (await handle.db.selectFrom('tests').select('content_version').where('id', '=', testId).executeTakeFirstOrThrow())
    .content_version;
/** The attempt's order as the database keeps it: question id to its option ids. */
async function keptOrder(attemptId: number) {
  const row = await handle.db
    .selectFrom('attempts')
    .select('question_order')
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.question_order) as { section: string; question: number; options: string[] }[];
}

describe(`a test's paper kept in memory, two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite database'}`, () => {
  it('a start answers every question as the bank has it, in the kept order, without answers, as JSON', async () => {
    const test = await makeTest(
      one,
      w.admin,
      w,
      [
        [qs[0]!.id, qs[1]!.id],
        [qs[2]!.id, qs[3]!.id],
      ],
      {
        batch: null,
        shuffle_questions: true,
        shuffle_options: true,
      },
    );
    const res = await as(two, w.student.access, 'POST', P.startAttempt(test.id));
    expect(res.status).toBe(201);
    expect(String(res.headers['content-type'])).toBe('application/json; charset=utf-8');
    expect(res.raw).not.toMatch(/"answer":\[|"explanation"|current assets over current liabilities/);
    const attempt = res.body as AttemptView;
    expect(attempt.answers).toEqual([]);
    expect(attempt.sections.map((s) => s.title)).toEqual(['Section 1', 'Section 2']);
    const order = await keptOrder(attempt.id);
    expect(questionsOf(attempt).map((q) => q.id)).toEqual(order.map((o) => o.question));
    for (const [i, shown] of questionsOf(attempt).entries()) {
      const bank = qs.find((q) => q.id === shown.id)!;
      const expected: StudentQuestion = {
        id: bank.id,
        kind: bank.kind,
        text: bank.text,
        text_hi: bank.text_hi,
        options: order[i]!.options.map((id) => {
          const o = bank.options.find((b) => b.id === id)!;
          return { id: o.id, text: o.text, text_hi: o.text_hi ?? null };
        }),
        marks: bank.marks,
        negative_marks: bank.negative_marks,
      };
      expect(shown).toEqual(expected);
      expect(Object.keys(shown)).toEqual(Object.keys(expected));
    }
    // The resume answers the same paper.
    const resumed = await as(one, w.student.access, 'GET', P.attempt(attempt.id));
    expect(resumed.status).toBe(200);
    expect((resumed.body as AttemptView).sections).toEqual(attempt.sections);
  });

  it('a change made through one instance is in the other instance’s next start and resume', async () => {
    const test = await makeTest(one, w.admin, w, [[qs[0]!.id, qs[1]!.id, qs[2]!.id]], {
      batch: null,
      attempts_allowed: 2,
    });
    const first = (await as(two, w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    expect(questionsOf(first).map((q) => q.text)).toContain(qs[1]!.text);
    const before = await version(test.id);

    // What a student is not shown does not make the paper old.
    const explained = await as(one, w.admin.access, 'PATCH', P.question(qs[1]!.id), { explanation: 'Reworded.' });
    expect(explained.status).toBe(200);
    expect(await version(test.id)).toBe(before);

    // A new text, through the first instance: the second instance's resume shows it.
    const text = 'Which ratio divides current assets by current liabilities?';
    expect((await as(one, w.admin.access, 'PATCH', P.question(qs[1]!.id), { text })).status).toBe(200);
    expect(await version(test.id)).toBeGreaterThan(before);
    const resumed = (await as(two, w.student.access, 'GET', P.attempt(first.id))).body as AttemptView;
    expect(questionsOf(resumed).find((q) => q.id === qs[1]!.id)?.text).toBe(text);

    // A question taken out of the bank (no finished attempt has it) leaves the paper of both.
    expect((await as(one, w.admin.access, 'DELETE', P.question(qs[2]!.id))).status).toBe(204);
    const after = (await as(two, w.student.access, 'GET', P.attempt(first.id))).body as AttemptView;
    expect(questionsOf(after).map((q) => q.id)).toEqual(
      questionsOf(first)
        .map((q) => q.id)
        .filter((id) => id !== qs[2]!.id),
    );

    // Another student's start on the second instance: the new text, without the deleted question.
    const other = await as(two, w.otherStudent.access, 'POST', P.startAttempt(test.id));
    expect(other.status).toBe(201);
    const shown = questionsOf(other.body as AttemptView);
    expect(shown.map((q) => q.id).sort()).toEqual([qs[0]!.id, qs[1]!.id].sort());
    expect(shown.find((q) => q.id === qs[1]!.id)?.text).toBe(text);
  });

  it('a change to a test’s sections before anyone attempts it makes its paper new', async () => {
    const test = await makeTest(one, w.admin, w, [[qs[0]!.id]], { batch: null });
    const before = await version(test.id);
    const patched = await as(one, w.admin.access, 'PATCH', P.test(test.id), {
      sections: [{ title: 'Only section', questions: [qs[0]!.id, qs[1]!.id], duration_minutes: null }],
    });
    expect(patched.status).toBe(200);
    expect(await version(test.id)).toBeGreaterThan(before);
    const start = (await as(two, w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    expect(start.sections.map((s) => [s.title, s.questions.length])).toEqual([['Only section', 2]]);
  });
});

describe(`saves through two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite database'}`, () => {
  const save = (ctx: TestContext, token: string, attempt: number, question: number, seq: number) =>
    as(ctx, token, 'PUT', P.answer(attempt, question), { answer: question === qs[3]!.id ? 1.33 : ['A'], seq });
  const kept = async (attempt: number) =>
    (
      await handle.db
        .selectFrom('attempt_answers')
        .select(['question_id', 'seq'])
        .where('attempt_id', '=', attempt)
        .orderBy('question_id')
        .execute()
    ).map((r) => [r.question_id, r.seq]);

  it('a submit through one instance refuses the other instance’s next save; a stranger’s save is 404', async () => {
    const test = await makeTest(one, w.admin, w, [[qs[0]!.id, qs[1]!.id]], { batch: null });
    const a = (await as(two, w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    expect((await save(two, w.student.access, a.id, qs[0]!.id, 1)).status).toBe(200);
    // Another student's token on the instance that keeps the attempt.
    const stranger = await save(two, w.otherStudent.access, a.id, qs[1]!.id, 5);
    expect(stranger.status).toBe(404);
    expect((await as(one, w.student.access, 'POST', P.submit(a.id))).status).toBe(200);
    const late = await save(two, w.student.access, a.id, qs[1]!.id, 2);
    expect(late.status).toBe(409);
    expect((late.body as { detail: string }).detail).toBe(M.submitted);
    expect(await kept(a.id)).toEqual([[qs[0]!.id, 1]]);
  });

  it('a move to the next section through one instance: the other instance takes its saves at once', async () => {
    const test = await makeTest(one, w.admin, w, [], {
      batch: null,
      sections: [
        { title: 'First', questions: [qs[0]!.id], duration_minutes: 10 },
        { title: 'Second', questions: [qs[1]!.id], duration_minutes: 10 },
      ],
    });
    const a = (await as(two, w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    expect((await save(two, w.student.access, a.id, qs[0]!.id, 1)).status).toBe(200);
    expect((await save(two, w.student.access, a.id, qs[1]!.id, 2)).status).toBe(409);
    expect((await as(one, w.student.access, 'POST', P.enterSection(a.id, 1))).status).toBe(200);
    expect((await save(two, w.student.access, a.id, qs[1]!.id, 3)).status).toBe(200);
    // The section left is closed 5 seconds after the move (the network's grace): a save in them is still kept.
    expect((await save(two, w.student.access, a.id, qs[0]!.id, 4)).status).toBe(200);
    expect(await kept(a.id)).toEqual(
      [
        [qs[0]!.id, 4],
        [qs[1]!.id, 3],
      ].sort((x, y) => x[0]! - y[0]!),
    );
  });

  it('a resent save (lower seq) keeps the higher one', async () => {
    const test = await makeTest(one, w.admin, w, [[qs[0]!.id]], { batch: null });
    const a = (await as(two, w.student.access, 'POST', P.startAttempt(test.id))).body as AttemptView;
    expect((await save(two, w.student.access, a.id, qs[0]!.id, 7)).status).toBe(200);
    const resent = await save(two, w.student.access, a.id, qs[0]!.id, 3);
    expect(resent.status).toBe(200);
    expect((resent.body as { kept_seq: number }).kept_seq).toBe(7);
    expect(await kept(a.id)).toEqual([[qs[0]!.id, 7]]);
  });
});
