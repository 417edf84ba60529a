import { assign, setup } from 'xstate';
import { userMessage, type AttemptView, type GivenAnswer } from '../contract/index.ts';
import {
  EXAM_TEXTS,
  examQuestions,
  inCurrentSection,
  isNetworkError,
  isServerBusy,
  isTimeUp,
  nextSection,
  queued,
  sectionsOf,
  showQuestion,
  toSectionStart,
  type EnterSectionInput,
  type ExamContext,
  type ExamEntry,
  type ExamEvent,
  type LoadedAttempt,
  type QueuedSave,
  type SubmitInput,
} from './exam-attempt-context.ts';
import { notProvided } from './placeholders.ts';

export * from './exam-attempt-context.ts';

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
 * Timed sections (decision record 083) are taken in order: only the current section's questions can be on
 * screen; when its countdown ends (`section.timeUp`) the next is entered here, at that end, as the server
 * does (the last one's end submits); `section.next` moves on early through the server (`entering`).
 */

/** How long a save the server could not take waits before it is sent again (also while offline). */
export const SAVE_RETRY_MS = 5000;

const initial = (attemptId: number): ExamContext => ({
  attemptId,
  attempt: null,
  offsetMs: 0,
  index: 0,
  draft: null,
  entries: {},
  queue: [],
  seq: 0,
  spent: {},
  error: null,
  section: null,
  sectionEnds: [],
});

const navigation = {
  'question.go': {
    guard: { type: 'inSection', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
    actions: { type: 'go', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
  },
  'answer.choose': {
    actions: { type: 'choose', params: ({ event }: { event: { answer: GivenAnswer } }) => ({ answer: event.answer }) },
  },
  'clock.tick': { actions: 'tick' },
  'section.timeUp': [
    { guard: 'lastSection', target: '#examAttempt.submitting' },
    { guard: 'sectional', actions: 'nextSection' },
  ],
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
    /** Sends what is still queued, then POST /classroom/attempts/{id}/sections/{index}/enter/. */
    enterSection: notProvided<AttemptView, EnterSectionInput>('enterSection'),
  },
  actions: {
    setAttempt: assign(({ context }, params: LoadedAttempt) => {
      const entries: Record<number, ExamEntry> = {};
      for (const a of params.attempt.answers)
        entries[a.question] = { answer: a.answer, marked: a.marked_for_review, visited: true };
      const loaded: ExamContext = {
        ...context,
        ...sectionsOf(params.attempt),
        attempt: params.attempt,
        offsetMs: Date.parse(params.attempt.server_now) - params.receivedAt,
        entries,
        seq: Math.max(0, ...params.attempt.answers.map((a) => a.seq)),
        spent: Object.fromEntries(params.attempt.answers.map((a) => [a.question, a.time_spent_seconds])),
        error: null,
      };
      return { ...loaded, ...toSectionStart(loaded) };
    }),
    go: assign(({ context }, params: { index: number }) => showQuestion(context, params.index)),
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
    nextSection: assign(({ context }) => nextSection(context)),
    enteredSection: assign(({ context }, params: { attempt: AttemptView }) => {
      const moved = { ...context, attempt: params.attempt, queue: [], error: null, ...sectionsOf(params.attempt) };
      return { ...moved, ...toSectionStart(moved) };
    }),
    showSectionError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, EXAM_TEXTS.sectionFailed),
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
    inSection: ({ context }, params: { index: number }) => inCurrentSection(context, params.index),
    sectional: ({ context }) => context.section !== null,
    lastSection: ({ context }) =>
      context.section !== null && context.section >= (context.attempt?.sections.length ?? 0) - 1,
    hasNextSection: ({ context }) =>
      context.section !== null && context.section < (context.attempt?.sections.length ?? 0) - 1,
  },
  delays: { retryDelay: SAVE_RETRY_MS },
}).createMachine({
  id: 'examAttempt',
  context: ({ input }) => initial(input.attemptId),
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
        'section.next': { guard: 'hasNextSection', target: 'entering' },
        submit: 'submitting',
        'time.up': 'submitting',
      },
    },
    /** The student moves on to the next section early: what is queued is sent, then the server ends this one. */
    entering: {
      tags: ['busy'],
      invoke: {
        id: 'enterSection',
        src: 'enterSection',
        input: ({ context }) => ({ attemptId: context.attemptId, index: context.section! + 1, queue: context.queue }),
        onDone: {
          target: 'answering',
          actions: { type: 'enteredSection', params: ({ event }) => ({ attempt: event.output }) },
        },
        onError: [
          {
            guard: { type: 'networkError', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: 'showOffline',
          },
          {
            target: 'answering',
            actions: { type: 'showSectionError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: { 'time.up': 'submitting' },
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
