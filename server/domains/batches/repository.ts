import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import type { BatchesTable, BatchSessionsTable } from '../../platform/db/schema.ts';

/** Batches (cohorts) of a program and their live sessions: every SQL statement about them. */
export function createBatchRepository(db: Db) {
  /** The batch's enrollments that give access (active or completed): its students, for the reads below. */
  const activeEnrollments = (batchId: number) =>
    db
      .selectFrom('enrollments')
      .where('enrollments.batch_id', '=', batchId)
      .where('enrollments.is_active', '=', 1)
      .where('enrollments.status', 'in', ['active', 'completed']);
  return {
    program: (id: number) =>
      db.selectFrom('programs').select(['id', 'title', 'is_active']).where('id', '=', id).executeTakeFirst(),
    findById: (id: number) => db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst(),
    list: (courseId?: number) => {
      let query = db.selectFrom('batches').selectAll();
      if (courseId !== undefined) query = query.where('course_id', '=', courseId);
      return query.orderBy('starts_on').orderBy('id').execute();
    },
    /** Open batches of a program not yet ended (by IST day `today`), soonest first. */
    listOpen: (courseId: number, today: string) =>
      db
        .selectFrom('batches')
        .selectAll()
        .where('course_id', '=', courseId)
        .where('is_open', '=', 1)
        .where('ends_on', '>=', today)
        .orderBy('starts_on')
        .orderBy('id')
        .execute(),
    async insert(values: Insertable<BatchesTable>): Promise<number> {
      const row = await db.insertInto('batches').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    /** Updates unless the new seat count is below the seats taken (checked in the UPDATE itself). */
    async updateIfSeatsFit(id: number, values: Updateable<BatchesTable>): Promise<boolean> {
      let query = db.updateTable('batches').set(values).where('id', '=', id);
      if (values.seats !== undefined) query = query.where('seats_taken', '<=', Number(values.seats));
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('batches').where('id', '=', id).execute();
    },
    /** One seat, only while one is left: concurrent buyers of the last seat cannot both get it. */
    async takeSeat(id: number): Promise<boolean> {
      const result = await db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
        .where('id', '=', id)
        .whereRef('seats_taken', '<', 'seats')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async releaseSeat(id: number): Promise<void> {
      await db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
        .where('id', '=', id)
        .where('seats_taken', '>', 0)
        .execute();
    },
    async hasEnrollments(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('enrollments')
        .select('id')
        .where('batch_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (row) return true;
      const paid = await db.selectFrom('payments').select('id').where('batch_id', '=', id).limit(1).executeTakeFirst();
      return paid !== undefined;
    },
    /** The students whose enrollment in this batch gives access (active or completed). */
    activeStudents: (batchId: number) =>
      activeEnrollments(batchId)
        .innerJoin('users', 'users.id', 'enrollments.student_id')
        .select(['users.id', 'users.email', 'users.first_name', 'enrollments.id as enrollment_id'])
        .execute(),

    /** How many students the batch has active (an announcement's recipients). */
    activeStudentCount: async (batchId: number) =>
      Number(
        (
          await activeEnrollments(batchId)
            .select((eb) => eb.fn.count<number>('enrollments.student_id').distinct().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The ids of the batch's active students above `afterId`, lowest first, at most `limit` (a fan-out's next chunk). */
    activeStudentIdsAfter: (batchId: number, afterId: number, limit: number) =>
      activeEnrollments(batchId)
        .select('enrollments.student_id as id')
        .where('enrollments.student_id', '>', afterId)
        .orderBy('enrollments.student_id')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => r.id)),

    findSession: (id: number) => db.selectFrom('batch_sessions').selectAll().where('id', '=', id).executeTakeFirst(),
    sessions: (batchId: number) =>
      db
        .selectFrom('batch_sessions')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('starts_at')
        .orderBy('id')
        .execute(),
    /** Sessions starting within [from, to), with their batch's program title (reminders). */
    sessionsStartingBetween: (from: string, to: string) =>
      db
        .selectFrom('batch_sessions')
        .innerJoin('batches', 'batches.id', 'batch_sessions.batch_id')
        .innerJoin('programs', 'programs.id', 'batches.course_id')
        .selectAll('batch_sessions')
        .select(['batches.name as batch_name', 'programs.title as program_title'])
        .where('batch_sessions.starts_at', '>=', from)
        .where('batch_sessions.starts_at', '<', to)
        .execute(),
    async insertSession(values: Insertable<BatchSessionsTable>): Promise<number> {
      const row = await db.insertInto('batch_sessions').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updateSession(id: number, values: Updateable<BatchSessionsTable>): Promise<void> {
      await db.updateTable('batch_sessions').set(values).where('id', '=', id).execute();
    },
    async removeSession(id: number): Promise<void> {
      await db.deleteFrom('batch_sessions').where('id', '=', id).execute();
    },
    /** Marks a reminder sent; false when a marker exists already (another process sent it). */
    async markReminder(sessionId: number, studentId: number, offsetHours: number, at: string): Promise<boolean> {
      const result = await db
        .insertInto('session_reminders')
        .values({ session_id: sessionId, student_id: studentId, offset_hours: offsetHours, sent_at: at })
        .onConflict((oc) => oc.columns(['session_id', 'student_id', 'offset_hours']).doNothing())
        .returning('session_id')
        .executeTakeFirst();
      return result !== undefined;
    },
  };
}
