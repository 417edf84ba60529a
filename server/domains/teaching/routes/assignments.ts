import type { FastifyInstance } from 'fastify';
import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_PATHS,
  AssignmentInput,
  AssignmentPatch,
  GradeInput,
  type InstructorAssignment,
  type SubmissionRoster,
} from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { BusinessError, HttpError, ValidationFailed } from '../../../platform/lib/errors.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { inTransaction } from '../../../platform/lib/transaction.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { enqueueEmail } from '../../../platform/mail/outbox.ts';
import { createAssignmentRepository } from '../repositories/assignments.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createBatchRepository } from '../../batches/repository.ts';
import { createCourseAccessRepository } from '../../lessons/repositories/course-access.ts';
import { createUserRepository } from '../../accounts/repositories/users.ts';
import { assignmentOr404, batchOr404, gradedEmail, toAssignment, toSubmission } from '../assignments.ts';
import { assertTeachesBatch } from '../../lessons/course-access.ts';
import submissionRoutes from './submissions.ts';
import { noticeOf } from '../../notifications/index.ts';

/**
 * Assignments (decision record 051): the instructor's writes and grading (assertTeachesBatch); the
 * student's submission and the submitted file are in submissions.ts.
 */
export default async function assignmentRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const mailCtx = { institute: config.institute, publicUrl: config.publicUrl };
  const audit = (trx: Db, actorId: number, action: string, entity: string, entityId: number, changes: object) =>
    createAuditRepository(trx).record({ actorId, action, entity, entityId, changes: { ...changes } });

  await app.register(submissionRoutes);

  app.get(ASSIGNMENT_PATHS.batchAssignments(), async (request): Promise<InstructorAssignment[]> => {
    const batch = await batchOr404(db, idParam(request.params));
    assertTeachesBatch(request.user, batch);
    const repo = createAssignmentRepository(db);
    const counts = await repo.counts(batch.id);
    const students = (await repo.roster(batch.id)).length;
    return (await repo.ofBatch(batch.id)).map((row) => ({
      ...toAssignment(row),
      students,
      submitted: counts.get(row.id)?.submitted ?? 0,
      graded: counts.get(row.id)?.graded ?? 0,
    }));
  });

  app.post(ASSIGNMENT_PATHS.batchAssignments(), async (request, reply) => {
    const batch = await batchOr404(db, idParam(request.params));
    const user = assertTeachesBatch(request.user, batch);
    const input = parse(AssignmentInput, request.body);
    const created = await inTransaction(db, async (trx) => {
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
      await audit(trx, user.id, 'create', 'assignment', id, { after: row });
      return toAssignment(row);
    });
    return reply.code(201).send(created);
  });

  app.patch(ASSIGNMENT_PATHS.assignment(), async (request) => {
    const { assignment, batch } = await assignmentOr404(db, idParam(request.params));
    const user = assertTeachesBatch(request.user, batch);
    const input = parse(AssignmentPatch, request.body ?? {});
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
      await audit(trx, user.id, 'update', 'assignment', assignment.id, { before: assignment, after });
      return toAssignment(after);
    });
  });

  app.delete(ASSIGNMENT_PATHS.assignment(), async (request, reply) => {
    const { assignment, batch } = await assignmentOr404(db, idParam(request.params));
    const user = assertTeachesBatch(request.user, batch);
    await inTransaction(db, async (trx) => {
      const repo = createAssignmentRepository(trx);
      if (await repo.hasSubmissions(assignment.id)) throw new BusinessError(ASSIGNMENT_MESSAGES.hasSubmissions);
      await repo.remove(assignment.id);
      await audit(trx, user.id, 'delete', 'assignment', assignment.id, { before: assignment });
    });
    return reply.code(204).send();
  });

  app.get(ASSIGNMENT_PATHS.assignmentSubmissions(), async (request): Promise<SubmissionRoster> => {
    const { assignment, batch } = await assignmentOr404(db, idParam(request.params));
    assertTeachesBatch(request.user, batch);
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
  });

  app.post(ASSIGNMENT_PATHS.grade(), async (request) => {
    const id = idParam(request.params);
    const before = await createAssignmentRepository(db).findSubmission(id);
    if (!before) throw new HttpError(404, 'This submission does not exist.');
    const { assignment, batch } = await assignmentOr404(db, before.assignment_id);
    const user = assertTeachesBatch(request.user, batch);
    const input = parse(GradeInput, request.body);
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
      await audit(trx, user.id, regraded ? 'regrade' : 'grade', 'assignment_submission', id, {
        assignment: assignment.id,
        student: current.student_id,
        marks: { from: current.marks, to: input.marks },
        feedback: { from: current.feedback, to: input.feedback },
      });
      const student = await createUserRepository(trx).findById(current.student_id);
      const program = await createBatchRepository(trx).program(batch.course_id);
      const enrollment = await createCourseAccessRepository(trx).programEnrollment(current.student_id, batch.course_id);
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
  });
}
