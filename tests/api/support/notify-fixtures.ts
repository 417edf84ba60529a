import type { Db } from '../../../server/platform/db/connect.ts';
import { insertProgram } from './certificate-fixtures.ts';
import type { TestContext, TestUser } from './harness.ts';
import { placementBatch, placementStudents } from './placement-fixtures.ts';

/**
 * A program with a lesson and two batches, each with its instructor and students (issue 36's access
 * matrix): batch A's students, batch B's student, A's instructor, another instructor, an administrator.
 */
export async function notifyWorld(ctx: Pick<TestContext, 'db' | 'user'>, tag: string) {
  const admin = await ctx.user(`${tag}admin`, 'admin');
  const instructor = await ctx.user(`${tag}teacher`, 'instructor');
  const otherInstructor = await ctx.user(`${tag}otherteacher`, 'instructor');
  const student = await ctx.user(`${tag}student`);
  const classmate = await ctx.user(`${tag}classmate`);
  const outsider = await ctx.user(`${tag}outsider`);
  const { programId, lessonIds } = await insertProgram(ctx.db, `Notify Program ${tag}`, 2);
  const batchA = await placementBatch(ctx.db, programId, `Batch A ${tag}`, '2099-01-01');
  const batchB = await placementBatch(ctx.db, programId, `Batch B ${tag}`, '2099-01-01');
  await setInstructor(ctx.db, batchA, instructor.id);
  await setInstructor(ctx.db, batchB, otherInstructor.id);
  await placementStudents(ctx.db, batchA, [student.id, classmate.id], { status: 'active' });
  await placementStudents(ctx.db, batchB, [outsider.id], { status: 'active' });
  return {
    admin,
    instructor,
    otherInstructor,
    student,
    classmate,
    outsider,
    programId,
    lessonId: lessonIds[0]!,
    batchA,
    batchB,
  };
}

async function setInstructor(db: Db, batchId: number, instructorId: number) {
  await db.updateTable('batches').set({ instructor_id: instructorId }).where('id', '=', batchId).execute();
}

export const tokenOf = (user: TestUser | null) => user?.access ?? null;
