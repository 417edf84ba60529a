import {
  ASSESSMENT_MESSAGES as M,
  SAVE_GRACE_SECONDS,
  type AttemptResult,
  type QuestionResult,
  type SectionScore,
} from '../../../contract/assessments.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { formatIstDateTime } from '../../../contract/time.ts';
import { assertOwnAttempt } from './access.ts';
import { attemptRepository } from './attempt-repository.ts';
import { answerOf, toStudentQuestion } from './present.ts';
import { assessmentRepository } from './repository.ts';
import { finalizeTest, submitAttempt, type OrderItem } from './results.ts';
import type { ScoredQuestion } from './scoring.ts';
import type { TestRow } from './tables.ts';

/** When a test's results open to its students (decision record 071): ms since the epoch. */
export function resultsOpenAt(test: Pick<TestRow, 'results_at' | 'closes_at'>): number | null {
  if (test.results_at === 'immediately') return null;
  if (test.results_at === 'after_close') return Date.parse(test.closes_at);
  return Date.parse(test.results_at);
}

/** Whether the test has closed (and its grace for late saves is over): its ranks can be computed. */
export const closedAt = (test: Pick<TestRow, 'closes_at'>, now: number) =>
  now > Date.parse(test.closes_at) + SAVE_GRACE_SECONDS * 1000;

/**
 * GET /classroom/attempts/{id}/result/: the kept result, only once results_at has passed. If the test has
 * closed but no housekeeping pass has yet run its close, this request runs it, once (finalizeTest claims it).
 */
export async function attemptResult(db: Db, user: UserRow | null, id: number, now: number): Promise<AttemptResult> {
  const attempts = attemptRepository(db);
  const attempt = assertOwnAttempt(user, await attempts.attempt(id));
  const repo = assessmentRepository(db);
  let test = (await repo.test(attempt.test_id))!;
  const opens = resultsOpenAt(test);
  if (opens !== null && now < opens) {
    throw new HttpError(
      409,
      test.results_at === 'after_close' ? M.resultsAfterClose : M.resultsLater(formatIstDateTime(test.results_at)),
    );
  }
  if (test.kind === 'mock' && !test.results_computed_at && closedAt(test, now)) {
    await finalizeTest(db, test.id, new Date(now));
    test = (await repo.test(attempt.test_id))!;
  }
  let kept = await attempts.result(id);
  if (!kept && !attempt.submitted_at && Date.parse(attempt.ends_at) + SAVE_GRACE_SECONDS * 1000 < now) {
    await inTransaction(db, (trx) => submitAttempt(trx, id, 'timer', new Date(now).toISOString()));
    kept = await attempts.result(id);
  }
  if (!kept) throw new HttpError(409, 'Submit the attempt first: its result is computed when it is submitted.');
  const order = JSON.parse(attempt.question_order) as OrderItem[];
  const questions = new Map((await repo.questionsByIds(order.map((o) => o.question))).map((q) => [q.id, q]));
  const scored = new Map((JSON.parse(kept.questions) as ScoredQuestion[]).map((q) => [q.question, q]));
  const items: QuestionResult[] = order.flatMap((o) => {
    const q = questions.get(o.question);
    const s = scored.get(o.question);
    if (!q || !s) return [];
    return [
      {
        ...toStudentQuestion(q, o.options),
        section: o.section,
        your_answer: s.answer,
        answer: answerOf(q),
        outcome: s.outcome,
        marks_awarded: s.marks_awarded,
        explanation: q.explanation,
        time_spent_seconds: s.time_spent_seconds,
      },
    ];
  });
  const score = Number(kept.score);
  const max = Number(kept.max_score);
  return {
    attempt: id,
    test: test.id,
    title: test.title,
    kind: test.kind,
    score,
    max_score: max,
    percent: max > 0 ? Math.round((10_000 * score) / max) / 100 : 0,
    passed: kept.passed === 1,
    correct: kept.correct,
    wrong: kept.wrong,
    unanswered: kept.unanswered,
    sections: JSON.parse(kept.sections) as SectionScore[],
    questions: items,
    rank: kept.rank,
    percentile: kept.percentile === null ? null : Number(kept.percentile),
    candidates: kept.candidates,
    computed_at: kept.computed_at,
  };
}
