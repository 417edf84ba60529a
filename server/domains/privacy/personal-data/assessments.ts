import { STAFF, type TableClass } from './class.ts';

/**
 * Assessments' tables (decision record 071) for the data export: the bank and the tests are the
 * institute's teaching material; a student's attempts, answers, events and results are theirs and exported.
 * An erasure pseudonymises the account and keeps these rows (the other candidates' ranks count them).
 */
export const ASSESSMENT_DATA: Record<string, TableClass> = {
  questions: {
    notPersonal: [
      ...['id', 'program_id', 'topic', 'kind', 'text', 'text_hi', 'options', 'answer', 'explanation', 'marks'],
      ...['negative_marks', 'difficulty', 'retired', 'search_text', 'created_at', 'updated_at'],
    ],
    withheld: { created_by: STAFF },
  },
  tests: {
    notPersonal: [
      ...['id', 'title', 'program_id', 'batch_id', 'lesson_id', 'kind', 'duration_minutes', 'opens_at', 'closes_at'],
      ...['attempts_allowed', 'shuffle_questions', 'shuffle_options', 'pass_percent', 'results_at'],
      ...['results_computed_at', 'certificate_rule', 'content_version', 'created_at', 'updated_at'],
    ],
    withheld: { created_by: STAFF },
  },
  test_sections: { notPersonal: ['id', 'test_id', 'position', 'title', 'duration_minutes'] },
  test_questions: { notPersonal: ['test_id', 'section_id', 'question_id', 'position'] },
  attempts: {
    file: 'test_attempts',
    exported: [
      ...['id', 'test_id', 'number', 'started_at', 'ends_at', 'submitted_at', 'submitted_by', 'question_order'],
      'sections',
    ],
    withheld: { student_id: 'the account itself' },
  },
  attempt_answers: {
    file: 'test_answers',
    exported: ['attempt_id', 'question_id', 'answer', 'marked_for_review', 'seq', 'time_spent_seconds', 'saved_at'],
  },
  attempt_events: { file: 'test_attempt_events', exported: ['id', 'attempt_id', 'kind', 'at'] },
  attempt_results: {
    file: 'test_results',
    exported: [
      ...['attempt_id', 'test_id', 'score', 'max_score', 'correct', 'wrong', 'unanswered', 'passed', 'sections'],
      ...['questions', 'rank', 'percentile', 'candidates', 'computed_at'],
    ],
    withheld: { student_id: 'the account itself' },
  },
};
