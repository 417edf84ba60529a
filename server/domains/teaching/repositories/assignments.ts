import type { Insertable, Updateable } from 'kysely';
import { createTeachingRepository } from './teaching.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { AssignmentSubmissionsTable, AssignmentsTable } from '../../../platform/db/schema.ts';

/** Assignments of a batch and their submissions (decision record 051). */
export function createAssignmentRepository(db: Db) {
  return {
    find: (id: number) => db.selectFrom('assignments').selectAll().where('id', '=', id).executeTakeFirst(),
    ofBatch: (batchId: number) =>
      db
        .selectFrom('assignments')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('due_at')
        .orderBy('id')
        .execute(),
    async insert(values: Insertable<AssignmentsTable>): Promise<number> {
      const row = await db.insertInto('assignments').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    update: (id: number, values: Updateable<AssignmentsTable>) =>
      db.updateTable('assignments').set(values).where('id', '=', id).execute(),
    remove: (id: number) => db.deleteFrom('assignments').where('id', '=', id).execute(),

    /** Per assignment of the batch: how many submitted and how many of those are graded. */
    async counts(batchId: number): Promise<Map<number, { submitted: number; graded: number }>> {
      const rows = await db
        .selectFrom('assignment_submissions')
        .innerJoin('assignments', 'assignments.id', 'assignment_submissions.assignment_id')
        .select(['assignment_submissions.assignment_id', 'assignment_submissions.marks'])
        .where('assignments.batch_id', '=', batchId)
        .execute();
      const out = new Map<number, { submitted: number; graded: number }>();
      for (const row of rows) {
        const entry = out.get(row.assignment_id) ?? { submitted: 0, graded: 0 };
        entry.submitted += 1;
        if (row.marks !== null) entry.graded += 1;
        out.set(row.assignment_id, entry);
      }
      return out;
    },
    async hasSubmissions(assignmentId: number): Promise<boolean> {
      const row = await db
        .selectFrom('assignment_submissions')
        .select('id')
        .where('assignment_id', '=', assignmentId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The batch's students: the instructor area's one query (repositories/teaching.ts). */
    roster: (batchId: number) => createTeachingRepository(db).students(batchId),

    findSubmission: (id: number) =>
      db.selectFrom('assignment_submissions').selectAll().where('id', '=', id).executeTakeFirst(),
    submissionOf: (assignmentId: number, studentId: number) =>
      db
        .selectFrom('assignment_submissions')
        .selectAll()
        .where('assignment_id', '=', assignmentId)
        .where('student_id', '=', studentId)
        .executeTakeFirst(),
    submissionsOf: (assignmentId: number) =>
      db.selectFrom('assignment_submissions').selectAll().where('assignment_id', '=', assignmentId).execute(),
    /** The student's submissions of the batch's assignments. */
    studentSubmissions: (batchId: number, studentId: number) =>
      db
        .selectFrom('assignment_submissions')
        .innerJoin('assignments', 'assignments.id', 'assignment_submissions.assignment_id')
        .selectAll('assignment_submissions')
        .where('assignments.batch_id', '=', batchId)
        .where('assignment_submissions.student_id', '=', studentId)
        .execute(),
    async insertSubmission(values: Insertable<AssignmentSubmissionsTable>): Promise<number> {
      const row = await db
        .insertInto('assignment_submissions')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Rewrites an ungraded submission; answers false when it was graded meanwhile. */
    async replaceUngraded(id: number, values: Updateable<AssignmentSubmissionsTable>): Promise<boolean> {
      const result = await db
        .updateTable('assignment_submissions')
        .set(values)
        .where('id', '=', id)
        .where('marks', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    updateSubmission: (id: number, values: Updateable<AssignmentSubmissionsTable>) =>
      db.updateTable('assignment_submissions').set(values).where('id', '=', id).execute(),
  };
}
