import { assign, setup } from 'xstate';
import {
  ASSIGNMENT_MESSAGES,
  submissionState,
  userMessage,
  type CourseAssignment,
  type Submission,
} from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * One assignment on the course page (decision record 051). It starts where the student's submission
 * stands (`draft` without one, `submitted`, `late` or `graded`); a draft holds the answer's text and the
 * chosen file and sends them (`uploading`); the server's answer says on time or late. Until graded the
 * student may resubmit (back to `draft`, or cancel to where it stood). A refusal (a wrong file type, too
 * large, already graded) shows the server's message in `refused`, from where the draft is edited again.
 */
export type AssignmentSubmissionInput = { assignment: CourseAssignment };
/** The chosen file: a browser File (the view passes it through unchanged). */
export type SubmissionFile = { name: string; size: number };
export type SubmitAssignmentInput = { assignmentId: number; text: string; file: SubmissionFile | null };

export const ASSIGNMENT_SUBMISSION_TEXTS = {
  failed: 'The submission could not be sent. Check your connection and try again.',
} as const;

export type AssignmentSubmissionContext = {
  assignmentId: number;
  submission: Submission | null;
  text: string;
  file: SubmissionFile | null;
  error: string | null;
};

export type AssignmentSubmissionEvent =
  | { type: 'text.change'; text: string }
  | { type: 'file.choose'; file: SubmissionFile | null }
  | { type: 'submit' }
  | { type: 'resubmit' }
  | { type: 'cancel' };

type Ev<T extends AssignmentSubmissionEvent['type']> = { event: Extract<AssignmentSubmissionEvent, { type: T }> };
const editing = {
  'text.change': { actions: { type: 'setText', params: ({ event }: Ev<'text.change'>) => ({ text: event.text }) } },
  'file.choose': { actions: { type: 'setFile', params: ({ event }: Ev<'file.choose'>) => ({ file: event.file }) } },
  submit: [
    { guard: 'hasContent', target: '#assignmentSubmission.uploading', actions: 'clearError' },
    { target: '#assignmentSubmission.draft', actions: 'requireContent' },
  ],
  cancel: { guard: 'hasSubmission', target: '#assignmentSubmission.resolving', actions: 'clearError' },
} as const;

export const assignmentSubmissionMachine = setup({
  types: {
    input: {} as AssignmentSubmissionInput,
    context: {} as AssignmentSubmissionContext,
    events: {} as AssignmentSubmissionEvent,
  },
  actors: {
    /** POST /classroom/assignments/{id}/submission/ (multipart: text and/or file): the submission. */
    submitAssignment: notProvided<Submission, SubmitAssignmentInput>('submitAssignment'),
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    setFile: assign((_, params: { file: SubmissionFile | null }) => ({ file: params.file })),
    requireContent: assign({ error: ASSIGNMENT_MESSAGES.emptySubmission }),
    setSubmission: assign((_, params: { submission: Submission }) => ({
      submission: params.submission,
      text: params.submission.text,
      file: null,
      error: null,
    })),
    startEditing: assign(({ context }) => ({
      text: context.submission?.text ?? context.text,
      file: null,
      error: null,
    })),
    clearError: assign({ error: null }),
    showError: assign((_, params: { error: unknown }) => ({
      error: userMessage(params.error, ASSIGNMENT_SUBMISSION_TEXTS.failed),
    })),
  },
  guards: {
    hasContent: ({ context }) => context.text.trim() !== '' || context.file !== null,
    hasSubmission: ({ context }) => context.submission !== null,
    isGraded: ({ context }) => submissionState(context.submission) === 'graded',
    isLate: ({ context }) => submissionState(context.submission) === 'late',
    isSubmitted: ({ context }) => submissionState(context.submission) === 'submitted',
  },
}).createMachine({
  id: 'assignmentSubmission',
  context: ({ input }) => ({
    assignmentId: input.assignment.id,
    submission: input.assignment.submission,
    text: input.assignment.submission?.text ?? '',
    file: null,
    error: null,
  }),
  initial: 'resolving',
  states: {
    // Transient: where the student's submission stands.
    resolving: {
      always: [
        { guard: 'isGraded', target: 'graded' },
        { guard: 'isLate', target: 'late' },
        { guard: 'isSubmitted', target: 'submitted' },
        { target: 'draft' },
      ],
    },
    /** The form: text and one file; sending needs one of them. */
    draft: { on: editing },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'submitAssignment',
        src: 'submitAssignment',
        input: ({ context }) => ({ assignmentId: context.assignmentId, text: context.text, file: context.file }),
        onDone: {
          target: 'resolving',
          actions: { type: 'setSubmission', params: ({ event }) => ({ submission: event.output }) },
        },
        onError: { target: 'refused', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Sent on time; may be sent again until graded. */
    submitted: { on: { resubmit: { target: 'draft', actions: 'startEditing' } } },
    /** Sent after the due time (accepted, marked late); may be sent again until graded. */
    late: { on: { resubmit: { target: 'draft', actions: 'startEditing' } } },
    /** Marks and feedback shown; nothing more to send. */
    graded: {},
    /** The server's message beside the form (text and file kept), to fix and send again. */
    refused: { on: editing },
  },
});

export type AssignmentSubmissionLogic = typeof assignmentSubmissionMachine;
