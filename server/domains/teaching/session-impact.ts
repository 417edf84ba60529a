import { DELETE_IMPACT_TEXTS as T, type DeleteImpact } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { createAttendanceRepository } from './repositories/attendance.ts';

/**
 * GET /api/admin/sessions/{id}/impact/ (decision record 085): what deleting a session takes with it, read
 * before the office confirms: the attendance taken at it, which every student's percentage counts.
 */
export async function sessionDeleteImpact(db: Db, id: number): Promise<DeleteImpact> {
  const repo = createAttendanceRepository(db);
  const session = await repo.sessionWithBatch(id);
  if (!session) throw notFound();
  const { marks, present } = await repo.marksOf(id);
  return {
    item: T.session(session.title, session.batch_name),
    touches: marks > 0 ? [T.attendanceGoes(marks, present)] : [],
  };
}
