import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_PATHS as P,
  CERTIFICATE_PATHS,
  Course as CourseAnswer,
  DELIVERY_PATHS,
  type AttemptView,
  type Question,
  type Test,
} from '../../contract/index.ts';
import { courseWith, enrollWithRecord, insertBatch, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * A test as a certificate rule (decision record 071's addendum), on the database TEST_DB names: a student
 * who meets every other rule is not eligible before passing the test, a failed attempt does not count, a
 * passed attempt whose result is not published yet does not count either, and the issue refuses like the
 * other rules until then. A certificate-rule test of another batch is not this student's rule.
 */

let ctx: TestContext;
let admin: TestUser;
let learner: TestUser;
let course: Awaited<ReturnType<typeof courseWith>>;
let enrollment: number;
let question: Question;

const iso = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  ctx.request({ method, url, token: who.access, body });

async function makeTest(title: string, extra: Record<string, unknown> = {}): Promise<Test> {
  const res = await as(admin, 'POST', P.tests, {
    title,
    program: course.programId,
    batch: course.batchId,
    kind: 'quiz',
    sections: [{ title: 'Section 1', questions: [question.id] }],
    duration_minutes: 30,
    opens_at: iso(-10),
    closes_at: iso(120),
    attempts_allowed: 3,
    pass_percent: 50,
    results_at: 'immediately',
    certificate_rule: true,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`test: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Test;
}

/** One attempt of the test by the learner, answered `answer`, submitted. */
async function attempt(test: Test, answer: string[]): Promise<void> {
  const started = await as(learner, 'POST', P.startAttempt(test.id));
  expect(started.status).toBe(201);
  const a = started.body as AttemptView;
  expect((await as(learner, 'PUT', P.answer(a.id, question.id), { answer, seq: 1 })).status).toBe(200);
  expect((await as(learner, 'POST', P.submit(a.id))).status).toBe(200);
}

const eligibility = async () =>
  CourseAnswer.parse((await as(learner, 'GET', DELIVERY_PATHS.course(enrollment))).body).eligibility!;
const issue = () => as(admin, 'POST', CERTIFICATE_PATHS.issue(enrollment));

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('ruleadmin', 'admin');
  learner = await ctx.user('rulelearner');
  course = await courseWith(ctx.db, {
    title: 'Credit Rating Program',
    lessons: 1,
    sessions: 0,
    assignments: [],
    instructorId: null,
  });
  // Every other rule met: the one lesson done, nothing held, no assignment set.
  enrollment = await enrollWithRecord(ctx.db, course, learner.id, { lessonsDone: 1, present: 0, marks: [] });
  const created = await as(admin, 'POST', P.questions, {
    program: course.programId,
    topic: 'Rating scales',
    kind: 'single',
    text: 'Which rating is the lowest investment grade on CRISIL’s long-term scale?',
    options: [
      { id: 'A', text: 'BBB-' },
      { id: 'B', text: 'BB+' },
    ],
    answer: ['A'],
  });
  expect(created.status).toBe(201);
  question = created.body as Question;
});
afterAll(async () => ctx?.close());

describe('a test that is a certificate rule', () => {
  it('is stored on the test, false unless set, and changed by PATCH', async () => {
    const plain = await makeTest('Practice quiz', { certificate_rule: undefined });
    expect(plain.certificate_rule).toBe(false);
    const patched = await ctx.request({
      method: 'PATCH',
      url: P.test(plain.id),
      token: admin.access,
      body: { certificate_rule: true },
    });
    expect(patched.status).toBe(200);
    expect((patched.body as Test).certificate_rule).toBe(true);
    const back = await ctx.request({
      method: 'PATCH',
      url: P.test(plain.id),
      token: admin.access,
      body: { certificate_rule: false },
    });
    expect((back.body as Test).certificate_rule).toBe(false);
    const bad = await ctx.request({
      method: 'PATCH',
      url: P.test(plain.id),
      token: admin.access,
      body: { certificate_rule: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object)).toEqual(['certificate_rule']);
  });

  it('is not eligible before passing it, a failed attempt does not count, a passed one does', async () => {
    // Another batch's certificate-rule test is not this student's rule.
    const other = await insertBatch(ctx.db, course.programId, {
      name: 'Other batch',
      instructorId: null,
      endsOn: istDay(30),
      sessions: 0,
    });
    await makeTest('Other batch’s test', { batch: other.batchId });
    const test = await makeTest('Rating scales test');

    let rules = await eligibility();
    expect(rules.eligible).toBe(false);
    expect(rules.tests).toEqual([
      { id: test.id, title: 'Rating scales test', pass_percent: 50, state: 'not_taken', met: false },
    ]);
    expect(rules.summary).toBe('Not yet eligible for a certificate: tests not passed yet: Rating scales test.');
    let refused = await issue();
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toBe(rules.summary);

    await attempt(test, ['B']);
    rules = await eligibility();
    expect(rules.eligible).toBe(false);
    expect(rules.tests[0]).toMatchObject({ state: 'not_passed', met: false });
    refused = await issue();
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toBe(
      'Not yet eligible for a certificate: tests not passed yet: Rating scales test.',
    );

    await attempt(test, ['A']);
    rules = await eligibility();
    expect(rules.tests[0]).toMatchObject({ state: 'passed', met: true });
    expect(rules).toMatchObject({ eligible: true, summary: null });

    // A second rule test whose results come after it closes: passed, but not counted until published.
    const later = await makeTest('Final mock', { kind: 'mock', results_at: 'after_close' });
    await attempt(later, ['A']);
    rules = await eligibility();
    expect(rules.eligible).toBe(false);
    expect(rules.tests.map((t) => [t.title, t.state])).toEqual([
      ['Rating scales test', 'passed'],
      ['Final mock', 'result_pending'],
    ]);
    expect((await issue()).status).toBe(400);
    await ctx.request({
      method: 'PATCH',
      url: P.test(later.id),
      token: admin.access,
      body: { certificate_rule: false },
    });

    const issued = await issue();
    expect(issued.status).toBe(201);
  });
});
