import { assign, setup } from 'xstate';
import { ApiError, userMessage, type AttemptView, type GivenAnswer } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * One attempt on the exam screen (decision record 072). It loads the attempt (its order, the answers kept
 * and the server's clock), then the student answers: Save & Next, Mark for Review & Next and Clear Response
 * put a save with the next `seq` in the queue, which is sent in order (`saving`). Without a network the
 * queue waits (`offline`) and is sent when the network returns; the palette shows its questions unsaved.
 * A save the server refuses because time is up, the student's Submit and the timer's end all submit; the
 * submit sends what is still queued first. Choosing an option changes nothing saved until Save & Next
 * (as on NTA's screen); moving to another question drops an unsaved choice.
 * The screen's clock ticks each second (`clock.tick`) and the question on screen is counted (`spent`); each
 * save carries its total so far, so the result can show the time per question. The server keeps the
 * largest and gives it back on resume, where the count goes on.
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

export const EXAM_TEXTS = {
  loadFailed: 'The test could not be opened. Check your connection and try again.',
  offline: 'You are offline. Your answers are kept on this device and sent when the connection returns.',
  busy: 'The server is busy. Your answers are kept on this device and sent again in a few seconds.',
  saveRefused: 'This answer was not saved.',
  submitFailed: 'The test could not be submitted. Try again.',
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
  | { type: 'clock.tick' }
  | { type: 'retry' };

/** The questions in the attempt's order. */
export const examQuestions = (attempt: AttemptView | null) => attempt?.sections.flatMap((s) => s.questions) ?? [];

export type PaletteState = 'not_visited' | 'not_answered' | 'answered' | 'marked' | 'answered_marked';
/** NTA's five states of a question in the palette. */
export function paletteState(entry: ExamEntry | undefined): PaletteState {
  if (!entry?.visited) return 'not_visited';
  const answered = entry.answer !== null && !(Array.isArray(entry.answer) && entry.answer.length === 0);
  if (entry.marked) return answered ? 'answered_marked' : 'marked';
  return answered ? 'answered' : 'not_answered';
}

const isNetworkError = (error: unknown) => !(error instanceof ApiError);
const isTimeUp = (error: unknown) => error instanceof ApiError && error.status === 409;
/** The server could not take the save now (busy, or too many requests): it is kept and sent again. */
const isServerBusy = (error: unknown) => error instanceof ApiError && (error.status >= 500 || error.status === 429);
/** How long a save the server could not take waits before it is sent again (also while offline). */
export const SAVE_RETRY_MS = 5000;

function queued(context: ExamContext, answer: GivenAnswer, marked: boolean, advance: boolean): Partial<ExamContext> {
  const q = examQuestions(context.attempt)[context.index];
  if (!q) return {};
  const seconds = Math.min(86_400, context.spent[q.id] ?? 0);
  const seq = context.seq + 1;
  const entries = { ...context.entries, [q.id]: { answer, marked, visited: true } };
  const last = examQuestions(context.attempt).length - 1;
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

const navigation = {
  'question.go': {
    actions: { type: 'go', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
  },
  'answer.choose': {
    actions: { type: 'choose', params: ({ event }: { event: { answer: GivenAnswer } }) => ({ answer: event.answer }) },
  },
  'clock.tick': { actions: 'tick' },
} as const;

export const examAttemptMachine = setup({
  types: { input: {} as { attemptId: number }, context: {} as ExamContext, events: {} as ExamEvent },
  actors: {
    /** GET /classroom/attempts/{id}/, with the device's time when the answer arrived. */
    loadAttempt: notProvided<LoadedAttempt, { attemptId: number }>('loadAttempt'),
    /** PUT /classroom/attempts/{id}/answers/{question}/ of the queue's first save. */
    sendSave: notProvided<unknown, { attemptId: number; save: QueuedSave }>('sendSave'),
    /** Sends what is still queued, then POST /classroom/attempts/{id}/submit/. */
    submitAttempt: notProvided<AttemptView, SubmitInput>('submitAttempt'),
  },
  actions: {
    setAttempt: assign((_, params: LoadedAttempt) => {
      const entries: Record<number, ExamEntry> = {};
      for (const a of params.attempt.answers)
        entries[a.question] = { answer: a.answer, marked: a.marked_for_review, visited: true };
      const first = examQuestions(params.attempt)[0];
      if (first) entries[first.id] = { ...(entries[first.id] ?? { answer: null, marked: false }), visited: true };
      return {
        attempt: params.attempt,
        offsetMs: Date.parse(params.attempt.server_now) - params.receivedAt,
        entries,
        index: 0,
        draft: first ? (entries[first.id]?.answer ?? null) : null,
        seq: Math.max(0, ...params.attempt.answers.map((a) => a.seq)),
        spent: Object.fromEntries(params.attempt.answers.map((a) => [a.question, a.time_spent_seconds])),
        error: null,
      };
    }),
    go: assign(({ context }, params: { index: number }) => {
      const q = examQuestions(context.attempt)[params.index];
      if (!q) return {};
      return {
        index: params.index,
        draft: context.entries[q.id]?.answer ?? null,
        entries: {
          ...context.entries,
          [q.id]: { ...(context.entries[q.id] ?? { answer: null, marked: false }), visited: true },
        },
      };
    }),
    choose: assign((_, params: { answer: GivenAnswer }) => ({ draft: params.answer })),
    tick: assign(({ context }) => {
      const q = examQuestions(context.attempt)[context.index];
      return q ? { spent: { ...context.spent, [q.id]: (context.spent[q.id] ?? 0) + 1 } } : {};
    }),
    saveNext: assign(({ context }) => queued(context, context.draft, false, true)),
    markNext: assign(({ context }) => queued(context, context.draft, true, true)),
    clear: assign(({ context }) => queued(context, null, false, false)),
    dequeue: assign(({ context }) => ({ queue: context.queue.slice(1), error: null })),
    refuseFirst: assign(({ context }, params: { error: unknown }) => ({
      queue: context.queue.slice(1),
      error: userMessage(params.error, EXAM_TEXTS.saveRefused),
    })),
    showOffline: assign({ error: EXAM_TEXTS.offline }),
    showBusy: assign({ error: EXAM_TEXTS.busy }),
    showLoadError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, EXAM_TEXTS.loadFailed),
    })),
    showSubmitError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, EXAM_TEXTS.submitFailed),
    })),
    setSubmitted: assign((_, params: { attempt: AttemptView }) => ({
      attempt: params.attempt,
      queue: [],
      error: null,
    })),
  },
  guards: {
    queueWaiting: ({ context }) => context.queue.length > 0,
    networkError: (_, params: { error: unknown }) => isNetworkError(params.error),
    timeUp: (_, params: { error: unknown }) => isTimeUp(params.error),
    serverBusy: (_, params: { error: unknown }) => isServerBusy(params.error),
    alreadySubmitted: ({ context }) => context.attempt?.submitted_at != null,
  },
  delays: { retryDelay: SAVE_RETRY_MS },
}).createMachine({
  id: 'examAttempt',
  context: ({ input }) => ({
    attemptId: input.attemptId,
    attempt: null,
    offsetMs: 0,
    index: 0,
    draft: null,
    entries: {},
    queue: [],
    seq: 0,
    spent: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAttempt',
        src: 'loadAttempt',
        input: ({ context }) => ({ attemptId: context.attemptId }),
        onDone: { target: 'resuming', actions: { type: 'setAttempt', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Transient: a submitted attempt shows as such; one still open is answered. */
    resuming: { always: [{ guard: 'alreadySubmitted', target: 'submitted' }, { target: 'answering' }] },
    failed: { on: { retry: 'loading' } },
    answering: {
      on: {
        ...navigation,
        'save.next': { target: 'saving', actions: 'saveNext' },
        'mark.next': { target: 'saving', actions: 'markNext' },
        'answer.clear': { target: 'saving', actions: 'clear' },
        'network.offline': { target: 'offline', actions: 'showOffline' },
        submit: 'submitting',
        'time.up': 'submitting',
      },
    },
    saving: {
      invoke: {
        id: 'sendSave',
        src: 'sendSave',
        input: ({ context }) => ({ attemptId: context.attemptId, save: context.queue[0]! }),
        onDone: { target: 'flushing', actions: 'dequeue' },
        onError: [
          {
            guard: { type: 'networkError', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: 'showOffline',
          },
          {
            guard: { type: 'serverBusy', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: 'showBusy',
          },
          { guard: { type: 'timeUp', params: ({ event }) => ({ error: event.error }) }, target: 'submitting' },
          { target: 'flushing', actions: { type: 'refuseFirst', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: {
        ...navigation,
        'save.next': { actions: 'saveNext' },
        'mark.next': { actions: 'markNext' },
        'answer.clear': { actions: 'clear' },
        'network.offline': { target: 'offline', actions: 'showOffline' },
        submit: 'submitting',
        'time.up': 'submitting',
      },
    },
    /** Transient: the next queued save, or back to answering. */
    flushing: { always: [{ guard: 'queueWaiting', target: 'saving' }, { target: 'answering' }] },
    /** Saves wait here without a network, or after the server could not take one: sent again every few seconds. */
    offline: {
      after: { retryDelay: 'flushing' },
      on: {
        ...navigation,
        'save.next': { actions: 'saveNext' },
        'mark.next': { actions: 'markNext' },
        'answer.clear': { actions: 'clear' },
        'network.online': 'flushing',
        retry: 'flushing',
        submit: 'submitting',
        'time.up': 'submitting',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAttempt',
        src: 'submitAttempt',
        input: ({ context }) => ({ attemptId: context.attemptId, queue: context.queue }),
        onDone: {
          target: 'submitted',
          actions: { type: 'setSubmitted', params: ({ event }) => ({ attempt: event.output }) },
        },
        onError: [
          {
            guard: { type: 'networkError', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: 'showOffline',
          },
          {
            target: 'answering',
            actions: { type: 'showSubmitError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    submitted: { type: 'final' },
  },
});
