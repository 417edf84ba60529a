import { z } from 'zod';
import {
  ApiError,
  ASSESSMENT_PATHS as P,
  type AttemptResult,
  type AttemptView,
  type GivenAnswer,
  type SaveAck,
  type StudentTest,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { keepStarted } from './started-attempts.ts';

/**
 * The student's side of assessments (docs/api.md, "Assessments"; decision records 071, 072). The contract
 * types these answers without schemas: each is checked for the fields the screen reads first.
 */
const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const shaped = <T>(keys: string[]) =>
  z.custom<T>((v) => record(v) && keys.every((k) => k in v), 'Unexpected answer from the server.');

const StudentTestAnswer = shaped<StudentTest>(['id', 'title', 'state', 'open_attempt', 'last_attempt']);
const AttemptAnswer = shaped<AttemptView>(['id', 'test', 'ends_at', 'server_now', 'sections', 'answers']);
const SaveAnswer = shaped<SaveAck>(['question', 'kept_seq']);
const ResultSchema = shaped<AttemptResult>(['attempt', 'score', 'max_score', 'sections', 'questions']);

/** GET /classroom/tests/: the student's open, upcoming and finished tests. */
export const fetchStudentTests = () => api.list(P.studentTests, StudentTestAnswer);

/** POST /classroom/tests/{id}/attempts/: a new attempt, its order and its end fixed by the server. */
export const startAttempt = (testId: number) => api.post(P.startAttempt(testId), {}, AttemptAnswer);

/** GET /classroom/attempts/{id}/: the attempt with its kept answers (a reload resumes it). */
export const fetchAttempt = (attemptId: number) => api.get(P.attempt(attemptId), AttemptAnswer);

/**
 * The machine keeps a save queued on a network failure and drops one the server refuses (an ApiError):
 * no answer at all (status 0) and a server in trouble (5xx) are network failures here, not refusals.
 */
function asNetworkFailure(error: unknown): never {
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
    throw new Error(error.message);
  }
  throw error;
}

export type SaveInput = {
  question: number;
  answer: GivenAnswer;
  marked_for_review: boolean;
  seq: number;
  /** Absent in a queue kept by an earlier version of the screen. */
  time_spent_seconds?: number;
};

/** PUT /classroom/attempts/{id}/answers/{question}/: idempotent, kept by seq. */
export const saveAnswer = (attemptId: number, save: SaveInput) =>
  api
    .put(
      P.answer(attemptId, save.question),
      {
        answer: save.answer,
        marked_for_review: save.marked_for_review,
        seq: save.seq,
        ...(save.time_spent_seconds === undefined ? {} : { time_spent_seconds: save.time_spent_seconds }),
      },
      SaveAnswer,
    )
    .catch(asNetworkFailure);

/** What is still queued, in order (a save after the end is refused and skipped), then the submit. */
export async function submitAttempt(attemptId: number, queue: SaveInput[]): Promise<AttemptView> {
  await sendQueue(attemptId, queue);
  return api.post(P.submit(attemptId), {}, AttemptAnswer).catch(asNetworkFailure);
}

/** Sends each queued save in order; one the server refuses (an ApiError) is skipped, a network failure throws. */
async function sendQueue(attemptId: number, queue: SaveInput[]): Promise<void> {
  for (const save of queue) {
    await saveAnswer(attemptId, save).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  }
}

/**
 * Moves on to the next section early (decision record 083): what is queued first (this section's answers),
 * then POST /classroom/attempts/{id}/sections/{index}/enter/, which ends the current section now.
 */
export async function enterSection(attemptId: number, index: number, queue: SaveInput[]): Promise<AttemptView> {
  await sendQueue(attemptId, queue);
  return api.post(P.enterSection(attemptId, index), {}, AttemptAnswer).catch(asNetworkFailure);
}

/** Where /tests/:id starts: the attempt to answer (resumed or just started), or why there is none. */
export type ExamOpening =
  { kind: 'attempt'; title: string; attemptId: number } | { kind: 'closed'; test: StudentTest | null; reason: string };

/**
 * The start first (decision record 102): a test open now with attempts left starts at once, in one request, and
 * its answer is kept for the attempt's machine (started-attempts.ts). A refused start (409: an attempt in
 * progress, not open, none left; 403: an unpaid instalment pauses the enrollment; 404: not the student's) reads
 * the student's tests: an attempt in progress is resumed, otherwise the page says why there is none.
 */
export async function openExam(testId: number): Promise<ExamOpening> {
  let refusal: ApiError;
  try {
    const attempt = await startAttempt(testId);
    keepStarted(attempt, Date.now());
    return { kind: 'attempt', title: attempt.title, attemptId: attempt.id };
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 404, 409].includes(error.status)) throw error;
    refusal = error;
  }
  const test = (await fetchStudentTests()).find((t) => t.id === testId) ?? null;
  if (!test) return { kind: 'closed', test, reason: 'This test is not one of yours.' };
  if (test.open_attempt) return { kind: 'attempt', title: test.title, attemptId: test.open_attempt };
  const left = test.attempts_allowed === null || test.attempts_used < test.attempts_allowed;
  if (test.state === 'upcoming') return { kind: 'closed', test, reason: 'This test has not opened yet.' };
  if (test.state === 'finished') return { kind: 'closed', test, reason: 'This test has closed.' };
  if (!left) return { kind: 'closed', test, reason: 'You have used all your attempts at this test.' };
  return { kind: 'closed', test, reason: refusal.userMessage ?? 'This test cannot be started now.' };
}

/** A result, or the server's words for when it will be published (409 before results_at). */
export type ResultAnswer = { kind: 'result'; result: AttemptResult } | { kind: 'later'; message: string };

export async function fetchResult(attemptId: number): Promise<ResultAnswer> {
  try {
    return { kind: 'result', result: await api.get(P.result(attemptId), ResultSchema) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.userMessage) {
      return { kind: 'later', message: error.userMessage };
    }
    throw error;
  }
}
