import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENTS_API,
  AssignmentInput,
  AssignmentPatch,
  GradeInput,
  OFFICE_MESSAGES,
  submissionTooLarge,
  type InstructorAssignment,
  type SubmissionRoster,
} from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { BusinessError, HttpError, ValidationFailed } from '../../lib/errors.ts';
import { sniffSubmissionKind, type FileKind } from '../../lib/file-types.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { idParam, parse } from '../../lib/validate.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { createAssignmentRepository } from '../../repositories/assignments.ts';
import { createAuditRepository } from '../../repositories/audit.ts';
import { createBatchRepository } from '../../repositories/batches.ts';
import { createCourseAccessRepository } from '../../repositories/course-access.ts';
import { createUserRepository } from '../../repositories/users.ts';
import {
  assertSubmitter,
  assignmentOr404,
  batchOr404,
  createSubmissionFiles,
  gradedEmail,
  isLate,
  toAssignment,
  toSubmission,
} from '../../services/assignments.ts';
import { assertTeachesBatch } from '../../services/course-access.ts';

type Upload = { text: string; file: { content: Buffer; name: string } | null };

/** The multipart body of a submission: the field "text" and/or one file in the field "file". */
async function readSubmission(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, OFFICE_MESSAGES.notMultipart);
  const out: Upload = { text: '', file: null };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // A form with no file chosen sends an empty part without a name: no file.
        if (part.fieldname === 'file' && content.length > 0) out.file = { content, name: part.filename || 'file' };
      } else if (part.fieldname === 'text' && typeof part.value === 'string') {
        out.text = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, submissionTooLarge(maxBytes));
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, OFFICE_MESSAGES.notMultipart);
    if (code === 'FST_FILES_LIMIT') throw new ValidationFailed({ file: ['Attach one file.'] });
    throw error;
  }
  if (out.text.length > 50_000) throw new ValidationFailed({ text: ['At most 50,000 characters.'] });
  if (!out.text.trim() && !out.file) throw new BusinessError(ASSIGNMENT_MESSAGES.emptySubmission);
  return out;
}

/** "report.pdf" kept as the download name, without quotes, slashes or control characters. */
const cleanName = (name: string, kind: FileKind) => {
  const base = name
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
    .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
    .trim()
    .slice(0, 150);
  const stem = base.replace(/\.[^.]*$/, '') || 'submission';
  return `${stem}.${kind.ext}`;
};

/**
 * Assignments (decision record 051): the instructor's writes and grading (assertTeachesBatch), the
 * student's submission (an active student of the batch) and the submitted file (the student, the batch's
 * instructor, administrators).
 */
export default async function assignmentRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const files = createSubmissionFiles(config.uploadDir);
  const mailCtx = { institute: config.institute, publicUrl: config.publicUrl };
  const audit = (trx: Db, actorId: number, action: string, entity: string, entityId: number, changes: object) =>
    createAuditRepository(trx).record({ actorId, action, entity, entityId, changes: { ...changes } });

  app.get(ASSIGNMENTS_API.batchAssignments(), async (request): Promise<InstructorAssignment[]> => {
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

  app.post(ASSIGNMENTS_API.batchAssignments(), async (request, reply) => {
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

  app.patch(ASSIGNMENTS_API.assignment(), async (request) => {
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

  app.delete(ASSIGNMENTS_API.assignment(), async (request, reply) => {
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

  app.get(ASSIGNMENTS_API.assignmentSubmissions(), async (request): Promise<SubmissionRoster> => {
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

  app.post(ASSIGNMENTS_API.grade(), async (request) => {
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
      }
      return toSubmission((await repo.findSubmission(id))!);
    });
  });

  app.post(ASSIGNMENTS_API.submit(), async (request, reply) => {
    const { assignment, batch } = await assignmentOr404(db, idParam(request.params));
    const user = await assertSubmitter(db, request.user, batch);
    const existing = await createAssignmentRepository(db).submissionOf(assignment.id, user.id);
    if (existing && existing.marks !== null) throw new BusinessError(ASSIGNMENT_MESSAGES.alreadyGraded);
    const upload = await readSubmission(request, config.submissionMaxBytes);
    let stored: { name: string; kind: FileKind; fileName: string; size: number } | null = null;
    if (upload.file) {
      const kind = sniffSubmissionKind(upload.file.content, upload.file.name);
      if (!kind) throw new ValidationFailed({ file: [ASSIGNMENT_MESSAGES.fileType] });
      stored = {
        name: await files.save(upload.file.content, kind),
        kind,
        fileName: cleanName(upload.file.name, kind),
        size: upload.file.content.length,
      };
    }
    try {
      const { submission, previous, created } = await inTransaction(db, async (trx) => {
        const repo = createAssignmentRepository(trx);
        const now = Date.now();
        const values = {
          text: upload.text,
          file: stored?.name ?? null,
          file_name: stored?.fileName ?? null,
          file_type: stored?.kind.mime ?? null,
          file_size: stored?.size ?? null,
          submitted_at: new Date(now).toISOString(),
          is_late: isLate(assignment.due_at, now) ? 1 : 0,
        };
        const current = await repo.submissionOf(assignment.id, user.id);
        let id: number;
        if (current) {
          if (!(await repo.replaceUngraded(current.id, values)))
            throw new BusinessError(ASSIGNMENT_MESSAGES.alreadyGraded);
          id = current.id;
        } else {
          id = await repo.insertSubmission({
            assignment_id: assignment.id,
            student_id: user.id,
            feedback: '',
            ...values,
          });
        }
        await audit(trx, user.id, current ? 'resubmit' : 'submit', 'assignment_submission', id, {
          assignment: assignment.id,
          file: { from: current?.file ?? null, to: values.file },
          bytes: values.file_size,
          type: values.file_type,
          is_late: values.is_late === 1,
        });
        return {
          submission: toSubmission((await repo.findSubmission(id))!),
          previous: current?.file ?? null,
          created: !current,
        };
      });
      await files.remove(previous);
      return reply.code(created ? 201 : 200).send(submission);
    } catch (error) {
      await files.remove(stored?.name);
      throw error;
    }
  });

  app.get(ASSIGNMENTS_API.submissionFile(), async (request, reply) => {
    const submission = await createAssignmentRepository(db).findSubmission(idParam(request.params));
    if (!submission) throw new HttpError(404, ASSIGNMENT_MESSAGES.noFile);
    const { batch } = await assignmentOr404(db, submission.assignment_id);
    // The student who submitted it; else the batch's instructor or an administrator (the one rule).
    if (request.user?.id !== submission.student_id) assertTeachesBatch(request.user, batch);
    const location = files.locate(submission.file);
    if (!location || !submission.file_type) throw new HttpError(404, ASSIGNMENT_MESSAGES.noFile);
    const download = submission.file_name ?? `submission${submission.file!.slice(submission.file!.lastIndexOf('.'))}`;
    return reply
      .type(submission.file_type)
      .header(
        'Content-Disposition',
        `attachment; filename="${download.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(download)}`,
      )
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(location));
  });
}
