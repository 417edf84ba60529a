import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** The instructor area (decision record 050): an instructor's batches, a batch's students and timetable, attendance. */

export const TEACHING_NAMED: Record<string, z.ZodType> = {
  TeachBatchSummary: C.TeachBatchSummary,
  TeachBatch: C.TeachBatch,
  AttendanceSheet: C.AttendanceSheet,
  AttendanceResult: C.AttendanceResult,
  AttendanceInput: C.AttendanceInput,
};

const A = C.TEACHING_PATHS;

export const TEACHING_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: A.batches,
    summary:
      "The caller's upcoming and running batches (an administrator's: every one), with students and sessions held; instructors and administrators only (403 otherwise)",
    tag: 'Teaching',
    access: 'user',
    responses: { 200: z.array(C.TeachBatchSummary) },
    errors: [403],
  },
  {
    method: 'get',
    path: A.batch(),
    summary:
      "A batch's students (progress, attendance percentage, assignments done) and timetable (started, marked, present count); its instructor and administrators only",
    tag: 'Teaching',
    access: 'user',
    responses: { 200: C.TeachBatch },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: A.sessionAttendance(),
    summary: "A session's attendance sheet: the batch's students with present true, false or null (not marked)",
    tag: 'Teaching',
    access: 'user',
    responses: { 200: C.AttendanceSheet },
    errors: [403, 404],
  },
  {
    method: 'put',
    path: A.sessionAttendance(),
    summary:
      'Take (or correct) attendance: the students present; every other student of the batch is absent. 400 for an id not of the batch (named) or a session not started. The last answer stands (audited)',
    tag: 'Teaching',
    access: 'user',
    body: C.AttendanceInput,
    responses: { 200: C.AttendanceResult },
    errors: [400, 403, 404],
  },
];
