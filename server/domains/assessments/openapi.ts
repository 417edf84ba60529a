import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';
import {
  Analysis,
  AttemptResult,
  AttemptView,
  ImportProblems,
  InstructorAttempt,
  SaveAck,
  StudentTest,
} from './openapi-schemas.ts';

/** Assessments (decision records 071, 072, 083): the bank, tests, attempts, results and the instructor's analysis. */

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
      'Import questions from a CSV or an XLSX (multipart field "file", or a text/csv body): every row or none; 400 names each bad row and column',
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
    path: P.questionTemplateXlsx,
    summary: 'The same template as an Excel workbook (.xlsx)',
    responses: { 200: 'file' },
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
      'Start an attempt: ends_at = the earlier of now + duration and closes_at (and of the timed sections’ sum when every section is timed); questions in this attempt’s order, never the answers; each section’s ends_at. 403 while an unpaid instalment pauses the student’s enrollment',
    responses: { 201: AttemptView },
    errors: [403, 404, 409],
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
    summary:
      'Save one answer: idempotent, a lower seq never overwrites a higher one; 409 after ends_at + 5 s, or after its section’s end + 5 s',
    body: C.AnswerSave,
    responses: { 200: SaveAck },
    errors: [400, 404, 409],
  }),
  op({
    method: 'post',
    path: P.enterSection(),
    summary:
      'Move on to section {index} (0-based) of a test with timed sections: the next one, ending the current one now; the current one answers the attempt as it is. 409: a locked section, one further on, or a test without timed sections',
    responses: { 200: AttemptView },
    errors: [404, 409],
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
