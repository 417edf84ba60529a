import {
  AttendanceResult,
  AttendanceSheet,
  TEACHING_PATHS,
  TeachBatch,
  TeachBatchSummary,
  Announcement,
  NOTIFY_PATHS,
  type AnnouncementInput,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/instructor/batches/: the caller's upcoming and running batches (every one for an administrator). */
export const fetchTeachBatches = () => api.list(TEACHING_PATHS.batches, TeachBatchSummary);

/** GET /api/instructor/batches/{id}/: the batch's students and timetable. */
export const fetchTeachBatch = (id: number | string) => api.get(TEACHING_PATHS.batch(id), TeachBatch);

/** GET /api/instructor/sessions/{id}/attendance/: the current sheet. */
export const fetchAttendanceSheet = (sessionId: number) =>
  api.get(TEACHING_PATHS.sessionAttendance(sessionId), AttendanceSheet);

/** PUT /api/instructor/sessions/{id}/attendance/ {present}: everyone else of the batch is absent. */
export const saveAttendance = (sessionId: number, present: number[]) =>
  api.put(TEACHING_PATHS.sessionAttendance(sessionId), { present }, AttendanceResult);

/** POST /api/instructor/batches/{id}/announcements/: to every active student of the batch. */
export const postAnnouncement = (batchId: number, input: AnnouncementInput) =>
  api.post(NOTIFY_PATHS.announcements(batchId), input, Announcement);
