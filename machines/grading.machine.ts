import { assign, setup } from 'xstate';
import { ASSIGNMENT_MESSAGES, userMessage, type Submission, type SubmissionRoster } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The instructor's page of one assignment (/teach/assignments/{id}, decision record 051): the roster
 * loads (`loading`, else `failed` with a retry), then the `list` of students with their submissions;
 * opening one submission shows its grade form (`grading`: marks and feedback, checked against the
 * maximum before sending), `saving` sends it and `saved` confirms it in the list; the server's refusal
 * stays beside the form in `refused`. A graded submission may be graded again.
 */
export type GradingInput = { assignmentId: string };
export type LoadRosterInput = { assignmentId: number };
export type SaveGradeInput = { submissionId: number; marks: number; feedback: string };

export const GRADING_TEXTS = {
  loadFailed: 'The submissions could not be loaded. Check your connection and try again.',
  saveFailed: 'The grade could not be saved. Try again.',
  saved: 'Grade saved. The student has been emailed.',
} as const;

export type GradingContext = {
  assignmentId: number;
  roster: SubmissionRoster | null;
  submissionId: number | null;
  marks: string;
  feedback: string;
  error: string | null;
};

export type GradingEvent =
  | { type: 'roster.retry' }
  | { type: 'grade.open'; submissionId: number }
  | { type: 'marks.change'; marks: string }
  | { type: 'feedback.change'; feedback: string }
  | { type: 'grade.save' }
  | { type: 'grade.cancel' };

/** The submission in the roster with this id. */
export const rosterSubmission = (roster: SubmissionRoster | null, id: number | null): Submission | null =>
  roster?.students.find((s) => s.submission?.id === id)?.submission ?? null;

/** Marks typed as a whole number within 0..max, or null. */
export function parseMarks(marks: string, max: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(marks)) return null;
  const value = Number(marks);
  return value <= max ? value : null;
}

type OpenParams = { event: GradingEvent };
const open = {
  guard: { type: 'isSubmission', params: ({ event }: OpenParams) => ({ event }) },
  target: '#grading.grading',
  actions: { type: 'openSubmission', params: ({ event }: OpenParams) => ({ event }) },
} as const;

export const gradingMachine = setup({
  types: {
    input: {} as GradingInput,
    context: {} as GradingContext,
    events: {} as GradingEvent,
  },
  actors: {
    /** GET /api/instructor/assignments/{id}/submissions/ */
    loadRoster: notProvided<SubmissionRoster, LoadRosterInput>('loadRoster'),
    /** POST /api/instructor/submissions/{id}/grade/ */
    saveGrade: notProvided<Submission, SaveGradeInput>('saveGrade'),
  },
  actions: {
    setRoster: assign((_, params: { roster: SubmissionRoster }) => ({ roster: params.roster, error: null })),
    showError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: userMessage(params.error, params.fallback),
    })),
    openSubmission: assign(({ context }, params: { event: GradingEvent }) => {
      const id = params.event.type === 'grade.open' ? params.event.submissionId : null;
      const submission = rosterSubmission(context.roster, id);
      return {
        submissionId: id,
        marks: submission?.marks === null || !submission ? '' : String(submission.marks),
        feedback: submission?.feedback ?? '',
        error: null,
      };
    }),
    setMarks: assign((_, params: { marks: string }) => ({ marks: params.marks })),
    setFeedback: assign((_, params: { feedback: string }) => ({ feedback: params.feedback })),
    refuseMarks: assign(({ context }) => ({
      error: ASSIGNMENT_MESSAGES.marksAbove(context.roster!.assignment.max_marks),
    })),
    close: assign({ submissionId: null, marks: '', feedback: '', error: null }),
    clearError: assign({ error: null }),
    putGraded: assign(({ context }, params: { submission: Submission }) => ({
      roster: {
        ...context.roster!,
        students: context.roster!.students.map((s) =>
          s.submission?.id === params.submission.id ? { ...s, submission: params.submission } : s,
        ),
      },
      error: null,
    })),
  },
  guards: {
    isSubmission: ({ context }, params: { event: GradingEvent }) =>
      params.event.type === 'grade.open' && rosterSubmission(context.roster, params.event.submissionId) !== null,
    marksValid: ({ context }) => parseMarks(context.marks, context.roster!.assignment.max_marks) !== null,
  },
}).createMachine({
  id: 'grading',
  context: ({ input }) => ({
    assignmentId: /^[1-9]\d{0,15}$/.test(input.assignmentId) ? Number(input.assignmentId) : 0,
    roster: null,
    submissionId: null,
    marks: '',
    feedback: '',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRoster',
        src: 'loadRoster',
        input: ({ context }) => ({ assignmentId: context.assignmentId }),
        onDone: { target: 'list', actions: { type: 'setRoster', params: ({ event }) => ({ roster: event.output }) } },
        onError: {
          target: 'failed',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: event.error, fallback: GRADING_TEXTS.loadFailed }),
          },
        },
      },
    },
    failed: { on: { 'roster.retry': { target: 'loading', actions: 'clearError' } } },
    list: { on: { 'grade.open': open } },
    /** One submission's grade form. */
    grading: {
      on: {
        'marks.change': { actions: { type: 'setMarks', params: ({ event }) => ({ marks: event.marks }) } },
        'feedback.change': {
          actions: { type: 'setFeedback', params: ({ event }) => ({ feedback: event.feedback }) },
        },
        'grade.save': [{ guard: 'marksValid', target: 'saving', actions: 'clearError' }, { actions: 'refuseMarks' }],
        'grade.cancel': { target: 'list', actions: 'close' },
        'grade.open': open,
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveGrade',
        src: 'saveGrade',
        input: ({ context }) => ({
          submissionId: context.submissionId!,
          marks: parseMarks(context.marks, context.roster!.assignment.max_marks)!,
          feedback: context.feedback,
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'putGraded', params: ({ event }) => ({ submission: event.output }) },
        },
        onError: {
          target: 'refused',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: event.error, fallback: GRADING_TEXTS.saveFailed }),
          },
        },
      },
    },
    /** The grade is in the list; the next submission may be opened. */
    saved: { on: { 'grade.open': open, 'grade.cancel': { target: 'list', actions: 'close' } } },
    /** The server's message beside the form, to correct and save again. */
    refused: {
      on: {
        'marks.change': { actions: { type: 'setMarks', params: ({ event }) => ({ marks: event.marks }) } },
        'grade.save': [{ guard: 'marksValid', target: 'saving', actions: 'clearError' }, { actions: 'refuseMarks' }],
        'grade.cancel': { target: 'list', actions: 'close' },
      },
    },
  },
});

export type GradingLogic = typeof gradingMachine;
