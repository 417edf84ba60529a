import { assign, setup } from 'xstate';
import {
  firstFieldErrors,
  HideInput,
  LessonQuestionInput,
  ReplyInput,
  userMessage,
  type LessonQuestion,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * A lesson's questions (decision record 073): a student of the batch asks and replies; the batch's
 * instructor (or an administrator) replies and accepts a reply; an administrator hides a question or a
 * reply with a reason. One machine per lesson on the student's course page and on the instructor's batch
 * page. The thread loads; a failed load shows its words with Try again. From the list one form is open at
 * a time (`thread.compose` with its draft: a question, a reply to one, or a hide's reason); its text is
 * checked with the contract's schema before anything is sent; a refusal of the server shows in the form,
 * which keeps its text. Accept needs no form: its refusal shows above the list. Every change answers with
 * the thread read again, so what is shown is what the server holds.
 */
export const QUESTION_THREAD_TEXT = {
  loadFailed: 'Could not load the questions on this lesson. Please try again.',
  saveFailed: 'Could not save. Please try again.',
} as const;

/** What the open form writes. */
export type ThreadDraft =
  { kind: 'ask' } | { kind: 'reply'; questionId: number } | { kind: 'hide'; what: 'question' | 'reply'; id: number };

/** A change sent to the server: a draft with its text, or an accept. */
export type ThreadChange =
  | { kind: 'ask'; lessonId: number; body: string }
  | { kind: 'reply'; questionId: number; body: string }
  | { kind: 'hide'; what: 'question' | 'reply'; id: number; reason: string }
  | { kind: 'accept'; questionId: number; replyId: number };

export type QuestionThreadInput = { lessonId: number };
export type LoadQuestionsInput = { lessonId: number };
/** The change, and the lesson whose thread the actor reads again after it. */
export type SaveChangeInput = { lessonId: number; change: ThreadChange };

export type QuestionThreadContext = {
  lessonId: number;
  /** Answered questions first, then the newest first (the server's order within each). */
  questions: LessonQuestion[];
  /** Why the thread could not be read. */
  error: string | null;
  /** The open form, or null. */
  draft: ThreadDraft | null;
  /** The schema's message for the form's text (the server's words for the same rule). */
  fieldError: string | null;
  /** The server's refusal of the last change (shown in its form, or above the list for an accept). */
  failure: string | null;
  /** The change in flight or last sent. */
  change: ThreadChange | null;
};

export type QuestionThreadEvent =
  | { type: 'thread.retry' }
  | { type: 'thread.compose'; draft: ThreadDraft }
  | { type: 'thread.cancel' }
  | { type: 'thread.submit'; text: string }
  | { type: 'thread.accept'; questionId: number; replyId: number };

/** Answered first; otherwise as the server ordered them (newest first). */
export const answeredFirst = (questions: LessonQuestion[]): LessonQuestion[] =>
  [...questions].sort((a, b) => Number(b.answered) - Number(a.answered));

function changeOf(lessonId: number, draft: ThreadDraft, text: string): ThreadChange | string {
  if (draft.kind === 'hide') {
    const parsed = HideInput.safeParse({ reason: text });
    if (!parsed.success) return firstFieldErrors(parsed.error).reason ?? 'Say why it is hidden.';
    return { kind: 'hide', what: draft.what, id: draft.id, reason: parsed.data.reason };
  }
  const parsed = (draft.kind === 'ask' ? LessonQuestionInput : ReplyInput).safeParse({ body: text });
  if (!parsed.success) return firstFieldErrors(parsed.error).body ?? 'Write something first.';
  return draft.kind === 'ask'
    ? { kind: 'ask', lessonId, body: parsed.data.body }
    : { kind: 'reply', questionId: draft.questionId, body: parsed.data.body };
}

export const questionThreadMachine = setup({
  types: {
    input: {} as QuestionThreadInput,
    context: {} as QuestionThreadContext,
    events: {} as QuestionThreadEvent,
  },
  actors: {
    /** GET /classroom/lessons/{id}/questions/. */
    loadQuestions: notProvided<LessonQuestion[], LoadQuestionsInput>('loadQuestions'),
    /** The change's POST, then the thread read again (GET /classroom/lessons/{id}/questions/). */
    saveChange: notProvided<LessonQuestion[], SaveChangeInput>('saveChange'),
  },
  actions: {
    setQuestions: assign((_, params: { questions: LessonQuestion[] }) => ({
      questions: answeredFirst(params.questions),
      error: null,
      draft: null,
      fieldError: null,
      failure: null,
    })),
    loadFailed: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, QUESTION_THREAD_TEXT.loadFailed),
    })),
    open: assign((_, params: { draft: ThreadDraft }) => ({
      draft: params.draft,
      fieldError: null,
      failure: null,
    })),
    close: assign({ draft: null, fieldError: null, failure: null }),
    check: assign(({ context }, params: { text: string }) => {
      const change = context.draft ? changeOf(context.lessonId, context.draft, params.text) : null;
      return typeof change === 'string'
        ? { change: null, fieldError: change, failure: null }
        : { change, fieldError: null, failure: null };
    }),
    accept: assign((_, params: { questionId: number; replyId: number }) => ({
      change: { kind: 'accept' as const, questionId: params.questionId, replyId: params.replyId },
      draft: null,
      failure: null,
    })),
    refuse: assign((_, params: { error: unknown }) => ({
      failure: userMessage(params.error, QUESTION_THREAD_TEXT.saveFailed),
    })),
  },
  guards: {
    isValid: ({ context }) => context.change !== null,
    fromForm: ({ context }) => context.draft !== null,
  },
}).createMachine({
  id: 'question-thread',
  context: ({ input }) => ({
    lessonId: input.lessonId,
    questions: [],
    error: null,
    draft: null,
    fieldError: null,
    failure: null,
    change: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadQuestions',
        src: 'loadQuestions',
        input: ({ context }) => ({ lessonId: context.lessonId }),
        onDone: {
          target: 'list',
          actions: { type: 'setQuestions', params: ({ event }) => ({ questions: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The view shows `error` with Try again. */
    failed: {
      on: { 'thread.retry': { target: 'loading' } },
    },
    list: {
      on: {
        'thread.compose': {
          target: 'composing',
          actions: { type: 'open', params: ({ event }) => ({ draft: event.draft }) },
        },
        'thread.accept': {
          target: 'saving',
          actions: {
            type: 'accept',
            params: ({ event }) => ({ questionId: event.questionId, replyId: event.replyId }),
          },
        },
      },
    },
    /** One form open (the draft): the question, a reply, or a hide's reason. */
    composing: {
      on: {
        // Another form opened instead (its text starts empty).
        'thread.compose': { actions: { type: 'open', params: ({ event }) => ({ draft: event.draft }) } },
        'thread.cancel': { target: 'list', actions: 'close' },
        'thread.submit': {
          target: 'validating',
          actions: { type: 'check', params: ({ event }) => ({ text: event.text }) },
        },
      },
    },
    /** Transient: a valid text is sent, else the form shows the schema's message. */
    validating: {
      always: [{ guard: 'isValid', target: 'saving' }, { target: 'composing' }],
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveChange',
        src: 'saveChange',
        input: ({ context }) => ({ lessonId: context.lessonId, change: context.change as ThreadChange }),
        onDone: {
          target: 'list',
          actions: { type: 'setQuestions', params: ({ event }) => ({ questions: event.output }) },
        },
        onError: [
          {
            guard: 'fromForm',
            target: 'composing',
            actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'list', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});

export type QuestionThreadLogic = typeof questionThreadMachine;
