import { attendanceRule } from '../../contract/teaching.ts';
import type { Db } from '../db/connect.ts';
import { createAttendanceRepository } from '../repositories/attendance.ts';

/** A moment as the stored ISO UTC text (stored date-times compare as text). */
function isoOf(now: Date | number | string): string {
  return typeof now === 'string' ? now : new Date(now).toISOString();
}

/**
 * The attendance percentage of a student in a batch (decision record 050), the one place the rule lives:
 * sessions attended out of the batch's sessions already held (started at or before `now`), rounded to a
 * whole number; null when none has been held. A held session nobody marked counts as not attended.
 * The course page, the instructor's batch page and certificates all ask here.
 */
export async function attendancePercentage(
  db: Db,
  studentId: number,
  batchId: number,
  now: Date | number | string,
): Promise<number | null> {
  const { held, attended } = await createAttendanceRepository(db).heldAndAttended(studentId, batchId, isoOf(now));
  return attendanceRule(attended, held);
}
