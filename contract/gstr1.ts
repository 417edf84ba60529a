import { z } from 'zod';

/**
 * The GSTR-1 return of a month (GET /api/admin/gst/gstr1/): the outward supplies of the month's invoices
 * and credit notes in the tables of Form GSTR-1 that a training institute uses. The JSON answer is in the
 * shape the GST portal's offline tool imports; each table is also a CSV in the tool's template
 * (docs/decisions/049-gstr1-from-the-tax-documents.md gives the source of every rule).
 */

export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];
/**
 * The CSV files: every table, and the HSN summary's two tabs (B2B and B2C) each in its own template;
 * `hsn` is both in one file with a leading Type column.
 */
export const GSTR1_CSV_TABLES = [...GSTR1_TABLES, 'hsn_b2b', 'hsn_b2c'] as const;
export type Gstr1CsvTable = (typeof GSTR1_CSV_TABLES)[number];

export const GSTR1_TABLE_LABELS: Record<Gstr1Table, string> = {
  b2b: 'B2B invoices (4A)',
  b2cl: 'B2C large, inter-state (5)',
  b2cs: 'B2C small, by state and rate (7)',
  cdnr: 'Credit notes, registered (9B)',
  cdnur: 'Credit notes, unregistered (9B)',
  hsn: 'HSN/SAC summary (12)',
  docs: 'Documents issued (13)',
};

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const Gstr1Query = z.object({
  period: z
    .string({ error: 'Choose a month (YYYY-MM).' })
    .regex(PERIOD, 'Choose a month as YYYY-MM, for example 2026-11.')
    .refine((p) => Number(p.slice(0, 4)) >= 2017, 'GST returns start in July 2017.'),
  format: z.enum(['json', 'csv', 'summary'], { error: 'format is json, csv or summary.' }).default('json'),
  table: z.enum(GSTR1_CSV_TABLES, { error: `table is one of ${GSTR1_CSV_TABLES.join(', ')}.` }).optional(),
});
export type Gstr1Query = z.infer<typeof Gstr1Query>;

/** One table's totals in paise, for the admin panel: rows, taxable value, taxes and the documents' value. */
export const Gstr1TableTotals = z.object({
  table: z.enum(GSTR1_TABLES),
  label: z.string(),
  rows: z.number().int(),
  taxable_paise: z.number().int(),
  igst_paise: z.number().int(),
  cgst_paise: z.number().int(),
  sgst_paise: z.number().int(),
  value_paise: z.number().int(),
});
export type Gstr1TableTotals = z.infer<typeof Gstr1TableTotals>;

export const Gstr1Summary = z.object({
  period: z.string(),
  gstin: z.string(),
  invoices: z.number().int(),
  credit_notes: z.number().int(),
  tables: z.array(Gstr1TableTotals),
  /** Net taxable value of the month (invoices less credit notes), in paise: what every table adds up to. */
  net_taxable_paise: z.number().int(),
  warnings: z.array(z.string()),
});
export type Gstr1Summary = z.infer<typeof Gstr1Summary>;
