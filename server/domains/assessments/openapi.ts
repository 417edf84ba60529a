import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** Assessments (decision records 071, 072): the bank, tests, attempts, results and the instructor's analysis. */

const Given = C.GivenAnswer;
/** Figures that are null until the attempt is scored (or ranked). */
const nullableNumbers = <K extends string>(keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.number().nullable()])) as Record<K, z.ZodNullable<z.ZodNumber>>;
const StudentQuestion = z.object({
  id: z.number(),
  kind: z.enum(C.QUESTION_KINDS),
  text: z.string(),
  text_hi: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), text: z.string(), text_hi: z.string().nullable() })),
  marks: z.number(),
  negative_marks: z.number(),
});
const SavedAnswer = z.object({
  question: z.number(),
  answer: Given,
  marked_for_review: z.boolean(),
  seq: z.number(),
  time_spent_seconds: z.number(),
});
const AttemptView = z.object({
  id: z.number(),
  test: z.number(),
  title: z.string(),
  kind: z.enum(C.TEST_KINDS),
  started_at: z.string(),
  ends_at: z.string(),
  server_now: z.string(),
  submitted_at: z.string().nullable(),
  sections: z.array(
    z.object({ title: z.string(), duration_minutes: z.number().nullable(), questions: z.array(StudentQuestion) }),
  ),
  answers: z.array(SavedAnswer),
});
const SaveAck = z.object({ question: z.number(), seq: z.number(), kept_seq: z.number(), server_now: z.string() });
const StudentTest = z.object({
  id: z.number(),
  title: z.string(),
  kind: z.enum(C.TEST_KINDS),
  program: z.number(),
  lesson: z.number().nullable(),
  state: z.enum(['upcoming', 'open', 'finished']),
  opens_at: z.string(),
  closes_at: z.string(),
  duration_minutes: z.number(),
  questions: z.number(),
  attempts_allowed: z.number().nullable(),
  attempts_used: z.number(),
  open_attempt: z.number().nullable(),
  last_attempt: z.number().nullable(),
  results_at: z.string(),
});
const Counts = { correct: z.number(), wrong: z.number(), unanswered: z.number() };
const AttemptResult = z.object({
  attempt: z.number(),
  test: z.number(),
  title: z.string(),
  kind: z.enum(C.TEST_KINDS),
  score: z.number(),
  max_score: z.number(),
  percent: z.number(),
  passed: z.boolean(),
  ...Counts,
  sections: z.array(z.object({ title: z.string(), score: z.number(), max_score: z.number(), ...Counts })),
  questions: z.array(
    StudentQuestion.extend({
      section: z.string(),
      your_answer: Given,
      answer: C.Question.shape.answer,
      outcome: z.enum(['correct', 'wrong', 'unanswered']),
      marks_awarded: z.number(),
      explanation: z.string(),
      time_spent_seconds: z.number(),
    }),
  ),
  rank: z.number().nullable(),
  percentile: z.number().nullable(),
  candidates: z.number().nullable(),
  computed_at: z.string(),
});
const ImportProblems = z.object({
  detail: z.string(),
  problems: z.array(z.object({ row: z.number(), column: z.string(), problem: z.string() })),
});
const InstructorAttempt = z.object({
  id: z.number(),
  student: z.number(),
  student_name: z.string(),
  number: z.number(),
  started_at: z.string(),
  ends_at: z.string(),
  submitted_at: z.string().nullable(),
  submitted_by: z.enum(['student', 'timer']).nullable(),
  ...nullableNumbers(['score', 'max_score', 'correct', 'wrong', 'unanswered', 'rank', 'percentile']),
  events: z.array(z.object({ kind: z.string(), at: z.string() })),
});
const Analysis = z.object({
  test: z.number(),
  candidates: z.number(),
  questions: z.array(
    z.object({
      question: z.number(),
      topic: z.string(),
      text: z.string(),
      answer: C.Question.shape.answer,
      attempted: z.number(),
      share_correct: z.number().nullable(),
      discrimination_index: z.number().nullable(),
      option_counts: z.record(z.string(), z.number()),
    }),
  ),
});

export const ASSESSMENT_NAMED: Record<string, z.ZodType> = {
  Question: C.Question,
  QuestionInput: C.QuestionInput,
  QuestionPatchInput: C.QuestionPatch,
  Test: C.Test,
  TestInput: C.TestInput,
  TestPatchInput: C.TestPatch,
  AttemptView,
  AttemptResult,
  AnswerSaveInput: C.AnswerSave,
  AttemptEventInput: C.AttemptEventInput,
};

const P = C.ASSESSMENT_PATHS;
const tag = 'Assessments';
const op = (o: Omit<Operation, 'tag' | 'access'> & { access?: Operation['access'] }): Operation => ({
  tag,
  access: 'user',
  ...o,
});

export const ASSESSMENT_OPERATIONS: Operation[] = [
  op({
    method: 'get',
    path: P.questions,
    summary: 'The question bank: the shared bank and the programs the caller teaches (all for an administrator)',
    query: C.QuestionQuery,
    responses: { 200: z.array(C.Question) },
    errors: [403],
  }),
  op({
    method: 'post',
    path: P.questions,
    summary: 'Add a question (program null: the shared bank, administrators only)',
    body: C.QuestionInput,
    responses: { 201: C.Question },
    errors: [400, 403],
  }),
  op({
    method: 'get',
    path: P.question(),
    summary: 'One question',
    responses: { 200: C.Question },
    errors: [403, 404],
  }),
  op({
    method: 'patch',
    path: P.question(),
    summary:
      'Change a question (retired: true retires it); its answer and marks are fixed once a finished attempt used it (409)',
    body: C.QuestionPatch,
    responses: { 200: C.Question },
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'delete',
    path: P.question(),
    summary: 'Delete a question (409 if a finished attempt used it: retire it instead)',
    responses: { 204: null },
    errors: [403, 404, 409],
  }),
  op({
    method: 'post',
    path: P.questionImport,
    summary:
      'Import questions from a CSV (multipart field "file", or a text/csv body): every row or none; 400 names each bad row and column',
    responses: { 201: z.object({ imported: z.number() }), 400: ImportProblems },
    errors: [403, 413, 415],
  }),
  op({
    method: 'get',
    path: P.questionTemplate,
    summary: 'The CSV template of the import, with three example rows',
    responses: { 200: 'csv' },
    errors: [403],
  }),
  op({
    method: 'get',
    path: P.tests,
    summary: 'The tests of the programs the caller teaches (all for an administrator)',
    responses: { 200: z.array(C.Test) },
    errors: [403],
  }),
  op({
    method: 'post',
    path: P.tests,
    summary: 'Create a quiz or a mock test with its sections',
    body: C.TestInput,
    responses: { 201: C.Test },
    errors: [400, 403],
  }),
  op({ method: 'get', path: P.test(), summary: 'One test', responses: { 200: C.Test }, errors: [403, 404] }),
  op({
    method: 'patch',
    path: P.test(),
    summary: 'Change a test (its questions are fixed once attempted: 409)',
    body: C.TestPatch,
    responses: { 200: C.Test },
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'delete',
    path: P.test(),
    summary: 'Delete a test nobody has attempted',
    responses: { 204: null },
    errors: [403, 404, 409],
  }),
  op({
    method: 'get',
    path: P.testAttempts(),
    summary: 'Every attempt of the test with its score, rank and events (tab switches, leaving full screen)',
    responses: { 200: z.array(InstructorAttempt) },
    errors: [403, 404],
  }),
  op({
    method: 'get',
    path: P.testAnalysis(),
    summary: 'Per question: share correct, discrimination index (upper/lower 27%), option choice counts',
    responses: { 200: Analysis },
    errors: [403, 404],
  }),
  op({
    method: 'get',
    path: P.testScores(),
    summary: 'The scores of every attempt as CSV',
    responses: { 200: 'csv' },
    errors: [403, 404],
  }),
  op({
    method: 'get',
    path: P.studentTests,
    summary: "The caller's tests: open, upcoming and finished, for their programs and batches",
    responses: { 200: z.array(StudentTest) },
  }),
  op({
    method: 'post',
    path: P.startAttempt(),
    summary:
      'Start an attempt: ends_at = the earlier of now + duration and closes_at; questions in this attempt’s order, never the answers',
    responses: { 201: AttemptView },
    errors: [404, 409],
  }),
  op({
    method: 'get',
    path: P.attempt(),
    summary: 'The caller’s attempt with its kept answers (to resume after a reload) and the server’s clock',
    responses: { 200: AttemptView },
    errors: [404],
  }),
  op({
    method: 'put',
    path: P.answer(),
    summary: 'Save one answer: idempotent, a lower seq never overwrites a higher one; 409 after ends_at + 5 s',
    body: C.AnswerSave,
    responses: { 200: SaveAck },
    errors: [400, 404, 409],
  }),
  op({
    method: 'post',
    path: P.submit(),
    summary: 'Submit the attempt (once; again answers the same attempt)',
    responses: { 200: AttemptView },
    errors: [404],
  }),
  op({
    method: 'post',
    path: P.events(),
    summary: 'Record a tab switch or leaving full screen (shown to the instructor)',
    body: C.AttemptEventInput,
    responses: { 204: null },
    errors: [400, 404, 409],
  }),
  op({
    method: 'get',
    path: P.result(),
    summary:
      'The kept result once results_at has passed (409 before): scores, sections, each answer and explanation, rank and percentile for a mock',
    responses: { 200: AttemptResult },
    errors: [404, 409],
  }),
];
