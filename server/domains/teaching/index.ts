import type { Db } from '../../platform/db/connect.ts';
import { createAttendanceRepository } from './repositories/attendance.ts';

/**
 * What other domains may use of teaching beyond its service (decision record 076): a student's attendance
 * and assignments in their batch, for the course page and the certificate's rules.
 */
export { attendancePercentage } from './attendance.ts';
export { courseAssignments } from './assignments.ts';

/** A student's marks in their batch's sessions: present or not, per session (the course page). */
export async function studentAttendance(db: Db, studentId: number, batchId: number) {
  const marks = await createAttendanceRepository(db).studentMarks(studentId, batchId);
  return marks.map((m) => ({ session: m.session_id, present: m.present === 1 }));
}

/** The batch's sessions held by `nowIso` with a sheet taken, and those of them the student attended. */
export function heldAndAttended(db: Db, studentId: number, batchId: number, nowIso: string) {
  return createAttendanceRepository(db).heldAndAttended(studentId, batchId, nowIso);
}
