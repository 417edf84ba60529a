import { z } from 'zod';

/**
 * The instructor's view of a test (decision record 071; server/domains/assessments/analysis.ts): every
 * attempt with its events, and per question the share correct, Kelley's discrimination index and how often
 * each option was chosen. Apart from contract/assessments.ts so only the instructor's pages load them.
 */
export const TestAttemptRow = z.object({
  id: z.number(),
  student: z.number(),
  student_name: z.string(),
  number: z.number(),
  started_at: z.string(),
  ends_at: z.string(),
  submitted_at: z.string().nullable(),
  submitted_by: z.string().nullable(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  correct: z.number().nullable(),
  wrong: z.number().nullable(),
  unanswered: z.number().nullable(),
  rank: z.number().nullable(),
  percentile: z.number().nullable(),
  events: z.array(z.object({ kind: z.string(), at: z.string() })),
});
export type TestAttemptRow = z.infer<typeof TestAttemptRow>;

export const TestAnalysis = z.object({
  test: z.number(),
  candidates: z.number(),
  questions: z.array(
    z.object({
      question: z.number(),
      topic: z.string(),
      text: z.string(),
      answer: z.unknown(),
      attempted: z.number(),
      share_correct: z.number().nullable(),
      discrimination_index: z.number().nullable(),
      option_counts: z.record(z.string(), z.number()),
    }),
  ),
});
export type TestAnalysis = z.infer<typeof TestAnalysis>;
