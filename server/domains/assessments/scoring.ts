import type { GivenAnswer, SectionScore } from '../../../contract/assessments.ts';

/**
 * Scoring (decision record 071): a question is correct when the chosen options are exactly the answer's
 * (no part marks for a multiple-choice one) or a number is within the tolerance; correct earns its marks,
 * wrong loses its negative marks, unanswered is 0. Ranks and percentiles follow NTA's method.
 */

export type Outcome = 'correct' | 'wrong' | 'unanswered';
type Answer = string[] | { value: number; tolerance: number };

export function isUnanswered(given: GivenAnswer): boolean {
  return given === null || (Array.isArray(given) && given.length === 0);
}

export function outcomeOf(answer: Answer, given: GivenAnswer): Outcome {
  if (isUnanswered(given)) return 'unanswered';
  if (Array.isArray(answer)) {
    if (!Array.isArray(given)) return 'wrong';
    const chosen = new Set(given);
    return chosen.size === answer.length && answer.every((a) => chosen.has(a)) ? 'correct' : 'wrong';
  }
  // A small epsilon: 0.1 + 0.2 typed as 0.3 is correct.
  return typeof given === 'number' && Math.abs(given - answer.value) <= answer.tolerance + 1e-9 ? 'correct' : 'wrong';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export type ScoredQuestion = {
  question: number;
  section: string;
  answer: GivenAnswer;
  outcome: Outcome;
  marks_awarded: number;
  time_spent_seconds: number;
};

export type AttemptScore = {
  score: number;
  max_score: number;
  correct: number;
  wrong: number;
  unanswered: number;
  sections: SectionScore[];
  questions: ScoredQuestion[];
};

/** Scores one attempt: `items` in the attempt's order, each with the question's key and the kept answer. */
export function scoreAttempt(
  items: {
    question: number;
    section: string;
    answer: Answer;
    marks: number;
    negative_marks: number;
    given: GivenAnswer;
    time: number;
  }[],
): AttemptScore {
  const sections = new Map<string, SectionScore>();
  const questions: ScoredQuestion[] = [];
  for (const item of items) {
    const outcome = outcomeOf(item.answer, item.given);
    const awarded = outcome === 'correct' ? item.marks : outcome === 'wrong' ? -item.negative_marks : 0;
    const s = sections.get(item.section) ?? {
      title: item.section,
      score: 0,
      max_score: 0,
      correct: 0,
      wrong: 0,
      unanswered: 0,
    };
    s.score = round2(s.score + awarded);
    s.max_score = round2(s.max_score + item.marks);
    s[outcome] += 1;
    sections.set(item.section, s);
    questions.push({
      question: item.question,
      section: item.section,
      answer: item.given,
      outcome,
      marks_awarded: awarded,
      time_spent_seconds: item.time,
    });
  }
  const all = [...sections.values()];
  const sum = (k: 'score' | 'max_score' | 'correct' | 'wrong' | 'unanswered') => all.reduce((t, s) => t + s[k], 0);
  return {
    score: round2(sum('score')),
    max_score: round2(sum('max_score')),
    correct: sum('correct'),
    wrong: sum('wrong'),
    unanswered: sum('unanswered'),
    sections: all,
    questions,
  };
}

/**
 * Ranks of the candidates (each one score): rank = 1 + the candidates who scored more, so equal scores
 * share a rank (1, 2, 2, 4); percentile = 100 × the candidates who scored the same or less ÷ all
 * candidates, to 7 decimals, as NTA computes its percentile score (decision record 071).
 */
export function rankScores(scores: number[]): { rank: number; percentile: number }[] {
  const sorted = [...scores].sort((a, b) => a - b);
  const n = sorted.length;
  const atMost = (s: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! <= s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return scores.map((s) => {
    const notMore = atMost(s);
    return { rank: 1 + n - notMore, percentile: Math.round((1e9 * notMore) / n) / 1e7 };
  });
}

/**
 * Kelley's discrimination index from the upper and lower 27% of candidates by total score:
 * D = (correct in the upper group − correct in the lower group) ÷ the group's size. Null with fewer
 * than 2 candidates in a group (decision record 071).
 */
export function discriminationIndex(byScore: { score: number; correct: boolean }[]): number | null {
  const sorted = [...byScore].sort((a, b) => b.score - a.score);
  const g = Math.round(sorted.length * 0.27);
  if (g < 2) return null;
  const upper = sorted.slice(0, g).filter((c) => c.correct).length;
  const lower = sorted.slice(-g).filter((c) => c.correct).length;
  return Math.round(((upper - lower) / g) * 100) / 100;
}
