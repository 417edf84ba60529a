import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../platform/db/connect.ts';
import { PERSONAL_DATA } from './personal-data/index.ts';
import { csvLine, type Cell } from '../../platform/lib/csv.ts';
import { createPersonalDataRepository } from './repositories/personal-data.ts';

const README = `This archive holds the personal data the institute keeps about you, as JSON (one file per kind of
record) and as CSV (the same rows, for a spreadsheet). Invoices and credit notes carry their printed
contents in the "data" column. What is not here, and why, is listed in the privacy notice.

Records kept under an email address only (counseling requests, consents given by address, emails sent) are
here for the addresses you confirmed from our emailed link, from the time you confirmed each one until you
changed it (verified_addresses lists them). An address you have not confirmed reaches none of them.

Invoices and credit notes are tax documents: GST law (CGST Act 2017, section 36, and CGST Rules, rules 46
and 56) requires us to keep them, with the name, address and state they were issued to, for 72 months
from the due date of the annual return of their year. An erasure therefore leaves them as issued; every
other copy of your data is erased or replaced.
`;

const cell = (value: unknown): Cell =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean'
    ? value
    : String(value);

function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  return [csvLine([...columns]), ...rows.map((row) => csvLine(columns.map((c) => cell(row[c]))))].join('');
}

/**
 * The person's data as a zip (fflate, decision record 046): README.txt, and for each table personal-data.ts
 * exports from, `<file>.json` and `<file>.csv` with exactly its exported columns.
 */
export async function buildDataExport(db: Db, user: { id: number }): Promise<Uint8Array> {
  const sections = await createPersonalDataRepository(db).exportFor(user.id);
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
  for (const [table, rows] of Object.entries(sections)) {
    const spec = PERSONAL_DATA[table]!;
    const name = spec.file ?? table;
    const columns = spec.exported ?? [];
    const plain = rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
    files[`${name}.json`] = strToU8(JSON.stringify(plain, null, 2));
    files[`${name}.csv`] = strToU8(toCsv(columns, plain));
  }
  return zipSync(files, { level: 6 });
}
