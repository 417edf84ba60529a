import { z } from 'zod';
import { MULTI_LINE, CONTROL_CHARACTERS_MESSAGE, optionalText, required, requiredText } from './fields.ts';
import { ASSESSMENT_MESSAGES as M } from './assessment-paths.ts';
export { ASSESSMENT_MESSAGES, ASSESSMENT_PATHS, SAVE_GRACE_SECONDS } from './assessment-paths.ts';
/**
 * Assessments (decision records 071, 072): the question bank, quizzes and timed mock tests. A question's
 * answer is option ids, or a number with a tolerance for a numeric one; a student sees neither the answer
 * nor the explanation until the test's results_at has passed.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'numeric', 'true_false'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const TEST_KINDS = ['quiz', 'mock'] as const;
export const ATTEMPT_EVENT_KINDS = ['tab_hidden', 'tab_visible', 'fullscreen_exit', 'fullscreen_enter'] as const;

const hindi = z.string().trim().regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE).max(5000).nullish();
export const QuestionOption = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,8}$/, 'An option id is 1 to 8 letters or digits, such as A.'),
  text: requiredText('Option text').pipe(z.string().max(2000)),
  text_hi: hindi,
});
export const NumericAnswer = z.object({ value: z.number().finite(), tolerance: z.number().min(0).default(0) });
const marks = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(min, `${label} must be at least ${min}.`)
    .max(100, `${label} must be at most 100.`)
    .refine((n) => Math.round(n * 100) === n * 100, `${label} has at most two decimals.`);

const questionFields = {
  program: z.number().int().positive().nullable().default(null),
  topic: required('Topic').pipe(z.string().max(120)),
  kind: z.enum(QUESTION_KINDS, { error: `Kind must be one of: ${QUESTION_KINDS.join(', ')}.` }),
  text: requiredText('Question text').pipe(z.string().max(5000)),
  text_hi: hindi,
  options: z.array(QuestionOption).max(10).default([]),
  answer: z.union([z.array(z.string()).min(1, M.answerOptions), NumericAnswer]),
  explanation: optionalText(5000),
  marks: marks('Marks', 0.25).default(1),
  negative_marks: marks('Negative marks', 0).default(0),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard.' }).default('medium'),
  retired: z.boolean().default(false),
};

type QuestionShape = {
  kind: QuestionKind;
  options: { id: string }[];
  answer: string[] | { value: number; tolerance: number };
};
/** The rules between fields: unique option ids, an answer that names them, one for single and true/false. */
export function questionProblems(q: QuestionShape): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const ids = q.options.map((o) => o.id);
  if (new Set(ids).size !== ids.length) problems.push({ path: 'options', message: M.optionIds });
  if (q.kind === 'numeric') {
    if (Array.isArray(q.answer) || q.options.length) problems.push({ path: 'answer', message: M.numericAnswer });
    return problems;
  }
  if (q.options.length < 2) problems.push({ path: 'options', message: 'Give at least two options.' });
  if (!Array.isArray(q.answer) || !q.answer.every((a) => ids.includes(a))) {
    problems.push({ path: 'answer', message: M.answerOptions });
  } else if (q.kind !== 'multiple' && q.answer.length !== 1) {
    problems.push({ path: 'answer', message: M.singleAnswer });
  }
  return problems;
}

const refineQuestion = (q: QuestionShape, ctx: z.RefinementCtx) => {
  for (const p of questionProblems(q)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};
export const QuestionInput = z.object(questionFields).superRefine(refineQuestion);
export const QuestionPatch = z.object(questionFields).partial();

export const Question = z.object({
  id: z.number(),
  program: z.number().nullable(),
  topic: z.string(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  text_hi: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), text: z.string(), text_hi: z.string().nullable().optional() })),
  answer: z.union([z.array(z.string()), z.object({ value: z.number(), tolerance: z.number() })]),
  explanation: z.string(),
  marks: z.number(),
  negative_marks: z.number(),
  difficulty: z.enum(DIFFICULTIES),
  retired: z.boolean(),
  used: z.boolean(),
});
export type Question = z.infer<typeof Question>;

export const QuestionQuery = z.object({
  program: z.coerce.number().int().positive().optional(),
  topic: z.string().max(120).optional(),
  search: z.string().max(200).optional(),
});

const dateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} is a date-time with its offset, such as 2026-05-01T04:30:00Z.` });
export const ResultsAt = z.union([z.enum(['immediately', 'after_close']), dateTime('results_at')]);

const testFields = {
  title: required('Title').pipe(z.string().max(200)),
  program: z.number({ error: 'Program is required.' }).int().positive(),
  batch: z.number().int().positive().nullable().default(null),
  lesson: z.number().int().positive().nullable().default(null),
  kind: z.enum(TEST_KINDS, { error: 'Kind must be quiz or mock.' }),
  sections: z
    .array(
      z.object({
        title: required('Section title').pipe(z.string().max(120)),
        questions: z.array(z.number().int().positive()).min(1, 'A section needs at least one question.').max(300),
        duration_minutes: z.number().int().min(1).max(600).nullable().default(null),
      }),
    )
    .min(1, 'A test needs at least one section.')
    .max(10)
    // An attempt finds a question's section by its title (its order and timers: decision record 083).
    .superRefine((sections, ctx) => {
      const seen = new Set<string>();
      sections.forEach((s, i) => {
        const key = s.title.trim().toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'title'], message: M.sectionTitleTwice });
        seen.add(key);
      });
    }),
  duration_minutes: z.number().int().min(1).max(600),
  opens_at: dateTime('opens_at'),
  closes_at: dateTime('closes_at'),
  /** Null: unlimited (a lesson's practice quiz). */
  attempts_allowed: z.number().int().min(1).max(100).nullable().default(1),
  shuffle_questions: z.boolean().default(false),
  shuffle_options: z.boolean().default(false),
  pass_percent: z.number().min(0).max(100).default(40),
  results_at: ResultsAt.default('after_close'),
  /** A passed attempt of this test is needed for the certificate of its batch (or program): decision record 071. */
  certificate_rule: z.boolean().default(false),
};
export const TestInput = z
  .object(testFields)
  .refine((t) => Date.parse(t.closes_at) > Date.parse(t.opens_at), { path: ['closes_at'], message: M.closesAfterOpens })
  .refine(
    (t) => new Set(t.sections.flatMap((s) => s.questions)).size === t.sections.flatMap((s) => s.questions).length,
    {
      path: ['sections'],
      message: 'A question can appear once in a test.',
    },
  );
export const TestPatch = z.object(testFields).partial();

export const Test = z.object({
  id: z.number(),
  title: z.string(),
  program: z.number(),
  batch: z.number().nullable(),
  lesson: z.number().nullable(),
  kind: z.enum(TEST_KINDS),
  sections: z.array(
    z.object({ title: z.string(), questions: z.array(z.number()), duration_minutes: z.number().nullable() }),
  ),
  duration_minutes: z.number(),
  opens_at: z.string(),
  closes_at: z.string(),
  attempts_allowed: z.number().nullable(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  pass_percent: z.number(),
  results_at: z.string(),
  certificate_rule: z.boolean(),
  attempts: z.number(),
  results_computed_at: z.string().nullable(),
});
export type Test = z.infer<typeof Test>;

/** A student's answer: option ids, a number, or null (cleared). */
export const GivenAnswer = z.union([z.array(z.string().max(8)).max(10), z.number().finite(), z.null()]);
export type GivenAnswer = z.infer<typeof GivenAnswer>;
export const AnswerSave = z.object({
  answer: GivenAnswer,
  marked_for_review: z.boolean().default(false),
  seq: z.number({ error: 'seq is a whole number that grows with each save.' }).int().min(0).max(2_147_483_647),
  /** The seconds the student has spent on this question so far (measured by the screen): docs/deviations.md. */
  time_spent_seconds: z.number().int().min(0).max(86_400).optional(),
});
export type AnswerSave = z.infer<typeof AnswerSave>;
export const AttemptEventInput = z.object({
  kind: z.enum(ATTEMPT_EVENT_KINDS, { error: `kind must be one of: ${ATTEMPT_EVENT_KINDS.join(', ')}.` }),
});

export type StudentQuestion = {
  id: number;
  kind: QuestionKind;
  text: string;
  text_hi: string | null;
  options: { id: string; text: string; text_hi: string | null }[];
  marks: number;
  negative_marks: number;
};
export type SavedAnswer = {
  question: number;
  answer: GivenAnswer;
  marked_for_review: boolean;
  seq: number;
  /** The largest time on this question the screen has reported, in seconds (the screen counts on from it). */
  time_spent_seconds: number;
};
export type AttemptView = {
  id: number;
  test: number;
  title: string;
  kind: 'quiz' | 'mock';
  started_at: string;
  ends_at: string;
  /** The server's clock when it answered: the screen counts down from ends_at with this offset (decision record 072). */
  server_now: string;
  submitted_at: string | null;
  /**
   * Section timers (decision record 083): the section being answered when any section is timed (the sections
   * are then taken in order; those before it are locked), null when the student moves between them freely.
   */
  current_section: number | null;
  /** ends_at: the end the server fixed for a section entered (null: not entered yet, or no section timed). */
  sections: { title: string; duration_minutes: number | null; ends_at: string | null; questions: StudentQuestion[] }[];
  answers: SavedAnswer[];
};
export type SaveAck = { question: number; seq: number; kept_seq: number; server_now: string };

export type StudentTest = {
  id: number;
  title: string;
  kind: 'quiz' | 'mock';
  program: number;
  lesson: number | null;
  state: 'upcoming' | 'open' | 'finished';
  opens_at: string;
  closes_at: string;
  duration_minutes: number;
  questions: number;
  attempts_allowed: number | null;
  attempts_used: number;
  open_attempt: number | null;
  last_attempt: number | null;
  results_at: string;
  /** The due date (YYYY-MM-DD) of the unpaid instalment pausing the enrollment (no new attempt until paid), or null. */
  paused_due_on: string | null;
};

export type SectionScore = {
  title: string;
  score: number;
  max_score: number;
  correct: number;
  wrong: number;
  unanswered: number;
};
export type QuestionResult = StudentQuestion & {
  section: string;
  your_answer: GivenAnswer;
  answer: string[] | { value: number; tolerance: number };
  outcome: 'correct' | 'wrong' | 'unanswered';
  marks_awarded: number;
  explanation: string;
  time_spent_seconds: number;
};
export type AttemptResult = {
  attempt: number;
  test: number;
  title: string;
  kind: 'quiz' | 'mock';
  score: number;
  max_score: number;
  percent: number;
  passed: boolean;
  correct: number;
  wrong: number;
  unanswered: number;
  sections: SectionScore[];
  questions: QuestionResult[];
  /** Mock tests, once the test has closed: 1 + the candidates who scored more (decision record 071). */
  rank: number | null;
  percentile: number | null;
  candidates: number | null;
  computed_at: string;
};

export type ImportProblem = { row: number; column: string; problem: string };
export const ImportProblemSchema = z.object({ row: z.number(), column: z.string(), problem: z.string() });
/** POST /api/instructor/questions/import/: 201 with the count, or 400 naming every bad row and column. */
export const ImportResult = z.object({ imported: z.number() });
export const ImportRefusal = z.object({ detail: z.string(), problems: z.array(ImportProblemSchema) });
/** An import as the screen shows it: the count imported, or the refusal with nothing imported. */
export type ImportOutcome = { ok: true; imported: number } | ({ ok: false } & z.infer<typeof ImportRefusal>);
/** The bank's Import form: a CSV or XLSX file chosen (the server reads and checks its rows). */
export const QuestionImportFile = z.object({
  file: z.instanceof(File, { message: 'Choose a CSV or Excel (.xlsx) file to import.' }),
});
