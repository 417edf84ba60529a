import type { z } from 'zod';
import { istDayStart, type Gstr1Query } from '../../../contract/index.ts';
import { missingInvoiceSettings, type Config, type Institute } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { HttpError, ValidationFailed } from '../../platform/lib/errors.ts';
import { parseDocument } from './documents.ts';
import { buildGstr1 } from './gstr1.ts';
import { gstr1Csv } from './gstr1-csv.ts';
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

/** What a GSTR-1 download answers: the panel's totals, one table's CSV, or the offline tool's JSON file. */
export type Gstr1Download =
  | { format: 'summary'; summary: ReturnType<typeof buildGstr1>['summary'] }
  | { format: 'csv' | 'json'; type: string; fileName: string; body: string };

/**
 * The month's GSTR-1 as the accountant asked for it (`format=json`, `csv` with a `table`, or `summary`). The
 * files name buyers and their GSTINs: each download is audited like the CSV exports (the totals are not).
 */
export async function gstr1Download(
  db: Db,
  config: Config,
  adminId: number,
  q: z.output<typeof Gstr1Query>,
): Promise<Gstr1Download> {
  const missing = missingInvoiceSettings(config);
  if (missing.length) {
    throw new HttpError(503, `GST returns need the institute's invoice details: set ${missing.join(', ')}.`);
  }
  if (q.format === 'csv' && !q.table) {
    throw new ValidationFailed({
      table: ['Choose the table to download: b2b, b2cl, b2cs, cdnr, cdnur, hsn or docs.'],
    });
  }
  const gstr1 = await gstr1ForMonth(db, config.institute, q.period);
  if (q.format === 'summary') return { format: 'summary', summary: gstr1.summary };

  await createAuditRepository(db).record({
    actorId: adminId,
    action: 'export',
    entity: 'gstr1',
    entityId: null,
    changes: { period: q.period, format: q.format, ...(q.table ? { table: q.table } : {}) },
  });
  const fp = gstr1.json.fp;
  if (q.format === 'csv') {
    return {
      format: 'csv',
      type: 'text/csv; charset=utf-8',
      fileName: `gstr1-${fp}-${q.table}.csv`,
      body: gstr1Csv(q.table!, gstr1.json, gstr1.extras),
    };
  }
  return {
    format: 'json',
    type: 'application/json; charset=utf-8',
    fileName: `GSTR1_${config.institute.gstin}_${fp}.json`,
    body: JSON.stringify(gstr1.json),
  };
}
