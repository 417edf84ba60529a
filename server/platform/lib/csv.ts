import { Readable } from 'node:stream';

/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order mark first so Excel reads
 * names in any script correctly. Numbers stay plain numbers; text that a spreadsheet would run as a
 * formula (starting with = + - @ or a tab) is prefixed with an apostrophe.
 */

export type Cell = string | number | boolean | null | undefined;

const BOM = '\uFEFF';

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A stream of the header and every row, fetched a batch at a time through `nextBatch(afterId)` (rows in
 * id order; an empty batch ends it), so memory holds one batch whatever the size of the table.
 */
export function csvStream<R extends { id: number }>(
  header: string[],
  nextBatch: (afterId: number) => Promise<R[]>,
  toCells: (row: R) => Cell[],
): Readable {
  async function* lines() {
    yield BOM + csvLine(header);
    let after = 0;
    for (;;) {
      const batch = await nextBatch(after);
      if (batch.length === 0) return;
      yield batch.map((row) => csvLine(toCells(row))).join('');
      after = batch[batch.length - 1]!.id;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
