import type { FastifyRequest } from 'fastify';
import { fileTooLarge, OFFICE_MESSAGES } from '../../../contract/index.ts';
import { HttpError, ValidationFailed } from '../lib/errors.ts';
import { sniffFileKind, type FileKind } from '../lib/file-types.ts';

/**
 * The one upload reader: a multipart body's text fields and at most one file, read within the caller's
 * limits (the route's context registers multipart: server/platform/http/uploads.ts). @fastify/multipart's
 * refusals become the project's answers: a file over the limit 413 with the caller's words, a body that is
 * not multipart 415, a second file 400 at the file's field. A file part sent empty (a form with no file
 * chosen) or under another field's name is no file.
 */

export type UploadedFile = { name: string; content: Buffer };
export type Upload = { fields: Record<string, string>; file: UploadedFile | null };

export type UploadRules = {
  /** The multipart field that carries the file. */
  fileField: string;
  /** The largest file taken, in bytes. */
  maxBytes: number;
  /** The 413's words (fileTooLarge(maxBytes) and the like). */
  tooLarge: string;
};

const ONE_FILE = 'Attach one file.';

export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, OFFICE_MESSAGES.notMultipart);
  const out: Upload = { fields: {}, file: null };
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        // Every file part is read to its end, or the body stops flowing.
        const content = await part.toBuffer();
        if (part.fieldname === rules.fileField && content.length > 0) {
          out.file = { name: part.filename || 'file', content };
        }
      } else if (typeof part.value === 'string') {
        out.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, rules.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, OFFICE_MESSAGES.notMultipart);
    if (code === 'FST_FILES_LIMIT') throw new ValidationFailed({ [rules.fileField]: [ONE_FILE] });
    throw error;
  }
  return out;
}

/**
 * An administrator's document (a resource's or a lesson's file): the one file in the field "file", at most
 * `maxBytes`, of a kind its first bytes show (sniffFileKind); refused with the office's words otherwise.
 */
export async function readDocumentUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ content: Buffer; kind: FileKind }> {
  const { file } = await readUpload(request, { fileField: 'file', maxBytes, tooLarge: fileTooLarge(maxBytes) });
  if (!file) throw new ValidationFailed({ file: [OFFICE_MESSAGES.fileMissing] });
  const kind = sniffFileKind(file.content);
  if (!kind) throw new ValidationFailed({ file: [OFFICE_MESSAGES.fileType] });
  return { content: file.content, kind };
}

/**
 * A multipart form's fields as the JSON body the same route takes: an empty field is absent, and the named
 * fields that hold a whole number become numbers (anything else stays text, for the schema to refuse in
 * its own words).
 */
export function formValues(fields: Record<string, string>, numbers: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '') continue;
    values[key] = numbers.includes(key) && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
  }
  return values;
}
