import { z } from 'zod';
import * as C from '../../../contract/index.ts';

/** The assessments API's answers (decision records 071, 072, 083), for the OpenAPI table in openapi.ts. */

const Given = C.GivenAnswer;
/** Figures that are null until the attempt is scored (or ranked). */
const nullableNumbers = <K extends string>(keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.number().nullable()])) as Record<K, z.ZodNullable<z.ZodNumber>>;
export const StudentQuestion = z.object({
  id: z.number(),
  kind: z.enum(C.QUESTION_KINDS),
  text: z.string(),
  text_hi: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), text: z.string(), text_hi: z.string().nullable() })),
  marks: z.number(),
  negative_marks: z.number(),
});
export const SavedAnswer = z.object({
  question: z.number(),
  answer: Given,
  marked_for_review: z.boolean(),
  seq: z.number(),
  time_spent_seconds: z.number(),
});
export const AttemptView = z.object({
  id: z.number(),
  test: z.number(),
  title: z.string(),
  kind: z.enum(C.TEST_KINDS),
  started_at: z.string(),
  ends_at: z.string(),
  server_now: z.string(),
  submitted_at: z.string().nullable(),
  /** Decision record 083: the section being answered when any section is timed (taken in order), else null. */
  current_section: z.number().nullable(),
  sections: z.array(
    z.object({
      title: z.string(),
      duration_minutes: z.number().nullable(),
      ends_at: z.string().nullable(),
      questions: z.array(StudentQuestion),
    }),
  ),
  answers: z.array(SavedAnswer),
});
export const SaveAck = z.object({
  question: z.number(),
  seq: z.number(),
  kept_seq: z.number(),
  server_now: z.string(),
});
export const StudentTest = z.object({
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
  paused_due_on: z
    .string()
    .nullable()
    .describe(
      'The due date of the unpaid instalment that pauses the enrollment (no new attempt until paid); null when nothing pauses it.',
    ),
});
const Counts = { correct: z.number(), wrong: z.number(), unanswered: z.number() };
export const AttemptResult = z.object({
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
export const ImportProblems = z.object({
  detail: z.string(),
  problems: z.array(z.object({ row: z.number(), column: z.string(), problem: z.string() })),
});
export const InstructorAttempt = z.object({
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
export const Analysis = z.object({
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
