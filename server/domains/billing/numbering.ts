import { INVOICE_PREFIX_PATTERN } from './config-institute.ts';
import type { DocumentSeries } from './repository.ts';

/**
 * Invoice and credit-note numbers (docs/decisions/015-invoice-numbering-and-rounding.md): one counter row
 * per series and financial year (createTaxDocumentRepository(trx).nextNumber), incremented in the transaction
 * that issues the document, so the series has no gaps and no duplicates.
 */

export type Series = DocumentSeries;

/**
 * `CCI/26-27/00042` for invoices (up to 99,999 a year), `CCI/26-27/C0042` for credit notes (up to 9,999):
 * at most 16 characters, letters, digits, `-` and `/` only.
 */
export function formatNumber(prefix: string, series: Series, fy: string, n: number): string {
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new Error(`INVOICE_PREFIX must be 1 to 4 capital letters or digits.`);
  const counter = series === 'invoice' ? String(n).padStart(5, '0') : `C${String(n).padStart(4, '0')}`;
  if (counter.length > 5) throw new Error(`The ${series} series of ${fy} is full: change INVOICE_PREFIX.`);
  return `${prefix}/${fy}/${counter}`;
}
