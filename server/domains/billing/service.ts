import { taxDocumentFileName } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { parseDocument } from './documents.ts';
import { renderTaxDocument } from './pdf.ts';
import { createTaxDocumentRepository } from './repository.ts';

/**
 * What other domains call of billing. A tax invoice (by its payment) or a credit note (by its refund) as a PDF,
 * to its student and to administrators; anyone else learns nothing (404, as for a missing one).
 */
export async function taxDocumentPdf(
  db: Db,
  user: UserRow,
  of: { payment: number } | { refund: number },
): Promise<{ pdf: Buffer; fileName: string }> {
  const documents = createTaxDocumentRepository(db);
  const doc = 'payment' in of ? await documents.findInvoice(of.payment) : await documents.findCreditNote(of.refund);
  if (!doc || (doc.student_id !== user.id && user.role !== 'admin')) throw notFound();
  return { pdf: await renderTaxDocument(parseDocument(doc)), fileName: taxDocumentFileName(doc.kind, doc.number) };
}
