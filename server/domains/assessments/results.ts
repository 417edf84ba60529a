import type { Selectable } from 'kysely';
import { SAVE_GRACE_SECONDS } from '../../../contract/assessments.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createJobLockRepository } from '../../platform/db/job-locks.ts';
import { completeLesson } from '../lessons/index.ts';
import { attemptRepository } from './attempt-repository.ts';
import { answerOf, givenOf } from './present.ts';
import { assessmentRepository } from './repository.ts';
import { rankScores, scoreAttempt } from './scoring.ts';
import type { AttemptAnswersTable, AttemptRow, TestRow } from './tables.ts';

/**
 * Results are computed once and kept (decision record 071): an attempt's score when it is submitted (by
 * the student, or by the close pass when its time is over), the ranks of a test's candidates once, when
 * the test closes. Nothing here runs per request for a result that is already kept.
 */

/** How often the housekeeping pass of tests runs: ranks are ready within this of a test's close (+ its work). */
export const ASSESSMENT_PASS_MS = 15_000;

export type OrderItem = { section: string; question: number; options: string[] };

/** What a submit read and wrote: the attempt as submitted, its test and its kept answers. */
export type Submitted = {
  attempt: AttemptRow;
  test: TestRow;
  answers: Selectable<AttemptAnswersTable>[];
};

/**
 * Submits the attempt if it is still open, and keeps its scored result (in the caller's transaction). Answers
 * what it read (the attempt as submitted, its test, its answers), so the caller answers the attempt without
 * reading them again; null when the attempt was submitted already.
 */
export async function submitAttempt(
  trx: Db,
  attemptId: number,
  by: 'student' | 'timer',
  at: string,
): Promise<Submitted | null> {
  const attempts = attemptRepository(trx);
  const attempt = await attempts.markSubmitted(attemptId, at, by);
  if (!attempt) return null;
  const test = (await assessmentRepository(trx).test(attempt.test_id))!;
  const order = JSON.parse(attempt.question_order) as OrderItem[];
  const questions = new Map(
    (await assessmentRepository(trx).questionsByIds(order.map((o) => o.question))).map((q) => [q.id, q]),
  );
  const saved = await attempts.answers(attemptId);
  const answers = new Map(saved.map((a) => [a.question_id, a]));
  const scored = scoreAttempt(
    order.flatMap((o) => {
      const q = questions.get(o.question);
      if (!q) return [];
      const kept = answers.get(o.question);
      return [
        {
          question: o.question,
          section: o.section,
          answer: answerOf(q),
          marks: Number(q.marks),
          negative_marks: Number(q.negative_marks),
          given: givenOf(kept?.answer ?? null),
          time: kept?.time_spent_seconds ?? 0,
        },
      ];
    }),
  );
  const percent = scored.max_score > 0 ? (100 * scored.score) / scored.max_score : 0;
  const passed = percent >= Number(test.pass_percent);
  await attempts.insertResult({
    attempt_id: attemptId,
    test_id: test.id,
    student_id: attempt.student_id,
    score: scored.score,
    max_score: scored.max_score,
    correct: scored.correct,
    wrong: scored.wrong,
    unanswered: scored.unanswered,
    passed: passed ? 1 : 0,
    sections: JSON.stringify(scored.sections),
    questions: JSON.stringify(scored.questions),
    rank: null,
    percentile: null,
    candidates: null,
    computed_at: at,
  });
  // A lesson's quiz passed marks the lesson done (decision record 071).
  if (passed && test.lesson_id !== null) {
    await completeLesson(trx, { lessonId: test.lesson_id, programId: test.program_id }, attempt.student_id, at);
  }
  return { attempt, test, answers: saved };
}

/**
 * The close pass of one test, once: submits the attempts still open, then ranks each candidate's first
 * attempt (a mock test's candidates; a quiz is not ranked). Answers whether this call ran it.
 */
export async function finalizeTest(db: Db, testId: number, now = new Date()): Promise<boolean> {
  return inTransaction(db, (trx) => closeTest(trx, testId, now));
}

/** finalizeTest in the caller's transaction (the demo seed's). */
export async function closeTest(trx: Db, testId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const attempts = attemptRepository(trx);
  if (!(await attempts.claimResults(testId, at))) return false;
  for (const { id } of await attempts.expiredOpen(at, testId)) await submitAttempt(trx, id, 'timer', at);
  const test = (await assessmentRepository(trx).test(testId))!;
  if (test.kind !== 'mock') return true;
  const results = await attempts.results(testId);
  const first = new Map<number, (typeof results)[number]>();
  for (const r of results) if (!first.has(r.student_id)) first.set(r.student_id, r);
  const candidates = [...first.values()];
  const ranks = rankScores(candidates.map((c) => Number(c.score)));
  for (const [i, c] of candidates.entries()) {
    await attempts.setRank(c.attempt_id, ranks[i]!.rank, ranks[i]!.percentile, candidates.length);
  }
  return true;
}

/**
 * The housekeeping pass (every ASSESSMENT_PASS_MS, under its job lock: one instance at a time):
 * submits the attempts whose time and grace are over, then closes the tests that have closed. Each
 * submit and each close is conditional, so a pass that repeats one (another process, a retry) does nothing.
 */
export async function runAssessmentPass(
  db: Db,
  dialect: Dialect,
  now = new Date(),
): Promise<{ submitted: number; closed: number }> {
  const counts = { submitted: 0, closed: 0 };
  await createJobLockRepository(db, dialect).runAlone('assessments', async () => {
    const before = new Date(now.getTime() - SAVE_GRACE_SECONDS * 1000).toISOString();
    for (const { id } of await attemptRepository(db).expiredOpen(before)) {
      if (await inTransaction(db, (trx) => submitAttempt(trx, id, 'timer', now.toISOString()))) counts.submitted += 1;
    }
    for (const { id } of await attemptRepository(db).closedUncomputed(before)) {
      if (await finalizeTest(db, id, now)) counts.closed += 1;
    }
  });
  return counts;
}
