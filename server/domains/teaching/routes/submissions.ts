import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ASSIGNMENT_MESSAGES, ASSIGNMENT_PATHS, submissionTooLarge } from '../../../../contract/index.ts';
import { BusinessError, HttpError, ValidationFailed } from '../../../platform/lib/errors.ts';
import { sniffSubmissionKind, type FileKind } from '../../../platform/lib/file-types.ts';
import { inTransaction } from '../../../platform/lib/transaction.ts';
import { idParam } from '../../../platform/lib/validate.ts';
import { createAssignmentRepository } from '../repositories/assignments.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { assertSubmitter, assignmentOr404, isLate, toSubmission } from '../assignments.ts';
import { assertTeachesBatch } from '../../lessons/course-access.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { readUpload, type UploadedFile } from '../../../platform/files/read-upload.ts';
import { fileStore, sendFile } from '../../../platform/files/store.ts';

type Upload = { text: string; file: UploadedFile | null };

/** The multipart body of a submission: the field "text" and/or one file in the field "file". */
async function readSubmission(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const { fields, file } = await readUpload(request, {
    fileField: 'file',
    maxBytes,
    tooLarge: submissionTooLarge(maxBytes),
  });
  const out: Upload = { text: fields.text ?? '', file };
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
 * A student's submission to an assignment (an active student of the batch, decision record 051) and the
 * submitted file (the student, the batch's instructor, administrators).
 */
export default async function submissionRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // `submissions/<random>.<ext>`; the row keeps the random name.
  const files = fileStore(config.uploadDir, 'submissions');

  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
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
        await createAuditRepository(trx).record({
          actorId: user.id,
          action: current ? 'resubmit' : 'submit',
          entity: 'assignment_submission',
          entityId: id,
          changes: {
            assignment: assignment.id,
            file: { from: current?.file ?? null, to: values.file },
            bytes: values.file_size,
            type: values.file_type,
            is_late: values.is_late === 1,
          },
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
  };
  await app.register(withUploads((uploads) => uploads.post(ASSIGNMENT_PATHS.submit(), submit)));

  app.get(ASSIGNMENT_PATHS.submissionFile(), async (request, reply) => {
    const submission = await createAssignmentRepository(db).findSubmission(idParam(request.params));
    if (!submission) throw new HttpError(404, ASSIGNMENT_MESSAGES.noFile);
    const { batch } = await assignmentOr404(db, submission.assignment_id);
    // The student who submitted it; else the batch's instructor or an administrator (the one rule).
    if (request.user?.id !== submission.student_id) assertTeachesBatch(request.user, batch);
    const location = files.locate(submission.file);
    if (!location || !submission.file_type) throw new HttpError(404, ASSIGNMENT_MESSAGES.noFile);
    const download = submission.file_name ?? `submission${submission.file!.slice(submission.file!.lastIndexOf('.'))}`;
    return sendFile(reply, location, { type: submission.file_type, downloadName: download });
  });
}
