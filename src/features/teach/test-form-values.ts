import { istDateTime, istLocalToIso, type Test } from '../../../contract/index.ts';

/**
 * The test form's typed values and the body the contract's TestInput takes (decision record 071). Times are
 * typed in India Standard Time (`datetime-local` values) and sent with India's offset (contract/time.ts) whatever the browser's zone.
 */

export type SectionValues = {
  /** The section's own key in the form (stable while sections move). */
  key: number;
  title: string;
  questions: number[];
  duration_minutes: string;
};
export type ResultsMode = 'immediately' | 'after_close' | 'at';
export type TestFormValues = {
  title: string;
  program: string;
  /** '' = every batch of the program. */
  batch: string;
  kind: 'quiz' | 'mock';
  sections: SectionValues[];
  duration_minutes: string;
  opens_at: string;
  closes_at: string;
  /** '' = unlimited. */
  attempts_allowed: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  pass_percent: string;
  results_mode: ResultsMode;
  results_at: string;
  certificate_rule: boolean;
};

let nextKey = 1;
export const newSection = (title: string, questions: number[] = [], duration = ''): SectionValues => ({
  key: nextKey++,
  title,
  questions,
  duration_minutes: duration,
});

/** An ISO instant as a `datetime-local` value on India's wall clock. */
export const istInput = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : istDateTime(iso).replace(' ', 'T'));

/** A new test's `program` is '' (none chosen yet: the form shows the first taught one). */
export function initialTestValues(item: Test | null): TestFormValues {
  const fixed = item && (item.results_at === 'immediately' || item.results_at === 'after_close');
  return {
    title: item?.title ?? '',
    program: item ? String(item.program) : '',
    batch: item?.batch ? String(item.batch) : '',
    kind: item?.kind ?? 'mock',
    sections: item
      ? item.sections.map((s) => newSection(s.title, s.questions, s.duration_minutes?.toString() ?? ''))
      : [newSection('Section A')],
    duration_minutes: String(item?.duration_minutes ?? 60),
    opens_at: item ? istInput(item.opens_at) : '',
    closes_at: item ? istInput(item.closes_at) : '',
    attempts_allowed: item ? (item.attempts_allowed?.toString() ?? '') : '1',
    shuffle_questions: item?.shuffle_questions ?? false,
    shuffle_options: item?.shuffle_options ?? false,
    pass_percent: String(item?.pass_percent ?? 40),
    results_mode: !item ? 'after_close' : fixed ? (item.results_at as ResultsMode) : 'at',
    results_at: item && !fixed ? istInput(item.results_at) : '',
    certificate_rule: item?.certificate_rule ?? false,
  };
}

/** A typed number, or undefined when empty (the server then names what is missing). */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The body of a POST, or of a PATCH. `lockQuestions`: students have attempted the test, so its program and
 * sections are not sent (the server refuses to change them, 409).
 */
export function toTestBody(v: TestFormValues, lockQuestions = false): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: v.title,
    program: num(v.program),
    batch: v.batch ? Number(v.batch) : null,
    kind: v.kind,
    sections: v.sections.map((s) => ({
      title: s.title,
      questions: s.questions,
      duration_minutes: num(s.duration_minutes) ?? null,
    })),
    duration_minutes: num(v.duration_minutes),
    opens_at: istLocalToIso(v.opens_at),
    closes_at: istLocalToIso(v.closes_at),
    attempts_allowed: num(v.attempts_allowed) ?? null,
    shuffle_questions: v.shuffle_questions,
    shuffle_options: v.shuffle_options,
    pass_percent: num(v.pass_percent),
    results_at: v.results_mode === 'at' ? istLocalToIso(v.results_at) : v.results_mode,
    certificate_rule: v.certificate_rule,
  };
  if (lockQuestions) {
    delete body.program;
    delete body.sections;
  }
  return body;
}

/** The sections with one moved by `by` places (−1 up, +1 down); unchanged at either end. */
export function moveSection(sections: SectionValues[], index: number, by: -1 | 1): SectionValues[] {
  const to = index + by;
  if (to < 0 || to >= sections.length) return sections;
  const next = [...sections];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** A question added to (or, when already in it, taken out of) one section. */
export function toggleQuestion(sections: SectionValues[], index: number, question: number): SectionValues[] {
  return sections.map((s, i) =>
    i !== index
      ? s
      : {
          ...s,
          questions: s.questions.includes(question)
            ? s.questions.filter((q) => q !== question)
            : [...s.questions, question],
        },
  );
}
