import { PLACEMENT_DOCUMENT_MESSAGES as M } from '../../../contract/placement-documents.ts';
import type { Offer } from '../../../contract/placement.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { UploadedFile } from '../../platform/files/read-upload.ts';
import { fileStore, type FileStore } from '../../platform/files/store.ts';
import { BusinessError, HttpError, ValidationFailed } from '../../platform/lib/errors.ts';
import { sniffFileKind, type FileKind } from '../../platform/lib/file-types.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { toOffer } from './answers.ts';
import { openingsRepository, placementRepository } from './repository.ts';

/**
 * The PDFs students give the placement office (migration 037): an application's résumé and an offer's
 * letter, kept by the one file store under `resumes/` and `offer-letters/`. A file is checked by its bytes
 * (a PDF, within UPLOAD_MAX_BYTES as the upload reader reads it), saved before its row is written and
 * removed again when the write fails; a replaced letter is removed once the new one's row commits. Each is
 * downloaded by its student and by administrators only: anyone else is told there is none (404).
 */

const PDF: FileKind = { ext: 'pdf', mime: 'application/pdf' };

/** A multipart file checked to be a PDF, with the name it is downloaded under. */
export type PdfUpload = { content: Buffer; fileName: string };

// eslint-disable-next-line no-control-regex -- control characters never belong in a file name
const UNSAFE = /[\u0000-\u001f\u007f"\\/]/g;

/** "CV (final).pdf" kept as the download name, without quotes, slashes or control characters. */
function downloadName(name: string, fallback: string): string {
  const stem = name
    .replace(UNSAFE, '')
    .trim()
    .slice(0, 150)
    .replace(/\.[^.]*$/, '');
  return `${stem || fallback}.pdf`;
}

/**
 * The PDF of a form's file field: null when none was attached (400 `missing` when one is required), 400
 * `wrongType` at the field when its bytes are not a PDF's, whatever its name says.
 */
export function pdfOf(
  file: UploadedFile | null,
  rule: { field: string; missing?: string; wrongType: string; fallbackName: string },
): PdfUpload | null {
  if (!file) {
    if (rule.missing) throw new ValidationFailed({ [rule.field]: [rule.missing] });
    return null;
  }
  if (sniffFileKind(file.content)?.ext !== 'pdf') throw new ValidationFailed({ [rule.field]: [rule.wrongType] });
  return { content: file.content, fileName: downloadName(file.name, rule.fallbackName) };
}

/** Saves a checked PDF; answers the row's three columns (`<column>`, `_name`, `_size`), or nulls without one. */
export async function keepPdf(store: FileStore, pdf: PdfUpload | null) {
  if (!pdf) return { stored: null, name: null, size: null };
  return { stored: await store.save(pdf.content, PDF), name: pdf.fileName, size: pdf.content.length };
}

export type StoredPdf = { location: string; type: string; downloadName: string };

export function createPlacementDocuments(db: Db, uploadDir: string) {
  const resumes = fileStore(uploadDir, 'resumes');
  const letters = fileStore(uploadDir, 'offer-letters');
  const found = (store: FileStore, stored: string | null, name: string | null, missing: string): StoredPdf => {
    const location = store.locate(stored);
    if (!location) throw new HttpError(404, missing);
    return { location, type: PDF.mime, downloadName: name ?? 'document.pdf' };
  };

  return {
    resumes,
    letters,

    /** An application's résumé: to its student (`studentId`), or to the office (null). */
    async resume(applicationId: number, studentId: number | null): Promise<StoredPdf> {
      const row = await openingsRepository(db).application(applicationId);
      if (!row || (studentId !== null && row.student_id !== studentId)) throw new HttpError(404, M.noResume);
      return found(resumes, row.resume, row.resume_name, M.noResume);
    },

    /** An offer's letter: to its student (`studentId`), or to the office (null). */
    async offerLetter(offerId: number, studentId: number | null): Promise<StoredPdf> {
      const row = await placementRepository(db).offer(offerId);
      if (!row || (studentId !== null && row.student_id !== studentId)) throw new HttpError(404, M.noOfferLetter);
      return found(letters, row.offer_letter, row.offer_letter_name, M.noOfferLetter);
    },

    /** The student adds or replaces the letter of their own offer while it is claimed (audited). */
    async attachOfferLetter(student: UserRow, offerId: number, pdf: PdfUpload): Promise<Offer> {
      const kept = await keepPdf(letters, pdf);
      try {
        const { offer, previous } = await inTransaction(db, async (trx) => {
          const repo = placementRepository(trx);
          const before = await repo.offer(offerId);
          if (!before || before.student_id !== student.id) throw new HttpError(404, M.noOfferLetter);
          const set = { offer_letter: kept.stored, offer_letter_name: kept.name, offer_letter_size: kept.size };
          if (!(await repo.setOfferLetter(offerId, { ...set, updated_at: nowIso() })))
            throw new BusinessError(M.offerLetterFinal);
          await createAuditRepository(trx).record({
            actorId: student.id,
            action: 'upload',
            entity: 'placement_offer',
            entityId: offerId,
            changes: { offer_letter: { from: before.offer_letter, to: kept.stored }, bytes: kept.size },
          });
          return { offer: toOffer((await repo.offer(offerId))!, 'student'), previous: before.offer_letter };
        });
        await letters.remove(previous);
        return offer;
      } catch (error) {
        await letters.remove(kept.stored);
        throw error;
      }
    },
  };
}
