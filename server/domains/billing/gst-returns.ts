import { istDayStart } from '../../../contract/index.ts';
import type { Institute } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { parseDocument } from './documents.ts';
import { buildGstr1 } from './gstr1.ts';
import type { Gstr1Document } from './gstr1-types.ts';
import { createTaxDocumentRepository } from './repository.ts';

/** The first day of the month after `YYYY-MM`, as `YYYY-MM-01`. */
function nextMonth(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * GSTR-1 of an IST calendar month from the invoices and credit notes issued in it, read as they were
 * issued (each document's stored snapshot: recipient, GSTIN, place of supply and its tax split).
 */
export async function gstr1ForMonth(db: Db, institute: Institute, period: string) {
  const rows = await createTaxDocumentRepository(db).issuedBetween(
    istDayStart(`${period}-01`),
    istDayStart(nextMonth(period)),
  );
  const documents = rows.map((row): Gstr1Document => {
    const data = parseDocument(row);
    return {
      kind: row.kind,
      number: row.number,
      issuedAt: row.issued_at,
      taxable: Number(row.taxable_paise),
      cgst: Number(row.cgst_paise),
      sgst: Number(row.sgst_paise),
      igst: Number(row.igst_paise),
      total: Number(row.total_paise),
      recipientName: data.recipient.gstinName || data.recipient.name,
      gstin: data.recipient.gstin,
      placeOfSupply: data.placeOfSupply.code,
      invoice:
        row.kind === 'credit_note'
          ? { total: Number(row.invoice_total_paise), issuedAt: String(row.invoice_issued_at) }
          : null,
    };
  });
  return buildGstr1({ gstin: institute.gstin, stateCode: institute.stateCode, period, documents });
}
