import { afterAll, beforeAll } from 'vitest';
import { ASSESSMENT_PATHS as P, type Question, type Test } from '../../../contract/index.ts';
import { insertBatch, insertProgram, istDay } from './certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';
import { placementStudents } from './placement-fixtures.ts';

/**
 * The people of the assessment tests (decision records 071, 072): a program with two batches, the
 * program's instructor (teaching batch A), another program's instructor, an administrator, a student
 * of batch A and a student of batch B.
 */
export async function assessmentWorld(ctx: TestContext) {
  const admin = await ctx.user('assessadmin', 'admin');
  const instructor = await ctx.user('assessteacher', 'instructor');
  const otherInstructor = await ctx.user('otherteacher', 'instructor');
  const student = await ctx.user('assessstudent');
  const otherStudent = await ctx.user('otherbatchstudent');
  const { programId, lessonIds } = await insertProgram(ctx.db, 'Credit Appraisal Assessments', 2);
  const other = await insertProgram(ctx.db, 'Another Program', 1);
  const batchA = (
    await insertBatch(ctx.db, programId, {
      name: 'Batch A',
      instructorId: instructor.id,
      endsOn: istDay(60),
      sessions: 0,
    })
  ).batchId;
  const batchB = (
    await insertBatch(ctx.db, programId, { name: 'Batch B', instructorId: null, endsOn: istDay(60), sessions: 0 })
  ).batchId;
  await insertBatch(ctx.db, other.programId, {
    name: 'Other batch',
    instructorId: otherInstructor.id,
    endsOn: istDay(60),
    sessions: 0,
  });
  await placementStudents(ctx.db, batchA, [student.id], { status: 'active' });
  await placementStudents(ctx.db, batchB, [otherStudent.id], { status: 'active' });
  return {
    admin,
    instructor,
    otherInstructor,
    student,
    otherStudent,
    programId,
    lessonIds,
    otherProgram: other.programId,
    batchA,
    batchB,
  };
}

export type AssessmentWorld = Awaited<ReturnType<typeof assessmentWorld>>;

let serial = 0;

export async function makeQuestion(
  ctx: TestContext,
  who: TestUser,
  extra: Record<string, unknown> = {},
): Promise<Question> {
  serial += 1;
  const res = await ctx.request({
    method: 'POST',
    url: P.questions,
    token: who.access,
    body: {
      program: null,
      topic: 'Ratio analysis',
      kind: 'single',
      text: `Question ${serial}: which ratio measures short-term liquidity?`,
      options: [
        { id: 'A', text: 'Current ratio' },
        { id: 'B', text: 'Debt-equity ratio' },
        { id: 'C', text: 'DSCR' },
      ],
      answer: ['A'],
      explanation: `Explanation ${serial}: current assets over current liabilities.`,
      marks: 4,
      negative_marks: 1,
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`question: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Question;
}

const iso = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * 60_000).toISOString();

export async function makeTest(
  ctx: TestContext,
  who: TestUser,
  world: AssessmentWorld,
  questions: number[][],
  extra: Record<string, unknown> = {},
): Promise<Test> {
  const res = await ctx.request({
    method: 'POST',
    url: P.tests,
    token: who.access,
    body: {
      title: 'Mock test',
      program: world.programId,
      batch: world.batchA,
      kind: 'mock',
      sections: questions.map((q, i) => ({ title: `Section ${i + 1}`, questions: q })),
      duration_minutes: 60,
      opens_at: iso(-10),
      closes_at: iso(120),
      attempts_allowed: 1,
      results_at: 'after_close',
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`test: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Test;
}

/**
 * A test file's app on the run's database with the assessment world and four bank questions, made before its
 * tests and closed after; the file copies them out in its own beforeAll (registered after this one).
 */
export function assessmentApp() {
  const made = {} as { ctx: TestContext; w: AssessmentWorld; qs: Question[] };
  beforeAll(async () => {
    made.ctx = await createTestApp();
    made.w = await assessmentWorld(made.ctx);
    made.qs = [];
    for (let i = 0; i < 4; i++) made.qs.push(await makeQuestion(made.ctx, made.w.admin));
  });
  afterAll(async () => made.ctx?.close());
  /** A request as the token's user. */
  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown) =>
    made.ctx.request({ method, url, token, body });
  return { made, as };
}
