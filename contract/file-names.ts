/**
 * The file name of a tax document's PDF, the same everywhere it appears: the email attachment, the admin
 * Outbox, the download's Content-Disposition and the SPA's saved file. `CCI/26-27/00042` →
 * `Invoice CCI-26-27-00042.pdf`; a credit note → `Credit note CCI-26-27-C0007.pdf`.
 */
export function taxDocumentFileName(kind: 'invoice' | 'credit_note', number: string): string {
  return `${kind === 'invoice' ? 'Invoice' : 'Credit note'} ${number.replaceAll('/', '-')}.pdf`;
}
