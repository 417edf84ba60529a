import type { Db } from '../../../platform/db/connect.ts';

/** The reads and writes of session attendance (migration 015; services/attendance.ts decides). */
export function createAttendanceRepository(db: Db) {
  return {
    /** A session with its batch's name, and the marks of its sheet (what deleting it takes: decision record 085). */
    sessionWithBatch: (sessionId: number) =>
      db
        .selectFrom('batch_sessions')
        .innerJoin('batches', 'batches.id', 'batch_sessions.batch_id')
        .select(['batch_sessions.title', 'batches.name as batch_name'])
        .where('batch_sessions.id', '=', sessionId)
        .executeTakeFirst(),
    async marksOf(sessionId: number): Promise<{ marks: number; present: number }> {
      const rows = await db
        .selectFrom('session_attendance')
        .select('present')
        .where('session_id', '=', sessionId)
        .execute();
      return { marks: rows.length, present: rows.filter((r) => Number(r.present) === 1).length };
    },
    /**
     * How many of the batch's sessions count for attendance (decision record 066: started by `nowIso` and
     * their sheet taken; a held class without a sheet is nobody's absence), and how many of those the
     * student attended.
     */
    async heldAndAttended(
      studentId: number,
      batchId: number,
      nowIso: string,
    ): Promise<{ held: number; attended: number }> {
      const held = await db
        .selectFrom('batch_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('batch_id', '=', batchId)
        .where('starts_at', '<=', nowIso)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('session_attendance')
              .select('session_attendance.session_id')
              .whereRef('session_attendance.session_id', '=', 'batch_sessions.id'),
          ),
        )
        .executeTakeFirstOrThrow();
      const attended = await db
        .selectFrom('session_attendance')
        .innerJoin('batch_sessions', 'batch_sessions.id', 'session_attendance.session_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('batch_sessions.batch_id', '=', batchId)
        .where('batch_sessions.starts_at', '<=', nowIso)
        .where('session_attendance.student_id', '=', studentId)
        .where('session_attendance.present', '=', 1)
        .executeTakeFirstOrThrow();
      return { held: Number(held.n), attended: Number(attended.n) };
    },
    /** One session's marks. */
    sessionMarks: (sessionId: number) =>
      db.selectFrom('session_attendance').selectAll().where('session_id', '=', sessionId).execute(),
    /** A student's marks in a batch's sessions (the course page). */
    studentMarks: (studentId: number, batchId: number) =>
      db
        .selectFrom('session_attendance')
        .innerJoin('batch_sessions', 'batch_sessions.id', 'session_attendance.session_id')
        .select(['session_attendance.session_id', 'session_attendance.present'])
        .where('batch_sessions.batch_id', '=', batchId)
        .where('session_attendance.student_id', '=', studentId)
        .execute(),
    /** Sets one mark; the last one stands. */
    async mark(sessionId: number, studentId: number, present: boolean, by: number, at: string): Promise<void> {
      const values = { present: present ? 1 : 0, marked_by: by, marked_at: at };
      await db
        .insertInto('session_attendance')
        .values({ session_id: sessionId, student_id: studentId, ...values })
        .onConflict((oc) => oc.columns(['session_id', 'student_id']).doUpdateSet(values))
        .execute();
    },
  };
}
