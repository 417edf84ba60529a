import { attendanceRule } from '../../../contract/teaching.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createAttendanceRepository } from './repositories/attendance.ts';

/** A moment as the stored ISO UTC text (stored date-times compare as text). */
function isoOf(now: Date | number | string): string {
  return typeof now === 'string' ? now : new Date(now).toISOString();
}

/**
 * The attendance percentage of a student in a batch (decision record 050), the one place the rule lives:
 * sessions attended out of the batch's sessions already held (started at or before `now`) whose attendance
 * sheet was taken, rounded to a whole number; null when there is none. A held session without a sheet is
 * not counted at all (decision record 066): nobody's absence. A student left off a taken sheet is absent.
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
