import { fromPromise } from 'xstate';
import {
  ApiError,
  type Announcement,
  type AnnouncementInput,
  type AttendanceResult,
  type AttendanceSheet,
} from '../../../contract/index.ts';
import {
  attendanceSheetMachine,
  type LoadSheetInput,
  type SaveSheetInput,
} from '../../../machines/attendance-sheet.machine.ts';
import {
  fetchAttendanceSheet,
  fetchTeachBatch,
  fetchTeachBatches,
  postAnnouncement,
  saveAttendance,
} from '../../features/teach/api/teach-api.ts';
import { announcementMachine, type FormSubmitInput } from '../../../machines/form-submit.machine.ts';
import type { Refusable, TeachMachines } from '../../features/teach/types.ts';
import { loaderOf } from './lists.ts';

/** The server's refusal (a 4xx with its words) becomes data the page shows; anything else fails the load. */
export async function refusable<T>(load: () => Promise<T>): Promise<Refusable<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.userMessage)
      return { ok: false, message: error.userMessage };
    throw error;
  }
}

/** The instructor area's machines with the API calls. */
export const teachMachines: TeachMachines = {
  batches: loaderOf(() => refusable(fetchTeachBatches)),
  batch: loaderOf((params) => refusable(() => fetchTeachBatch(String(params.id)))),
  attendanceSheet: attendanceSheetMachine.provide({
    actors: {
      loadSheet: fromPromise<AttendanceSheet, LoadSheetInput>(({ input }) => fetchAttendanceSheet(input.sessionId)),
      saveSheet: fromPromise<AttendanceResult, SaveSheetInput>(({ input }) =>
        saveAttendance(input.sessionId, input.present),
      ),
    },
  }),
  announcement: (batchId) =>
    announcementMachine.provide({
      actors: {
        submit: fromPromise<Announcement, FormSubmitInput<AnnouncementInput>>(({ input }) =>
          postAnnouncement(batchId, input.values),
        ),
      },
    }),
};
