import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ASSIGNMENT_MESSAGES, ASSIGNMENT_PATHS, submissionTooLarge } from '../../../../contract/index.ts';
import { BusinessError, ValidationFailed } from '../../../platform/lib/errors.ts';
import { idParam } from '../../../platform/lib/validate.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { readUpload } from '../../../platform/files/read-upload.ts';
import { fileStore, sendFile } from '../../../platform/files/store.ts';
import { submitWork, submittedFile, type SubmissionUpload } from '../submissions.ts';

/** The multipart body of a submission: the field "text" and/or one file in the field "file". */
async function readSubmission(request: FastifyRequest, maxBytes: number): Promise<SubmissionUpload> {
  const { fields, file } = await readUpload(request, {
    fileField: 'file',
    maxBytes,
    tooLarge: submissionTooLarge(maxBytes),
  });
  const out: SubmissionUpload = { text: fields.text ?? '', file };
  if (out.text.length > 50_000) throw new ValidationFailed({ text: ['At most 50,000 characters.'] });
  if (!out.text.trim() && !out.file) throw new BusinessError(ASSIGNMENT_MESSAGES.emptySubmission);
  return out;
}

/**
 * A student's submission to an assignment (an active student of the batch, decision record 051) and the
 * submitted file (the student, the batch's instructor, administrators).
 */
export default async function submissionRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // `submissions/<random>.<ext>`; the row keeps the random name.
  const files = fileStore(config.uploadDir, 'submissions');

  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
    const read = () => readSubmission(request, config.submissionMaxBytes);
    const { submission, created } = await submitWork(db, files, request.user ?? null, idParam(request.params), read);
    return reply.code(created ? 201 : 200).send(submission);
  };
  await app.register(withUploads((uploads) => uploads.post(ASSIGNMENT_PATHS.submit(), submit)));

  app.get(ASSIGNMENT_PATHS.submissionFile(), async (request, reply) => {
    const file = await submittedFile(db, files, request.user ?? null, idParam(request.params));
    return sendFile(reply, file.location, { type: file.type, downloadName: file.downloadName });
  });
}
