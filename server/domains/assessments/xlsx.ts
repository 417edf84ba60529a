import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { ASSESSMENT_MESSAGES as M } from '../../../contract/assessments.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import { IMPORT_TEMPLATE, parseCsv } from './import.ts';

/**
 * The question import's Excel side (decision record 083): an XLSX's first sheet read as rows of text in the
 * same column layout as the CSV (read-excel-file), and the template as an XLSX (write-excel-file).
 */

/** An XLSX (and any Office Open XML file) is a ZIP: it starts with "PK". */
export const isZip = (content: Buffer) => content.subarray(0, 2).toString('latin1') === 'PK';
/** The old binary Excel format (.xls, an OLE2 compound file). */
export const isOldExcel = (content: Buffer) => content.subarray(0, 4).toString('hex') === 'd0cf11e0';

type Cell = string | number | boolean | Date | null;

/** A cell as the CSV would hold it: numbers as written (0.25, 300), dates as ISO date-times. */
function text(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}

/**
 * The first sheet's rows, each cell as text; row i is the sheet's row i + 1 (blank rows in between kept).
 * A file that is not a workbook answers 400 in words.
 */
export async function readXlsxRows(content: Buffer): Promise<string[][]> {
  let rows: Cell[][];
  try {
    rows = (await readSheet(content, { trim: false })) as unknown as Cell[][];
  } catch {
    throw new HttpError(400, M.importUnreadable);
  }
  return rows.map((row) => row.map(text));
}

/** The template (the CSV template's header and example rows) as an XLSX workbook. */
export async function templateXlsx(): Promise<Buffer> {
  const rows = parseCsv(IMPORT_TEMPLATE.replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c !== ''));
  const data = rows.map((row, i) =>
    row.map((value) => (value === '' ? null : { value, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) })),
  );
  return writeXlsxFile(data, { sheet: 'Questions', stickyRowsCount: 1 }).toBuffer();
}
