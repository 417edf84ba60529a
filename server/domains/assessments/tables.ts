import type { Generated, Selectable } from 'kysely';
import type { QuestionKind } from '../../../contract/assessments.ts';

/** The assessments domain's tables (migration 031, decision records 071 and 072). */

export interface QuestionsTable {
  id: Generated<number>;
  /** Null: the shared bank (administrators change it; every instructor uses it). */
  program_id: number | null;
  topic: string;
  kind: QuestionKind;
  text: string;
  text_hi: string | null;
  /** JSON [{id, text, text_hi?}]. */
  options: string;
  /** JSON: option ids, or {value, tolerance}. */
  answer: string;
  explanation: string;
  marks: number;
  negative_marks: number;
  difficulty: 'easy' | 'medium' | 'hard';
  retired: Generated<number>;
  /** topic and text in lower case, for ?search=. */
  search_text: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface TestsTable {
  id: Generated<number>;
  title: string;
  program_id: number;
  batch_id: number | null;
  lesson_id: number | null;
  kind: 'quiz' | 'mock';
  duration_minutes: number;
  opens_at: string;
  closes_at: string;
  attempts_allowed: number | null;
  shuffle_questions: number;
  shuffle_options: number;
  pass_percent: number;
  /** "immediately", "after_close" or an ISO date-time. */
  results_at: string;
  /** 1: a passed attempt of it is a certificate rule of its batch (or every batch of its program); migration 039. */
  certificate_rule: Generated<number>;
  /** When the close-time pass (ranks) ran: once per test. */
  results_computed_at: string | null;
  /** Bumped by migration 043's triggers on every change to what its students are shown (decision record 090). */
  content_version: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface TestSectionsTable {
  id: Generated<number>;
  test_id: number;
  position: number;
  title: string;
  duration_minutes: number | null;
}

export interface TestQuestionsTable {
  test_id: number;
  section_id: number;
  question_id: number;
  position: number;
}

export interface AttemptsTable {
  id: Generated<number>;
  test_id: number;
  student_id: number;
  number: number;
  started_at: string;
  ends_at: string;
  submitted_at: string | null;
  submitted_by: 'student' | 'timer' | null;
  question_order: string;
  /** Migration 038: the section plan as JSON (contract/exam-sections.ts), null when no section is timed. */
  sections: string | null;
}

export interface AttemptAnswersTable {
  attempt_id: number;
  question_id: number;
  answer: string | null;
  marked_for_review: number;
  seq: number;
  time_spent_seconds: number;
  saved_at: string;
}

export interface AttemptEventsTable {
  id: Generated<number>;
  attempt_id: number;
  kind: string;
  at: string;
}

export interface AttemptResultsTable {
  attempt_id: number;
  test_id: number;
  student_id: number;
  score: number;
  max_score: number;
  correct: number;
  wrong: number;
  unanswered: number;
  passed: number;
  sections: string;
  questions: string;
  rank: number | null;
  percentile: number | null;
  candidates: number | null;
  computed_at: string;
}

export type QuestionRow = Selectable<QuestionsTable>;
export type TestRow = Selectable<TestsTable>;
export type AttemptRow = Selectable<AttemptsTable>;
