import type { Db } from '../../../platform/db/connect.ts';

/** The reads of the instructor area (services/teaching.ts decides who sees what). */
export function createTeachingRepository(db: Db) {
  return {
    /** Batches ending on or after `today` (IST day), with their program; only the instructor's unless null. */
    batches: (instructorId: number | null, today: string) => {
      let query = db
        .selectFrom('batches')
        .innerJoin('programs', 'programs.id', 'batches.course_id')
        .leftJoin('users', 'users.id', 'batches.instructor_id')
        .selectAll('batches')
        .select(['programs.title as program_title', 'users.first_name', 'users.last_name'])
        .where('batches.ends_on', '>=', today);
      if (instructorId !== null) query = query.where('batches.instructor_id', '=', instructorId);
      return query.orderBy('batches.starts_on').orderBy('batches.id').execute();
    },
    /** One batch with its program and instructor's name. */
    batch: (id: number) =>
      db
        .selectFrom('batches')
        .innerJoin('programs', 'programs.id', 'batches.course_id')
        .leftJoin('users', 'users.id', 'batches.instructor_id')
        .selectAll('batches')
        .select(['programs.title as program_title', 'users.first_name', 'users.last_name'])
        .where('batches.id', '=', id)
        .executeTakeFirst(),
    /** The students whose enrollment in the batch gives access (active or completed), by name. */
    students: (batchId: number) =>
      db
        .selectFrom('enrollments')
        .innerJoin('users', 'users.id', 'enrollments.student_id')
        .select([
          'users.id',
          'users.first_name',
          'users.last_name',
          'users.username',
          'users.email',
          'enrollments.progress_percentage',
        ])
        .where('enrollments.batch_id', '=', batchId)
        .where('enrollments.is_active', '=', 1)
        .where('enrollments.status', 'in', ['active', 'completed'])
        .orderBy('users.first_name')
        .orderBy('users.last_name')
        .orderBy('users.id')
        .execute(),
    /** Counts of students per batch (the list). */
    async studentCounts(batchIds: number[]): Promise<Map<number, number>> {
      if (batchIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('enrollments')
        .select(['batch_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('batch_id', 'in', batchIds)
        .where('is_active', '=', 1)
        .where('status', 'in', ['active', 'completed'])
        .groupBy('batch_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.batch_id), Number(r.n)]));
    },
    /** Sessions per batch and how many had started by `nowIso` (the list). */
    async sessionCounts(batchIds: number[], nowIso: string): Promise<Map<number, { all: number; held: number }>> {
      if (batchIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('batch_sessions')
        .select(['batch_id', 'starts_at'])
        .where('batch_id', 'in', batchIds)
        .execute();
      const out = new Map<number, { all: number; held: number }>();
      for (const r of rows) {
        const counts = out.get(r.batch_id) ?? { all: 0, held: 0 };
        counts.all++;
        if (r.starts_at <= nowIso) counts.held++;
        out.set(r.batch_id, counts);
      }
      return out;
    },
    /** The batch's attendance marks, every session. */
    marks: (batchId: number) =>
      db
        .selectFrom('session_attendance')
        .innerJoin('batch_sessions', 'batch_sessions.id', 'session_attendance.session_id')
        .select([
          'session_attendance.session_id',
          'session_attendance.student_id',
          'session_attendance.present',
          'batch_sessions.starts_at',
        ])
        .where('batch_sessions.batch_id', '=', batchId)
        .execute(),
    /** Submissions per student to the batch's assignments. */
    async submissionCounts(batchId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('assignment_submissions')
        .innerJoin('assignments', 'assignments.id', 'assignment_submissions.assignment_id')
        .select(['assignment_submissions.student_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('assignments.batch_id', '=', batchId)
        .groupBy('assignment_submissions.student_id')
        .execute();
      return new Map(rows.map((r) => [r.student_id, Number(r.n)]));
    },
  };
}
