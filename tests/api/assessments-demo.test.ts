import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_PATHS as P,
  type AttemptResult,
  type AttemptView,
  type Question,
  type StudentTest,
} from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { DEMO_STUDENT } from '../../server/platform/db/seed.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/** The demo's assessments (npm start with no configuration): the bank, quizzes, an open and a finished mock. */
let ctx: TestContext;
let student: string;
let instructor: string;

const login = async (username: string, password: string) => {
  const res = await ctx.request({ method: 'POST', url: '/auth/token/', body: { username, password } });
  expect(res.status).toBe(200);
  return (res.body as { access: string }).access;
};

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  student = await login(DEMO_STUDENT.username, DEMO_STUDENT.password);
  instructor = await login(DEMO_INSTRUCTOR.username, DEMO_INSTRUCTOR.password);
});
afterAll(async () => ctx?.close());

describe('the demo assessments', () => {
  it('the shared bank holds at least 80 questions on the programs’ topics, some in Hindi', async () => {
    const bank = (await ctx.request({ url: P.questions, token: instructor })).body as Question[];
    expect(bank.length).toBeGreaterThanOrEqual(80);
    const topics = new Set(bank.map((q) => q.topic));
    for (const t of [
      'Ratio analysis',
      'CMA data',
      'Working-capital assessment',
      'NPA and IRAC norms',
      'Basel capital',
      'Credit rating scales',
    ]) {
      expect(topics, t).toContain(t);
    }
    expect(bank.filter((q) => q.text_hi).length).toBeGreaterThanOrEqual(10);
    const npa = (
      await ctx.request({
        url: `${P.questions}?topic=NPA%20and%20IRAC%20norms&search=Non-Performing`,
        token: instructor,
      })
    ).body as Question[];
    expect(npa.length).toBeGreaterThan(0);
  });

  it('the demo student has a quiz, an open two-section mock to take, and the finished mock’s result with rank among 40', async () => {
    const tests = (await ctx.request({ url: P.studentTests, token: student })).body as StudentTest[];
    expect(tests.some((t) => t.kind === 'quiz' && t.lesson !== null && t.state === 'open')).toBe(true);
    const open = tests.find((t) => t.kind === 'mock' && t.state === 'open')!;
    const finished = tests.find((t) => t.kind === 'mock' && t.state === 'finished')!;
    expect(finished.last_attempt).not.toBeNull();
    const result = (await ctx.request({ url: P.result(finished.last_attempt!), token: student })).body as AttemptResult;
    expect(result.candidates).toBe(40);
    expect(result.rank).toBeGreaterThanOrEqual(1);
    expect(result.sections).toHaveLength(2);
    expect(result.questions.every((q) => q.explanation.length > 0)).toBe(true);
    const started = await ctx.request({ method: 'POST', url: P.startAttempt(open.id), token: student });
    expect(started.status).toBe(201);
    expect((started.body as AttemptView).sections.map((s) => s.title)).toEqual([
      'Credit appraisal',
      'Banking regulation',
    ]);
  });
});
