import {
  advanceSections,
  ApiError,
  ASSESSMENT_MESSAGES,
  currentSection,
  type AttemptView,
  type GivenAnswer,
} from '../contract/index.ts';

/**
 * The exam attempt machine's context, events and the pure steps its actions take (decision records 072 and
 * 083): the palette's states, the save queue, and the sections when they are timed (taken in order).
 */

export type ExamEntry = { answer: GivenAnswer; marked: boolean; visited: boolean };
export type QueuedSave = {
  question: number;
  answer: GivenAnswer;
  marked_for_review: boolean;
  seq: number;
  time_spent_seconds: number; // on screen so far, whole seconds
};
export type LoadedAttempt = { attempt: AttemptView; receivedAt: number };
export type SubmitInput = { attemptId: number; queue: QueuedSave[] };
/** Sends what is still queued, then moves on to section `index` (the server ends the current one now). */
export type EnterSectionInput = { attemptId: number; index: number; queue: QueuedSave[] };

export const EXAM_TEXTS = {
  loadFailed: 'The test could not be opened. Check your connection and try again.',
  offline: 'You are offline. Your answers are kept on this device and sent when the connection returns.',
  busy: 'The server is busy. Your answers are kept on this device and sent again in a few seconds.',
  saveRefused: 'This answer was not saved.',
  submitFailed: 'The test could not be submitted. Try again.',
  sectionFailed: 'Could not move on to the next section. Try again.',
} as const;

export type ExamContext = {
  attemptId: number;
  attempt: AttemptView | null;
  /** Server time − device time (ms): the countdown runs on the server's clock. */
  offsetMs: number;
  index: number;
  draft: GivenAnswer;
  entries: Record<number, ExamEntry>;
  queue: QueuedSave[];
  seq: number;
  spent: Record<number, number>; // per question: seconds on screen so far
  error: string | null;
  /** Timed sections (decision record 083): the section being answered, null when the student moves freely. */
  section: number | null;
  /** The end fixed for each section entered so far (the server's; the next is fixed the same way here). */
  sectionEnds: string[];
};

export type ExamEvent =
  | { type: 'question.go'; index: number }
  | { type: 'answer.choose'; answer: GivenAnswer }
  | { type: 'save.next' }
  | { type: 'mark.next' }
  | { type: 'answer.clear' }
  | { type: 'network.offline' }
  | { type: 'network.online' }
  | { type: 'submit' }
  | { type: 'time.up' }
  | { type: 'section.timeUp' }
  | { type: 'section.next' }
  | { type: 'clock.tick' }
  | { type: 'retry' };

/** The questions in the attempt's order. */
export const examQuestions = (attempt: AttemptView | null) => attempt?.sections.flatMap((s) => s.questions) ?? [];

/** Each section's first question's index and the index after its last. */
export function sectionRanges(attempt: AttemptView | null) {
  const sections = attempt?.sections ?? [];
  const starts = sections.map((_, i) => sections.slice(0, i).reduce((n, s) => n + s.questions.length, 0));
  return sections.map((s, i) => ({ title: s.title, start: starts[i]!, end: starts[i]! + s.questions.length }));
}

/** Whether question `index` can be on screen: any, unless the sections are timed (then the current one's). */
export function inCurrentSection(context: Pick<ExamContext, 'attempt' | 'section'>, index: number): boolean {
  if (context.section === null) return true;
  const range = sectionRanges(context.attempt)[context.section];
  return range !== undefined && index >= range.start && index < range.end;
}

export type PaletteState = 'not_visited' | 'not_answered' | 'answered' | 'marked' | 'answered_marked';
/** NTA's five states of a question in the palette. */
export function paletteState(entry: ExamEntry | undefined): PaletteState {
  if (!entry?.visited) return 'not_visited';
  const answered = entry.answer !== null && !(Array.isArray(entry.answer) && entry.answer.length === 0);
  if (entry.marked) return answered ? 'answered_marked' : 'marked';
  return answered ? 'answered' : 'not_answered';
}

export const isNetworkError = (error: unknown) => !(error instanceof ApiError);
/** The attempt's time is up (or it was submitted): a 409 that is not about one section. */
export const isTimeUp = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.userMessage !== ASSESSMENT_MESSAGES.sectionTimeUp;
/** The server could not take the save now (busy, or too many requests): it is kept and sent again. */
export const isServerBusy = (error: unknown) =>
  error instanceof ApiError && (error.status >= 500 || error.status === 429);

/** Question `index` on screen, visited, with its kept answer as the draft. */
export function showQuestion(context: ExamContext, index: number): Partial<ExamContext> {
  const q = examQuestions(context.attempt)[index];
  if (!q) return {};
  return {
    index,
    draft: context.entries[q.id]?.answer ?? null,
    entries: {
      ...context.entries,
      [q.id]: { ...(context.entries[q.id] ?? { answer: null, marked: false }), visited: true },
    },
  };
}

export function queued(
  context: ExamContext,
  answer: GivenAnswer,
  marked: boolean,
  advance: boolean,
): Partial<ExamContext> {
  const q = examQuestions(context.attempt)[context.index];
  if (!q) return {};
  const seconds = Math.min(86_400, context.spent[q.id] ?? 0);
  const seq = context.seq + 1;
  const entries = { ...context.entries, [q.id]: { answer, marked, visited: true } };
  // Save & Next stops at the last question (of the section, when the sections are timed).
  const range = context.section === null ? null : sectionRanges(context.attempt)[context.section];
  const last = range ? range.end - 1 : examQuestions(context.attempt).length - 1;
  const index = advance ? Math.min(context.index + 1, last) : context.index;
  const next = examQuestions(context.attempt)[index]!;
  entries[next.id] = { ...(entries[next.id] ?? { answer: null, marked: false }), visited: true };
  return {
    seq,
    entries,
    index,
    draft: advance ? (entries[next.id]?.answer ?? null) : answer,
    queue: [
      ...context.queue.filter((s) => s.question !== q.id),
      { question: q.id, answer, marked_for_review: marked, seq, time_spent_seconds: seconds },
    ],
  };
}

/** The sections as the server told them: the current one and the ends fixed so far. */
export function sectionsOf(attempt: AttemptView): Pick<ExamContext, 'section' | 'sectionEnds'> {
  const section = attempt.current_section ?? null;
  if (section === null) return { section, sectionEnds: [] };
  return { section, sectionEnds: attempt.sections.slice(0, section + 1).map((s) => s.ends_at ?? attempt.ends_at) };
}

/** The first question of the current section on screen (the first of all when the sections are free). */
export const toSectionStart = (context: ExamContext): Partial<ExamContext> =>
  showQuestion(context, context.section === null ? 0 : (sectionRanges(context.attempt)[context.section]?.start ?? 0));

/**
 * The current section's time is up: the next one is entered at that end, its own end fixed as the server
 * fixes it (contract/exam-sections.ts), so the screen goes on without asking the server, offline too.
 */
export function nextSection(context: ExamContext): Partial<ExamContext> {
  const attempt = context.attempt!;
  const minutes = attempt.sections.map((s) => s.duration_minutes);
  const from = Date.parse(context.sectionEnds.at(-1)!);
  const plan = advanceSections({ minutes, ends: context.sectionEnds }, attempt.ends_at, from);
  const moved = { ...context, section: currentSection(plan), sectionEnds: plan.ends };
  return { section: moved.section, sectionEnds: moved.sectionEnds, ...toSectionStart(moved) };
}
