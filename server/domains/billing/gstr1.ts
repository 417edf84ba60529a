import { GST_RATE_PERCENT, SAC_TRAINING, stateName } from '../../../contract/gst.ts';
import { GSTR1_TABLE_LABELS, type Gstr1Summary, type Gstr1TableTotals } from '../../../contract/gstr1.ts';
import { paiseToRupees } from '../../../contract/money.ts';
import { istDateTime } from '../../../contract/time.ts';
import type {
  Amounts,
  B2bInvoice,
  B2clInvoice,
  B2csRow,
  DocumentsIssued,
  Gstr1CsvExtras,
  Gstr1Document,
  Gstr1Json,
  HsnRow,
  Item,
  Note,
} from './gstr1-types.ts';

/**
 * Form GSTR-1 of one month, built from the month's tax documents alone (a pure function: the tests feed
 * it documents, the route feeds it the database's). Every rule and its source is in
 * docs/decisions/049-gstr1-from-the-tax-documents.md:
 * - an invoice to a GSTIN is B2B (table 4A); to an unregistered person, inter-state and above the B2CL
 *   limit (₹1,00,000 from August 2024, ₹2,50,000 before: CGST rule 59(4)) it is B2C large (table 5);
 *   every other one is B2C small (table 7), summed by place of supply and rate;
 * - a credit note follows its invoice: against B2B it is CDNR, against B2C large CDNUR (type B2CL), and
 *   against B2C small it is netted in table 7, which has no note table of its own;
 * - the HSN/SAC summary (table 12) is split into B2B and B2C, net of credit notes;
 * - documents issued (table 13): each series' first and last number of the month, the numbers in that
 *   range, and those without a document as cancelled (the series has no gaps, so 0 unless one was lost).
 */

const B2CL_LIMIT_FROM_AUGUST_2024 = 100_000_00;
const B2CL_LIMIT_BEFORE = 250_000_00;
const B2CL_LIMIT_CHANGED_ON = '2024-08-01';

const NONE: Amounts = { taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 };
const add = (a: Amounts, b: Amounts, sign = 1): Amounts => ({
  taxable: a.taxable + sign * b.taxable,
  igst: a.igst + sign * b.igst,
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
  total: a.total + sign * b.total,
});

/** Rupees as the return writes them: a number with at most two decimals. */
const rupees = (paise: number) => paiseToRupees(paise);
/** "25-11-2026": the JSON's date (dd-mm-yyyy), in IST. */
export const returnDate = (iso: string) => istDateTime(iso).slice(0, 10).split('-').reverse().join('-');
const istDate = (iso: string) => istDateTime(iso).slice(0, 10);

const item = (a: Amounts): Item[] => [
  {
    num: 1,
    itm_det: {
      rt: GST_RATE_PERCENT,
      txval: rupees(a.taxable),
      iamt: rupees(a.igst),
      camt: rupees(a.cgst),
      samt: rupees(a.sgst),
      csamt: 0,
    },
  },
];

export type SupplyTable = 'b2b' | 'b2cl' | 'b2cs';

/** Which table an invoice belongs to (a credit note goes with its invoice's). */
export function supplyTable(
  invoice: { gstin: string | null; placeOfSupply: string; total: number; issuedAt: string },
  supplierState: string,
): SupplyTable {
  if (invoice.gstin) return 'b2b';
  const limit = istDate(invoice.issuedAt) >= B2CL_LIMIT_CHANGED_ON ? B2CL_LIMIT_FROM_AUGUST_2024 : B2CL_LIMIT_BEFORE;
  return invoice.placeOfSupply !== supplierState && invoice.total > limit ? 'b2cl' : 'b2cs';
}

const amountsOf = (d: Gstr1Document): Amounts => ({
  taxable: d.taxable,
  igst: d.igst,
  cgst: d.cgst,
  sgst: d.sgst,
  total: d.total,
});

function serial(number: string): number {
  return Number(/(\d+)$/.exec(number)?.[1] ?? Number.NaN);
}

function documentsIssued(docs: Gstr1Document[], docNum: number, docType: string): DocumentsIssued | null {
  if (docs.length === 0) return null;
  const sorted = [...docs].sort((a, b) => serial(a.number) - serial(b.number));
  const from = sorted[0]!.number;
  const to = sorted[sorted.length - 1]!.number;
  const totnum = serial(to) - serial(from) + 1;
  return {
    doc_num: docNum,
    doc_typ: docType,
    docs: [{ num: 1, from, to, totnum, cancel: totnum - docs.length, net_issue: docs.length }],
  };
}

export type Gstr1Input = { gstin: string; stateCode: string; period: string; documents: Gstr1Document[] };

/** The month's return: the offline tool's JSON, and the totals of each table (paise) for the admin panel. */
export function buildGstr1({ gstin, stateCode, period, documents }: Gstr1Input) {
  const tableOf = (d: Gstr1Document): SupplyTable =>
    supplyTable(
      d.kind === 'invoice'
        ? d
        : { gstin: d.gstin, placeOfSupply: d.placeOfSupply, total: d.invoice!.total, issuedAt: d.invoice!.issuedAt },
      stateCode,
    );
  const invoices = documents.filter((d) => d.kind === 'invoice');
  const notes = documents.filter((d) => d.kind === 'credit_note');
  const totals = new Map<string, Amounts & { rows: number }>();
  const count = (table: string, a: Amounts, sign = 1, rows = 1) => {
    const t = totals.get(table) ?? { ...NONE, rows: 0 };
    totals.set(table, { ...add(t, a, sign), rows: t.rows + rows });
  };

  const b2b = new Map<string, B2bInvoice[]>();
  /** The registered recipients' names (the CSV's Receiver Name; the JSON has none). */
  const names: Record<string, string> = {};
  const b2cl = new Map<string, B2clInvoice[]>();
  const b2cs = new Map<string, { pos: string; amounts: Amounts }>();
  const hsn = { b2b: NONE, b2c: NONE };
  const warnings: string[] = [];

  for (const d of invoices) {
    const table = tableOf(d);
    const a = amountsOf(d);
    const invoice = { inum: d.number, idt: returnDate(d.issuedAt), val: rupees(d.total), pos: d.placeOfSupply };
    if (table === 'b2b') {
      const list = b2b.get(d.gstin!) ?? [];
      list.push({ ...invoice, rchrg: 'N', inv_typ: 'R', itms: item(a) });
      b2b.set(d.gstin!, list);
      names[d.gstin!] = d.recipientName;
      hsn.b2b = add(hsn.b2b, a);
    } else if (table === 'b2cl') {
      const list = b2cl.get(d.placeOfSupply) ?? [];
      list.push({ inum: invoice.inum, idt: invoice.idt, val: invoice.val, itms: item(a) });
      b2cl.set(d.placeOfSupply, list);
      hsn.b2c = add(hsn.b2c, a);
    } else {
      const slot = b2cs.get(d.placeOfSupply) ?? { pos: d.placeOfSupply, amounts: NONE };
      b2cs.set(d.placeOfSupply, { ...slot, amounts: add(slot.amounts, a) });
      hsn.b2c = add(hsn.b2c, a);
    }
    count(table, a, 1, table === 'b2cs' ? 0 : 1);
  }

  const cdnr = new Map<string, Array<Note & { rchrg: 'N'; inv_typ: 'R' }>>();
  const cdnur: Array<Note & { typ: 'B2CL' }> = [];
  for (const d of notes) {
    const table = tableOf(d);
    const a = amountsOf(d);
    const note: Note = {
      ntty: 'C',
      nt_num: d.number,
      nt_dt: returnDate(d.issuedAt),
      val: rupees(d.total),
      pos: d.placeOfSupply,
      itms: item(a),
    };
    if (table === 'b2b') {
      const list = cdnr.get(d.gstin!) ?? [];
      list.push({ ...note, rchrg: 'N', inv_typ: 'R' });
      cdnr.set(d.gstin!, list);
      names[d.gstin!] = d.recipientName;
      hsn.b2b = add(hsn.b2b, a, -1);
      count('cdnr', a);
    } else if (table === 'b2cl') {
      cdnur.push({ typ: 'B2CL', ...note });
      hsn.b2c = add(hsn.b2c, a, -1);
      count('cdnur', a);
    } else {
      const slot = b2cs.get(d.placeOfSupply) ?? { pos: d.placeOfSupply, amounts: NONE };
      b2cs.set(d.placeOfSupply, { ...slot, amounts: add(slot.amounts, a, -1) });
      hsn.b2c = add(hsn.b2c, a, -1);
      count('b2cs', a, -1, 0);
    }
  }

  const b2csRows = [...b2cs.values()]
    .sort((x, y) => x.pos.localeCompare(y.pos))
    .map(({ pos, amounts }): B2csRow => {
      if (amounts.taxable < 0) {
        warnings.push(
          `B2C small, ${stateName(pos) ?? pos}: this month's credit notes exceed its sales (taxable ${rupees(amounts.taxable)}).`,
        );
      }
      const inter = pos !== stateCode;
      const d = item(amounts)[0]!.itm_det;
      return {
        sply_ty: inter ? 'INTER' : 'INTRA',
        pos,
        typ: 'OE',
        rt: d.rt,
        txval: d.txval,
        ...(inter ? { iamt: d.iamt } : { camt: d.camt, samt: d.samt }),
        csamt: 0,
      };
    });
  const b2csTotals = totals.get('b2cs');
  if (b2csTotals) totals.set('b2cs', { ...b2csTotals, rows: b2csRows.length });

  const hsnRow = (a: Amounts): HsnRow => ({
    num: 1,
    hsn_sc: SAC_TRAINING,
    desc: 'Commercial training and coaching services',
    uqc: 'NA',
    qty: 0,
    rt: GST_RATE_PERCENT,
    txval: rupees(a.taxable),
    iamt: rupees(a.igst),
    camt: rupees(a.cgst),
    samt: rupees(a.sgst),
    csamt: 0,
  });
  const hsnB2b = invoices.some((d) => tableOf(d) === 'b2b') || notes.some((d) => tableOf(d) === 'b2b');
  const hsnB2c = documents.some((d) => tableOf(d) !== 'b2b');
  const hsnTotal = add(hsn.b2b, hsn.b2c);
  totals.set('hsn', { ...hsnTotal, rows: Number(hsnB2b) + Number(hsnB2c) });

  const docDet = [
    documentsIssued(invoices, 1, 'Invoices for outward supply'),
    documentsIssued(notes, 5, 'Credit Note'),
  ].filter((d): d is DocumentsIssued => d !== null);
  for (const det of docDet) {
    if (det.docs[0]!.cancel > 0) {
      warnings.push(
        `${det.doc_typ}: ${det.docs[0]!.cancel} number(s) between ${det.docs[0]!.from} and ${det.docs[0]!.to} have no document.`,
      );
    }
  }
  totals.set('docs', { ...NONE, rows: docDet.length });

  const [year, month] = period.split('-');
  const byKey = <T>(m: Map<string, T[]>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  const json: Gstr1Json = { gstin, fp: `${month}${year}` };
  if (b2b.size) json.b2b = byKey(b2b).map(([ctin, inv]) => ({ ctin, inv }));
  if (b2cl.size) json.b2cl = byKey(b2cl).map(([pos, inv]) => ({ pos, inv }));
  if (b2csRows.length) json.b2cs = b2csRows;
  if (cdnr.size) json.cdnr = byKey(cdnr).map(([ctin, nt]) => ({ ctin, nt }));
  if (cdnur.length) json.cdnur = cdnur;
  if (hsnB2b || hsnB2c) {
    json.hsn = { ...(hsnB2b ? { hsn_b2b: [hsnRow(hsn.b2b)] } : {}), ...(hsnB2c ? { hsn_b2c: [hsnRow(hsn.b2c)] } : {}) };
  }
  if (docDet.length) json.doc_issue = { doc_det: docDet };

  const net = notes.reduce((sum, d) => sum - d.taxable, 0) + invoices.reduce((sum, d) => sum + d.taxable, 0);
  const summary: Gstr1Summary = {
    period,
    gstin,
    invoices: invoices.length,
    credit_notes: notes.length,
    tables: (Object.keys(GSTR1_TABLE_LABELS) as Array<keyof typeof GSTR1_TABLE_LABELS>).map(
      (table): Gstr1TableTotals => {
        const t = totals.get(table) ?? { ...NONE, rows: 0 };
        return {
          table,
          label: GSTR1_TABLE_LABELS[table],
          rows: t.rows,
          taxable_paise: t.taxable,
          igst_paise: t.igst,
          cgst_paise: t.cgst,
          sgst_paise: t.sgst,
          value_paise: t.total,
        };
      },
    ),
    net_taxable_paise: net,
    warnings,
  };
  /** What the CSV files print that the JSON does not carry: receivers' names, the HSN rows' total value. */
  const extras: Gstr1CsvExtras = { names, hsnValue: { b2b: rupees(hsn.b2b.total), b2c: rupees(hsn.b2c.total) } };
  return { json, summary, extras };
}
