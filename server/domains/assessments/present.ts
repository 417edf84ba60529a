import type { GivenAnswer, Question, StudentQuestion, Test } from '../../../contract/assessments.ts';
import type { QuestionRow, TestRow } from './tables.ts';

/** Rows to answers (decision record 071). A student's question never carries the answer or the explanation. */

type Option = { id: string; text: string; text_hi?: string | null };
export const optionsOf = (row: Pick<QuestionRow, 'options'>) => JSON.parse(row.options) as Option[];
export const answerOf = (row: Pick<QuestionRow, 'answer'>) =>
  JSON.parse(row.answer) as string[] | { value: number; tolerance: number };
export const givenOf = (text: string | null): GivenAnswer => (text === null ? null : (JSON.parse(text) as GivenAnswer));

export function toQuestion(row: QuestionRow, used: boolean): Question {
  return {
    id: row.id,
    program: row.program_id,
    topic: row.topic,
    kind: row.kind,
    text: row.text,
    text_hi: row.text_hi,
    options: optionsOf(row).map((o) => ({ id: o.id, text: o.text, text_hi: o.text_hi ?? null })),
    answer: answerOf(row),
    explanation: row.explanation,
    marks: Number(row.marks),
    negative_marks: Number(row.negative_marks),
    difficulty: row.difficulty,
    retired: row.retired === 1,
    used,
  };
}

/** The question as a student sees it during an attempt: options in this attempt's order, no answer. */
export function toStudentQuestion(row: QuestionRow, optionOrder: string[]): StudentQuestion {
  const byId = new Map(optionsOf(row).map((o) => [o.id, o]));
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    text_hi: row.text_hi,
    options: optionOrder.flatMap((id) => {
      const o = byId.get(id);
      return o ? [{ id: o.id, text: o.text, text_hi: o.text_hi ?? null }] : [];
    }),
    marks: Number(row.marks),
    negative_marks: Number(row.negative_marks),
  };
}

export function toTest(
  row: TestRow,
  sections: { id: number; title: string; duration_minutes: number | null }[],
  questions: { section_id: number; question_id: number }[],
  attempts: number,
): Test {
  return {
    id: row.id,
    title: row.title,
    program: row.program_id,
    batch: row.batch_id,
    lesson: row.lesson_id,
    kind: row.kind,
    sections: sections.map((s) => ({
      title: s.title,
      duration_minutes: s.duration_minutes,
      questions: questions.filter((q) => q.section_id === s.id).map((q) => q.question_id),
    })),
    duration_minutes: row.duration_minutes,
    opens_at: row.opens_at,
    closes_at: row.closes_at,
    attempts_allowed: row.attempts_allowed,
    shuffle_questions: row.shuffle_questions === 1,
    shuffle_options: row.shuffle_options === 1,
    pass_percent: Number(row.pass_percent),
    results_at: row.results_at,
    certificate_rule: row.certificate_rule === 1,
    attempts,
    results_computed_at: row.results_computed_at,
  };
}
