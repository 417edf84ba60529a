import { assign, setup } from 'xstate';
import { istDateTime, istLocalToIso, userMessage, type InstructorAssignment } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * A batch's assignments for its instructor (/teach/batches/{id}/assignments, decision record 051): the list
 * loads (`loading`, else `failed` with a retry); `editing` holds the create or edit form, `saving` sends
 * it and the list reloads; a delete (`deleting`) reloads too, or shows the server's refusal (someone
 * submitted) on the list. The form's due time is typed in IST.
 */
export type AssignmentListInput = { batchId: string };
export type LoadAssignmentsInput = { batchId: number };
export type AssignmentForm = { title: string; instructions: string; due: string; max_marks: string };
export type AssignmentBody = { title: string; instructions: string; due_at: string; max_marks: number };
export type SaveAssignmentInput = { batchId: number; id: number | null; body: AssignmentBody };
export type DeleteAssignmentInput = { id: number };

export const ASSIGNMENT_LIST_TEXTS = {
  loadFailed: 'The assignments could not be loaded. Check your connection and try again.',
  saveFailed: 'The assignment could not be saved. Try again.',
  deleteFailed: 'The assignment could not be deleted. Try again.',
} as const;

export const EMPTY_ASSIGNMENT_FORM: AssignmentForm = { title: '', instructions: '', due: '', max_marks: '10' };

/** The form's fields as the API takes them: the due time typed in IST ("2027-01-16T23:59"). */
export const assignmentBody = (form: AssignmentForm): AssignmentBody => ({
  title: form.title,
  instructions: form.instructions,
  due_at: istLocalToIso(form.due),
  max_marks: /^\d+$/.test(form.max_marks.trim()) ? Number(form.max_marks) : Number.NaN,
});

export type AssignmentListContext = {
  batchId: number;
  assignments: InstructorAssignment[];
  editingId: number | null;
  form: AssignmentForm;
  error: string | null;
};

export type AssignmentListEvent =
  | { type: 'list.retry' }
  | { type: 'assignment.new' }
  | { type: 'assignment.edit'; id: number }
  | { type: 'assignment.delete'; id: number }
  | { type: 'form.change'; field: keyof AssignmentForm; value: string }
  | { type: 'form.save' }
  | { type: 'form.cancel' };

export const assignmentListMachine = setup({
  types: {
    input: {} as AssignmentListInput,
    context: {} as AssignmentListContext,
    events: {} as AssignmentListEvent,
  },
  actors: {
    /** GET /api/instructor/batches/{id}/assignments/ */
    loadAssignments: notProvided<InstructorAssignment[], LoadAssignmentsInput>('loadAssignments'),
    /** POST /api/instructor/batches/{id}/assignments/ or PATCH /api/instructor/assignments/{id}/ */
    saveAssignment: notProvided<unknown, SaveAssignmentInput>('saveAssignment'),
    /** DELETE /api/instructor/assignments/{id}/ */
    deleteAssignment: notProvided<unknown, DeleteAssignmentInput>('deleteAssignment'),
  },
  actions: {
    setAssignments: assign((_, params: { assignments: InstructorAssignment[] }) => ({
      assignments: params.assignments,
    })),
    showError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: userMessage(params.error, params.fallback),
    })),
    clearError: assign({ error: null }),
    startNew: assign({ editingId: null, form: EMPTY_ASSIGNMENT_FORM, error: null }),
    startEdit: assign(({ context }, params: { id: number }) => {
      const found = context.assignments.find((a) => a.id === params.id)!;
      return {
        editingId: found.id,
        form: {
          title: found.title,
          instructions: found.instructions,
          due: istDateTime(found.due_at).replace(' ', 'T'),
          max_marks: String(found.max_marks),
        },
        error: null,
      };
    }),
    change: assign(({ context }, params: { field: keyof AssignmentForm; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
    })),
    closeForm: assign({ editingId: null, form: EMPTY_ASSIGNMENT_FORM }),
  },
  guards: {
    isListed: ({ context }, params: { id: number }) => context.assignments.some((a) => a.id === params.id),
  },
}).createMachine({
  id: 'assignmentList',
  context: ({ input }) => ({
    batchId: /^[1-9]\d{0,15}$/.test(input.batchId) ? Number(input.batchId) : 0,
    assignments: [],
    editingId: null,
    form: EMPTY_ASSIGNMENT_FORM,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssignments',
        src: 'loadAssignments',
        input: ({ context }) => ({ batchId: context.batchId }),
        onDone: {
          target: 'list',
          actions: { type: 'setAssignments', params: ({ event }) => ({ assignments: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: event.error, fallback: ASSIGNMENT_LIST_TEXTS.loadFailed }),
          },
        },
      },
    },
    failed: { on: { 'list.retry': { target: 'loading', actions: 'clearError' } } },
    list: {
      on: {
        'assignment.new': { target: 'editing', actions: 'startNew' },
        'assignment.edit': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'editing',
          actions: { type: 'startEdit', params: ({ event }) => ({ id: event.id }) },
        },
        'assignment.delete': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'deleting',
          actions: 'clearError',
        },
      },
    },
    editing: {
      on: {
        'form.change': {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.save': { target: 'saving', actions: 'clearError' },
        'form.cancel': { target: 'list', actions: ['closeForm', 'clearError'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveAssignment',
        src: 'saveAssignment',
        input: ({ context }) => ({
          batchId: context.batchId,
          id: context.editingId,
          body: assignmentBody(context.form),
        }),
        onDone: { target: 'loading', actions: 'closeForm' },
        onError: {
          target: 'editing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: event.error, fallback: ASSIGNMENT_LIST_TEXTS.saveFailed }),
          },
        },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteAssignment',
        src: 'deleteAssignment',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: { target: 'loading' },
        onError: {
          target: 'list',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: event.error, fallback: ASSIGNMENT_LIST_TEXTS.deleteFailed }),
          },
        },
      },
    },
  },
});

export type AssignmentListLogic = typeof assignmentListMachine;
