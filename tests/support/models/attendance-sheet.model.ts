import { ApiError, TEACHING_MESSAGES, type AttendanceResult, type AttendanceSheet } from '../../../contract/index.ts';
import { attendanceSheetMachine, type AttendanceSheetContext } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError } from '../samples.ts';

/** A held session of two students: Asha marked present before, Vikram not marked yet. */
export const sampleSheet: AttendanceSheet = {
  session: {
    id: 7,
    title: 'Live class 3: Ratio analysis',
    starts_at: '2026-11-24T19:00:00+05:30',
    started: true,
    batch: { id: 2, name: 'November 2026 weekday evening batch' },
  },
  students: [
    { id: 11, name: 'Asha Menon', email: 'asha@example.in', present: true },
    { id: 12, name: 'Vikram Rao', email: 'vikram@example.in', present: null },
  ],
  marked_at: '2026-11-24T15:00:00.000Z',
};
export const savedResult: AttendanceResult = { present: [11, 12], absent: [] };
/** The server's words for another instructor's batch (shown as they are). */
export const notYourBatch = new ApiError(403, { detail: TEACHING_MESSAGES.notYourBatch });
/** The server's words for a session that has not started. */
export const notStarted = new ApiError(400, { error: TEACHING_MESSAGES.notStarted });

export const attendanceSheetModel: MachineModel<{ sessionId: number }> = {
  name: 'attendance-sheet',
  machine: attendanceSheetMachine,
  actors: ['loadSheet', 'saveSheet'],
  appActions: [],
  inputs: [{ sessionId: 7 }],
  events: [
    { type: 'xstate.done.actor.loadSheet', output: sampleSheet },
    { type: 'xstate.error.actor.loadSheet', error: notYourBatch },
    { type: 'student.toggle', studentId: 12 },
    { type: 'sheet.allPresent' },
    { type: 'sheet.save' },
    { type: 'xstate.done.actor.saveSheet', output: savedResult },
    { type: 'xstate.error.actor.saveSheet', error: notStarted },
    { type: 'xstate.error.actor.saveSheet', error: networkError },
    { type: 'sheet.edit' },
    { type: 'sheet.retry' },
  ],
  // What a user sees: where they are, who is ticked, whether the sheet is here, whether a refusal shows.
  stateKey: (snapshot) => {
    const c = snapshot.context as AttendanceSheetContext;
    return { value: snapshot.value, present: c.present, loaded: c.sheet !== null, error: c.error };
  },
};
