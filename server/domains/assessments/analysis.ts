import { nameOrErased } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { csvLine } from '../../platform/lib/csv.ts';
import { attemptRepository } from './attempt-repository.ts';
import { answerOf, givenOf, optionsOf } from './present.ts';
import { assessmentRepository } from './repository.ts';
import { discriminationIndex, type ScoredQuestion } from './scoring.ts';

/**
 * The instructor's view of a test (decision record 071): every attempt with its events, the scores as
 * CSV, and per question the share correct, Kelley's discrimination index and how often each option was
 * chosen. Read from the kept results; the caller has checked the instructor manages the test.
 */

/** The student's name, or "account erased" (decision record 066). */
const name = (r: { first_name: string; last_name: string; username: string; email: string }) =>
  nameOrErased(`${r.first_name} ${r.last_name}`.trim() || r.username, r.email);

export async function testAttempts(db: Db, testId: number) {
  const repo = attemptRepository(db);
  const rows = await repo.testAttempts(testId);
  const events = await repo.events(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    student: r.student_id,
    student_name: name(r),
    number: r.number,
    started_at: r.started_at,
    ends_at: r.ends_at,
    submitted_at: r.submitted_at,
    submitted_by: r.submitted_by,
    score: r.score === null ? null : Number(r.score),
    max_score: r.max_score === null ? null : Number(r.max_score),
    correct: r.correct,
    wrong: r.wrong,
    unanswered: r.unanswered,
    rank: r.rank,
    percentile: r.percentile === null ? null : Number(r.percentile),
    events: events.filter((e) => e.attempt_id === r.id).map((e) => ({ kind: e.kind, at: e.at })),
  }));
}

export async function scoresCsv(db: Db, testId: number): Promise<string> {
  const rows = await testAttempts(db, testId);
  const header = ['attempt', 'student', 'name', 'number', 'submitted_at', 'score', 'max_score', 'correct', 'wrong'];
  header.push('unanswered', 'rank', 'percentile', 'tab_switches');
  return (
    '\uFEFF' +
    csvLine(header) +
    rows
      .map((r) =>
        csvLine([
          ...[r.id, r.student, r.student_name, r.number, r.submitted_at, r.score, r.max_score, r.correct, r.wrong],
          ...[r.unanswered, r.rank, r.percentile, r.events.filter((e) => e.kind === 'tab_hidden').length],
        ]),
      )
      .join('')
  );
}

export async function testAnalysis(db: Db, testId: number) {
  const attempts = attemptRepository(db);
  const results = await attempts.results(testId);
  const links = await assessmentRepository(db).testQuestions([testId]);
  const questions = await assessmentRepository(db).questionsByIds(links.map((l) => l.question_id));
  const answers = await attempts.submittedAnswers(testId);
  const outcomes = results.map((r) => ({
    score: Number(r.score),
    byQuestion: new Map((JSON.parse(r.questions) as ScoredQuestion[]).map((q) => [q.question, q.outcome])),
  }));
  return {
    test: testId,
    candidates: results.length,
    questions: links.flatMap((l) => {
      const q = questions.find((x) => x.id === l.question_id);
      if (!q) return [];
      const correct = outcomes.filter((o) => o.byQuestion.get(q.id) === 'correct').length;
      const counts = Object.fromEntries(optionsOf(q).map((o) => [o.id, 0]));
      for (const a of answers.filter((x) => x.question_id === q.id)) {
        const given = givenOf(a.answer);
        if (Array.isArray(given)) for (const id of given) counts[id] = (counts[id] ?? 0) + 1;
      }
      return [
        {
          question: q.id,
          topic: q.topic,
          text: q.text,
          answer: answerOf(q),
          attempted: outcomes.filter((o) => o.byQuestion.get(q.id) && o.byQuestion.get(q.id) !== 'unanswered').length,
          share_correct: results.length ? Math.round((1000 * correct) / results.length) / 10 : null,
          discrimination_index: discriminationIndex(
            outcomes.map((o) => ({ score: o.score, correct: o.byQuestion.get(q.id) === 'correct' })),
          ),
          option_counts: counts,
        },
      ];
    }),
  };
}
