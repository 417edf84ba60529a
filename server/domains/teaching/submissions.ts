import { ASSIGNMENT_MESSAGES, type Submission } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import type { fileStore } from '../../platform/files/store.ts';
import type { UploadedFile } from '../../platform/files/read-upload.ts';
import { BusinessError, HttpError, ValidationFailed } from '../../platform/lib/errors.ts';
import { sniffSubmissionKind, type FileKind } from '../../platform/lib/file-types.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { assertTeachesBatch } from '../lessons/index.ts';
import { assertSubmitter, assignmentOr404, isLate, toSubmission } from './assignments.ts';
import { createAssignmentRepository } from './repositories/assignments.ts';

type FileStore = ReturnType<typeof fileStore>;
/** What a submission's form carried: the field "text" and/or one file. */
export type SubmissionUpload = { text: string; file: UploadedFile | null };

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
 * A student's submission to an assignment (an active student of the batch, decision record 051): the
 * submitter is checked before `read` takes the upload; the file is checked by its bytes and kept, the row
 * written or replaced (until graded) with its audit row in one transaction; the replaced file goes after the
 * commit, the new one if the transaction fails.
 */
export async function submitWork(
  db: Db,
  files: FileStore,
  who: UserRow | null,
  assignmentId: number,
  read: () => Promise<SubmissionUpload>,
): Promise<{ submission: Submission; created: boolean }> {
  const { assignment, batch } = await assignmentOr404(db, assignmentId);
  const user = await assertSubmitter(db, who, batch);
  const existing = await createAssignmentRepository(db).submissionOf(assignment.id, user.id);
  if (existing && existing.marks !== null) throw new BusinessError(ASSIGNMENT_MESSAGES.alreadyGraded);
  const upload = await read();
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
    return { submission, created };
  } catch (error) {
    await files.remove(stored?.name);
    throw error;
  }
}

/**
 * A submitted file, for the student who submitted it, else the batch's instructor or an administrator (the one
 * rule): where it is kept, its type and its download name.
 */
export async function submittedFile(db: Db, files: FileStore, who: UserRow | null, submissionId: number) {
  const submission = await createAssignmentRepository(db).findSubmission(submissionId);
  if (!submission) throw new HttpError(404, ASSIGNMENT_MESSAGES.noFile);
  const { batch } = await assignmentOr404(db, submission.assignment_id);
  if (who?.id !== submission.student_id) assertTeachesBatch(who, batch);
  const location = files.locate(submission.file);
  if (!location || !submission.file_type) throw new HttpError(404, ASSIGNMENT_MESSAGES.noFile);
  const downloadName = submission.file_name ?? `submission${submission.file!.slice(submission.file!.lastIndexOf('.'))}`;
  return { location, type: submission.file_type, downloadName };
}
