import type { z } from 'zod';
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentInput,
  type AssignmentPatch,
  type GradeInput,
  type InstructorAssignment,
  type Submission,
  type SubmissionRoster,
  type Assignment,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { BusinessError, HttpError, ValidationFailed } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { findUserById, type MailContext } from '../accounts/index.ts';
import { batchProgram } from '../batches/index.ts';
import { assertTeachesBatch } from '../lessons/index.ts';
import { findEnrollmentForCourse } from '../enrollments/index.ts';
import { noticeOf } from '../notifications/index.ts';
import { assignmentOr404, batchOr404, gradedEmail, toAssignment, toSubmission } from './assignments.ts';
import { createAssignmentRepository } from './repositories/assignments.ts';

/**
 * The instructor's side of assignments (decision record 051): each function authorises by the one rule
 * (assertTeachesBatch: the batch's instructor or an administrator) before it reads the request's input (`input`,
 * the route's parser: someone else hears 403, never what is wrong with their body), then reads or writes; every
 * write is audited in its transaction, and a grade's email and notification commit with it.
 */

/** A batch's assignments with how many of its students submitted and how many are graded. */
export async function batchAssignments(db: Db, who: UserRow | null, batchId: number): Promise<InstructorAssignment[]> {
  const batch = await batchOr404(db, batchId);
  assertTeachesBatch(who, batch);
  const repo = createAssignmentRepository(db);
  const counts = await repo.counts(batch.id);
  const students = (await repo.roster(batch.id)).length;
  return (await repo.ofBatch(batch.id)).map((row) => ({
    ...toAssignment(row),
    students,
    submitted: counts.get(row.id)?.submitted ?? 0,
    graded: counts.get(row.id)?.graded ?? 0,
  }));
}

export async function createAssignment(
  db: Db,
  who: UserRow | null,
  batchId: number,
  parseInput: () => z.output<typeof AssignmentInput>,
): Promise<Assignment> {
  const batch = await batchOr404(db, batchId);
  const user = assertTeachesBatch(who, batch);
  const input = parseInput();
  return inTransaction(db, async (trx) => {
    const repo = createAssignmentRepository(trx);
    const now = nowIso();
    const id = await repo.insert({
      batch_id: batch.id,
      title: input.title,
      instructions: input.instructions,
      due_at: new Date(input.due_at).toISOString(),
      max_marks: input.max_marks,
      created_by: user.id,
      created_at: now,
      updated_at: now,
    });
    const row = (await repo.find(id))!;
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: 'create',
      entity: 'assignment',
      entityId: id,
      changes: { after: row },
    });
    return toAssignment(row);
  });
}

/** A change; the maximum marks never below marks already given. */
export async function updateAssignment(
  db: Db,
  who: UserRow | null,
  assignmentId: number,
  parseInput: () => z.output<typeof AssignmentPatch>,
): Promise<Assignment> {
  const { assignment, batch } = await assignmentOr404(db, assignmentId);
  const user = assertTeachesBatch(who, batch);
  const input = parseInput();
  return inTransaction(db, async (trx) => {
    const repo = createAssignmentRepository(trx);
    if (input.max_marks !== undefined) {
      const highest = Math.max(0, ...(await repo.submissionsOf(assignment.id)).map((s) => s.marks ?? 0));
      if (input.max_marks < highest)
        throw new BusinessError(`Maximum marks cannot be below the ${highest} marks already given.`);
    }
    await repo.update(assignment.id, {
      ...input,
      ...(input.due_at !== undefined ? { due_at: new Date(input.due_at).toISOString() } : {}),
      updated_at: nowIso(),
    });
    const after = (await repo.find(assignment.id))!;
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: 'update',
      entity: 'assignment',
      entityId: assignment.id,
      changes: { before: assignment, after },
    });
    return toAssignment(after);
  });
}

/** A delete, refused once anyone has submitted. */
export async function deleteAssignment(db: Db, who: UserRow | null, assignmentId: number): Promise<void> {
  const { assignment, batch } = await assignmentOr404(db, assignmentId);
  const user = assertTeachesBatch(who, batch);
  await inTransaction(db, async (trx) => {
    const repo = createAssignmentRepository(trx);
    if (await repo.hasSubmissions(assignment.id)) throw new BusinessError(ASSIGNMENT_MESSAGES.hasSubmissions);
    await repo.remove(assignment.id);
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: 'delete',
      entity: 'assignment',
      entityId: assignment.id,
      changes: { before: assignment },
    });
  });
}

/** Every student of the batch with their submission to the assignment, or null. */
export async function assignmentRoster(db: Db, who: UserRow | null, assignmentId: number): Promise<SubmissionRoster> {
  const { assignment, batch } = await assignmentOr404(db, assignmentId);
  assertTeachesBatch(who, batch);
  const repo = createAssignmentRepository(db);
  const byStudent = new Map((await repo.submissionsOf(assignment.id)).map((s) => [s.student_id, s]));
  return {
    assignment: toAssignment(assignment),
    batch: { id: batch.id, name: batch.name },
    students: (await repo.roster(batch.id)).map((s) => {
      const submission = byStudent.get(s.id);
      return {
        student: { id: s.id, name: `${s.first_name} ${s.last_name}`.trim() || s.username, email: s.email },
        submission: submission ? toSubmission(submission) : null,
      };
    }),
  };
}

/** A grade (or a regrade), audited, with the student's email and notification in the same transaction. */
export async function gradeSubmission(
  db: Db,
  mailCtx: MailContext,
  who: UserRow | null,
  submissionId: number,
  parseInput: () => z.output<typeof GradeInput>,
): Promise<Submission> {
  const id = submissionId;
  const before = await createAssignmentRepository(db).findSubmission(id);
  if (!before) throw new HttpError(404, 'This submission does not exist.');
  const { assignment, batch } = await assignmentOr404(db, before.assignment_id);
  const user = assertTeachesBatch(who, batch);
  const input = parseInput();
  if (input.marks > assignment.max_marks)
    throw new ValidationFailed({ marks: [ASSIGNMENT_MESSAGES.marksAbove(assignment.max_marks)] });
  return inTransaction(db, async (trx) => {
    const repo = createAssignmentRepository(trx);
    const current = (await repo.findSubmission(id))!;
    const regraded = current.marks !== null;
    await repo.updateSubmission(id, {
      marks: input.marks,
      feedback: input.feedback,
      graded_by: user.id,
      graded_at: nowIso(),
    });
    await createAuditRepository(trx).record({
      actorId: user.id,
      action: regraded ? 'regrade' : 'grade',
      entity: 'assignment_submission',
      entityId: id,
      changes: {
        assignment: assignment.id,
        student: current.student_id,
        marks: { from: current.marks, to: input.marks },
        feedback: { from: current.feedback, to: input.feedback },
      },
    });
    const student = await findUserById(trx, current.student_id);
    const program = await batchProgram(trx, batch.course_id);
    const enrollment = await findEnrollmentForCourse(trx, current.student_id, 'program', batch.course_id);
    if (student?.email) {
      await enqueueEmail(trx, {
        template: 'assignment_graded',
        to: [student.email],
        ...gradedEmail(mailCtx, {
          name: student.first_name || 'student',
          assignment: assignment.title,
          program: program?.title ?? 'your program',
          marks: input.marks,
          maxMarks: assignment.max_marks,
          feedback: input.feedback,
          regraded,
          dueAt: assignment.due_at,
          enrollmentId: enrollment?.id ?? null,
        }),
      });
      await noticeOf.graded(trx, mailCtx, student.id, {
        name: student.first_name || 'student',
        assignment: assignment.title,
        marks: input.marks,
        max: assignment.max_marks,
      });
    }
    return toSubmission((await repo.findSubmission(id))!);
  });
}
