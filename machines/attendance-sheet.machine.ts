import { assign, setup } from 'xstate';
import { userMessage, type AttendanceResult, type AttendanceSheet } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * A session's attendance sheet (decision record 050), for its batch's instructor or an administrator:
 * it loads the batch's students with their current marks, the instructor ticks who is present, and saves;
 * everyone not ticked is absent. A saved sheet can be corrected and saved again (the last answer stands).
 * A refusal (the server's 4xx: not your batch, not started, not a student) shows the server's words and
 * offers a retry: back to the ticks when the sheet was loaded, else loading again.
 */
export const ATTENDANCE_SHEET_TEXT = {
  loadFailed: 'Could not load the attendance sheet. Please try again.',
  saveFailed: 'Could not save the attendance. Please try again.',
} as const;

export type AttendanceSheetInput = { sessionId: number };
export type LoadSheetInput = { sessionId: number };
export type SaveSheetInput = { sessionId: number; present: number[] };

export type AttendanceSheetContext = {
  sessionId: number;
  sheet: AttendanceSheet | null;
  /** The students ticked present, in ascending id order. */
  present: number[];
  /** The last save's answer. */
  result: AttendanceResult | null;
  /** The refusal's words (the server's, else the sheet's own text). */
  error: string | null;
};

export type AttendanceSheetEvent =
  | { type: 'student.toggle'; studentId: number }
  | { type: 'sheet.allPresent' }
  | { type: 'sheet.save' }
  | { type: 'sheet.edit' }
  | { type: 'sheet.retry' };

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

export const attendanceSheetMachine = setup({
  types: {
    input: {} as AttendanceSheetInput,
    context: {} as AttendanceSheetContext,
    events: {} as AttendanceSheetEvent,
  },
  actors: {
    /** GET /api/instructor/sessions/{id}/attendance/. */
    loadSheet: notProvided<AttendanceSheet, LoadSheetInput>('loadSheet'),
    /** PUT /api/instructor/sessions/{id}/attendance/ {present}. */
    saveSheet: notProvided<AttendanceResult, SaveSheetInput>('saveSheet'),
  },
  guards: {
    hasSheet: ({ context }) => context.sheet !== null,
  },
  actions: {
    setSheet: assign((_, params: { sheet: AttendanceSheet }) => ({
      sheet: params.sheet,
      present: sorted(params.sheet.students.filter((s) => s.present === true).map((s) => s.id)),
      error: null,
    })),
    toggle: assign(({ context }, params: { studentId: number }) => ({
      present: context.present.includes(params.studentId)
        ? context.present.filter((id) => id !== params.studentId)
        : sorted([...context.present, params.studentId]),
    })),
    allPresent: assign(({ context }) => ({ present: sorted((context.sheet?.students ?? []).map((s) => s.id)) })),
    setResult: assign(({ context }, params: { result: AttendanceResult }) => ({
      result: params.result,
      present: sorted(params.result.present),
      sheet: context.sheet && {
        ...context.sheet,
        students: context.sheet.students.map((s) => ({ ...s, present: params.result.present.includes(s.id) })),
      },
      error: null,
    })),
    clear: assign({ error: null }),
    fail: assign((_, params: { error: unknown; text: string }) => ({ error: userMessage(params.error, params.text) })),
  },
}).createMachine({
  id: 'attendanceSheet',
  context: ({ input }) => ({ sessionId: input.sessionId, sheet: null, present: [], result: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSheet',
        src: 'loadSheet',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: { target: 'marking', actions: { type: 'setSheet', params: ({ event }) => ({ sheet: event.output }) } },
        onError: {
          target: 'refused',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: ATTENDANCE_SHEET_TEXT.loadFailed }),
          },
        },
      },
    },
    marking: {
      on: {
        'student.toggle': {
          actions: { type: 'toggle', params: ({ event }) => ({ studentId: event.studentId }) },
        },
        'sheet.allPresent': { actions: 'allPresent' },
        'sheet.save': { target: 'saving', actions: 'clear' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSheet',
        src: 'saveSheet',
        input: ({ context }) => ({ sessionId: context.sessionId, present: context.present }),
        onDone: { target: 'saved', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'refused',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: ATTENDANCE_SHEET_TEXT.saveFailed }),
          },
        },
      },
    },
    /** Saved: the answer (present and absent) is shown; Correct goes back to the ticks. */
    saved: {
      on: { 'sheet.edit': { target: 'marking' } },
    },
    /** The server refused (or could not be reached): its words are shown, with a retry. */
    refused: {
      on: {
        'sheet.retry': [
          { guard: 'hasSheet', target: 'marking', actions: 'clear' },
          { target: 'loading', actions: 'clear' },
        ],
      },
    },
  },
});

/** The attendance sheet machine (what a view that runs one needs). */
export type AttendanceSheetLogic = typeof attendanceSheetMachine;
