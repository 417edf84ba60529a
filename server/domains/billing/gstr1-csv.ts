import { stateName } from '../../../contract/gst.ts';
import type { Gstr1CsvTable } from '../../../contract/gstr1.ts';
import { csvLine, type Cell } from '../../platform/lib/csv.ts';
import type { Gstr1CsvExtras, Gstr1Json, HsnRow } from './gstr1-types.ts';

/**
 * Each table of the return as the GST offline tool's CSV template (its import screen takes these files:
 * the header row as the template names the columns, then one row per invoice, note or summary line).
 * Dates are dd-MMM-yyyy, places of supply `27-Maharashtra`, amounts rupees with two decimals; the
 * columns the institute never fills (Applicable % of Tax Rate, E-Commerce GSTIN, Cess) stay empty or 0.
 */

const HSN_COLUMNS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];

const HEADERS: Record<Gstr1CsvTable, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn: ['Type', ...HSN_COLUMNS],
  hsn_b2b: HSN_COLUMNS,
  hsn_b2c: HSN_COLUMNS,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "25-11-2026" (the JSON's date) → "25-Nov-2026" (the template's). */
const templateDate = (ddmmyyyy: string) => {
  const [dd, mm, yyyy] = ddmmyyyy.split('-');
  return `${dd}-${MONTHS[Number(mm) - 1]}-${yyyy}`;
};
const place = (code: string) => `${code}-${stateName(code) ?? ''}`;
/** Rupees with two decimals, as the template's amount columns take them. */
const amount = (rupees: number) => rupees.toFixed(2);

const hsnLine = (h: HsnRow, totalValue: number): Cell[] => [
  h.hsn_sc,
  h.desc,
  h.uqc,
  amount(h.qty),
  amount(totalValue),
  amount(h.rt),
  amount(h.txval),
  amount(h.iamt),
  amount(h.camt),
  amount(h.samt),
  amount(h.csamt),
];

function rows(table: Gstr1CsvTable, r: Gstr1Json, x: Gstr1CsvExtras): Cell[][] {
  switch (table) {
    case 'b2b':
      return (r.b2b ?? []).flatMap(({ ctin, inv }) =>
        inv.flatMap((i) =>
          i.itms.map(({ itm_det: d }) => [
            ctin,
            x.names[ctin] ?? '',
            i.inum,
            templateDate(i.idt),
            amount(i.val),
            place(i.pos),
            'N',
            '',
            'Regular B2B',
            '',
            amount(d.rt),
            amount(d.txval),
            amount(d.csamt),
          ]),
        ),
      );
    case 'b2cl':
      return (r.b2cl ?? []).flatMap(({ pos, inv }) =>
        inv.flatMap((i) =>
          i.itms.map(({ itm_det: d }) => [
            i.inum,
            templateDate(i.idt),
            amount(i.val),
            place(pos),
            '',
            amount(d.rt),
            amount(d.txval),
            amount(d.csamt),
            '',
          ]),
        ),
      );
    case 'b2cs':
      return (r.b2cs ?? []).map((s) => ['OE', place(s.pos), '', amount(s.rt), amount(s.txval), amount(s.csamt), '']);
    case 'cdnr':
      return (r.cdnr ?? []).flatMap(({ ctin, nt }) =>
        nt.flatMap((n) =>
          n.itms.map(({ itm_det: d }) => [
            ctin,
            x.names[ctin] ?? '',
            n.nt_num,
            templateDate(n.nt_dt),
            n.ntty,
            place(n.pos),
            'N',
            'Regular B2B',
            amount(n.val),
            '',
            amount(d.rt),
            amount(d.txval),
            amount(d.csamt),
          ]),
        ),
      );
    case 'cdnur':
      return (r.cdnur ?? []).flatMap((n) =>
        n.itms.map(({ itm_det: d }) => [
          n.typ,
          n.nt_num,
          templateDate(n.nt_dt),
          n.ntty,
          place(n.pos),
          amount(n.val),
          '',
          amount(d.rt),
          amount(d.txval),
          amount(d.csamt),
        ]),
      );
    case 'hsn':
      return [
        ...rows('hsn_b2b', r, x).map((cells) => ['B2B', ...cells]),
        ...rows('hsn_b2c', r, x).map((cells) => ['B2C', ...cells]),
      ];
    case 'hsn_b2b':
    case 'hsn_b2c':
      return table === 'hsn_b2b'
        ? (r.hsn?.hsn_b2b ?? []).map((h) => hsnLine(h, x.hsnValue.b2b))
        : (r.hsn?.hsn_b2c ?? []).map((h) => hsnLine(h, x.hsnValue.b2c));
    case 'docs':
      return (r.doc_issue?.doc_det ?? []).flatMap((det) =>
        det.docs.map((d) => [det.doc_typ, d.from, d.to, d.totnum, d.cancel]),
      );
  }
}

/** One table as CSV text (CRLF lines; no byte-order mark: the offline tool reads plain UTF-8). */
export function gstr1Csv(table: Gstr1CsvTable, r: Gstr1Json, extras: Gstr1CsvExtras): string {
  return [HEADERS[table], ...rows(table, r, extras)].map(csvLine).join('');
}
