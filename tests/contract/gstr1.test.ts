import { describe, expect, it } from 'vitest';
import { splitGst } from '../../contract/gst.ts';
import { paiseToRupees } from '../../contract/money.ts';
import { gstr1Csv } from '../../server/domains/billing/gstr1-csv.ts';
import { buildGstr1, supplyTable } from '../../server/domains/billing/gstr1.ts';
import type { Gstr1Document } from '../../server/domains/billing/gstr1-types.ts';

/** The institute is in Maharashtra (27). */
const STATE = '27';
const GSTIN = '27AAHCC4321K1ZO';
let serial = 0;
let noteSerial = 0;

function invoice(total: number, place: string, gstin: string | null = null, issuedAt = '2026-11-10T06:30:00.000Z') {
  const split = splitGst(total, { inclusive: true, intraState: place === STATE });
  return {
    kind: 'invoice',
    number: `CCI/26-27/${String(++serial).padStart(5, '0')}`,
    issuedAt,
    ...split,
    recipientName: gstin ? 'Acme Finance LLP' : 'Asha Verma',
    gstin,
    placeOfSupply: place,
    invoice: null,
  } satisfies Gstr1Document;
}

function creditNote(of: Gstr1Document, part: number, issuedAt = '2026-11-20T06:30:00.000Z'): Gstr1Document {
  const split = splitGst(part, { inclusive: true, intraState: of.placeOfSupply === STATE });
  return {
    ...of,
    ...split,
    kind: 'credit_note',
    number: `CCI/26-27/C${String(++noteSerial).padStart(4, '0')}`,
    issuedAt,
    invoice: { total: of.total, issuedAt: of.issuedAt },
  };
}

const build = (documents: Gstr1Document[]) =>
  buildGstr1({ gstin: GSTIN, stateCode: STATE, period: '2026-11', documents });
const table = (r: ReturnType<typeof build>, name: string) => r.summary.tables.find((t) => t.table === name)!;

describe('which GSTR-1 table an invoice belongs to', () => {
  const at = (iso: string) => ({ placeOfSupply: '29', gstin: null, issuedAt: iso });
  it('puts an invoice to a GSTIN in B2B, in any state and of any value', () => {
    expect(supplyTable({ ...at('2026-11-10T00:00:00Z'), gstin: '27AAPFU0939F1ZV', total: 100 }, STATE)).toBe('b2b');
  });
  it('puts inter-state invoices to unregistered persons above ₹1,00,000 in B2CL, from 1 August 2024 (IST)', () => {
    expect(supplyTable({ ...at('2026-11-10T00:00:00Z'), total: 100_000_00 }, STATE)).toBe('b2cs');
    expect(supplyTable({ ...at('2026-11-10T00:00:00Z'), total: 100_000_01 }, STATE)).toBe('b2cl');
    // 31 July 2024 23:59 IST is still under the old ₹2,50,000 limit; 1 August 00:00 IST is not.
    expect(supplyTable({ ...at('2024-07-31T18:29:00Z'), total: 150_000_00 }, STATE)).toBe('b2cs');
    expect(supplyTable({ ...at('2024-07-31T18:30:00Z'), total: 150_000_00 }, STATE)).toBe('b2cl');
    expect(supplyTable({ ...at('2024-07-01T00:00:00Z'), total: 250_000_01 }, STATE)).toBe('b2cl');
  });
  it('keeps intra-state invoices to unregistered persons in B2CS whatever their value', () => {
    expect(supplyTable({ ...at('2026-11-10T00:00:00Z'), placeOfSupply: STATE, total: 300_000_00 }, STATE)).toBe('b2cs');
  });
});

describe('the month’s return', () => {
  const b2b = invoice(65_000_00, '27', '27AAPFU0939F1ZV');
  const b2bOther = invoice(150_000_00, '29', '29AAGCR4375J1ZU');
  const large = invoice(150_000_00, '07');
  const smallIntra = invoice(65_000_00, '27');
  const smallInter = invoice(48_000_00, '07');
  const smallInter2 = invoice(1_499_00, '07');
  const documents = [
    b2b,
    b2bOther,
    large,
    smallIntra,
    smallInter,
    smallInter2,
    creditNote(b2b, 10_000_00),
    creditNote(large, 150_000_00),
    creditNote(smallIntra, 5_000_00),
  ];
  const r = build(documents);

  it('adds up, table by table, to the month’s invoices less its credit notes, to the paisa', () => {
    const invoiced = documents.filter((d) => d.kind === 'invoice').reduce((s, d) => s + d.taxable, 0);
    const credited = documents.filter((d) => d.kind === 'credit_note').reduce((s, d) => s + d.taxable, 0);
    expect(r.summary.net_taxable_paise).toBe(invoiced - credited);
    const supplies = ['b2b', 'b2cl', 'b2cs'].reduce((s, t) => s + table(r, t).taxable_paise, 0);
    const notes = ['cdnr', 'cdnur'].reduce((s, t) => s + table(r, t).taxable_paise, 0);
    expect(supplies - notes).toBe(invoiced - credited);
    expect(table(r, 'hsn').taxable_paise).toBe(invoiced - credited);
    const taxes = (d: Gstr1Document) => d.cgst + d.sgst + d.igst;
    const netTax = documents.reduce((s, d) => s + (d.kind === 'invoice' ? 1 : -1) * taxes(d), 0);
    const hsn = table(r, 'hsn');
    expect(hsn.igst_paise + hsn.cgst_paise + hsn.sgst_paise).toBe(netTax);
  });

  it('lists B2B invoices by the buyer’s GSTIN, and their credit notes in CDNR', () => {
    expect(r.json.b2b!.map((g) => g.ctin)).toEqual(['27AAPFU0939F1ZV', '29AAGCR4375J1ZU']);
    const first = r.json.b2b![0]!.inv[0]!;
    expect(first).toMatchObject({
      inum: b2b.number,
      idt: '10-11-2026',
      val: 65000,
      pos: '27',
      rchrg: 'N',
      inv_typ: 'R',
    });
    expect(first.itms[0]!.itm_det).toEqual({
      rt: 18,
      txval: 55084.74,
      iamt: 0,
      camt: 4957.63,
      samt: 4957.63,
      csamt: 0,
    });
    expect(r.json.b2b![1]!.inv[0]!.itms[0]!.itm_det.iamt).toBe(22881.36);
    expect(r.json.cdnr).toEqual([
      {
        ctin: '27AAPFU0939F1ZV',
        nt: [
          expect.objectContaining({ ntty: 'C', nt_num: 'CCI/26-27/C0001', nt_dt: '20-11-2026', val: 10000, pos: '27' }),
        ],
      },
    ]);
  });

  it('lists the large inter-state invoice in B2CL by place of supply and its credit note in CDNUR as B2CL', () => {
    expect(r.json.b2cl).toEqual([{ pos: '07', inv: [expect.objectContaining({ inum: large.number, val: 150000 })] }]);
    expect(r.json.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', ntty: 'C', val: 150000, pos: '07' })]);
  });

  it('sums small supplies by place of supply and rate in B2CS, net of their credit notes', () => {
    const intraNet = smallIntra.taxable - splitGst(5_000_00, { inclusive: true, intraState: true }).taxable;
    expect(r.json.b2cs).toEqual([
      expect.objectContaining({
        sply_ty: 'INTER',
        pos: '07',
        typ: 'OE',
        rt: 18,
        txval: paiseToRupees(smallInter.taxable + smallInter2.taxable),
      }),
      expect.objectContaining({ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: paiseToRupees(intraNet) }),
    ]);
    expect(r.json.b2cs![0]).not.toHaveProperty('camt');
    expect(r.json.b2cs![1]).not.toHaveProperty('iamt');
    expect(table(r, 'b2cs').rows).toBe(2);
  });

  it('splits the SAC summary into B2B and B2C, and counts each series’ documents', () => {
    expect(r.json.hsn!.hsn_b2b![0]).toMatchObject({ hsn_sc: '999293', uqc: 'NA', qty: 0, rt: 18 });
    expect(r.json.hsn!.hsn_b2c).toHaveLength(1);
    expect(r.json.doc_issue!.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: b2b.number, to: smallInter2.number, totnum: 6, cancel: 0, net_issue: 6 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'CCI/26-27/C0001', to: 'CCI/26-27/C0003', totnum: 3, cancel: 0, net_issue: 3 }],
      },
    ]);
    expect(r.json.fp).toBe('112026');
    expect(r.summary.warnings).toEqual([]);
  });

  it('writes each table as the offline tool’s CSV template', () => {
    const lines = (t: Parameters<typeof gstr1Csv>[0]) => gstr1Csv(t, r.json, r.extras).trimEnd().split('\r\n');
    expect(lines('b2b')[1]).toBe(
      `27AAPFU0939F1ZV,Acme Finance LLP,${b2b.number},10-Nov-2026,65000.00,27-Maharashtra,N,,Regular B2B,,18.00,55084.74,0.00`,
    );
    expect(lines('b2cs')[0]).toBe(
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(lines('b2cs')[1]).toMatch(/^OE,07-Delhi,,18.00,\d+\.\d\d,0.00,$/);
    expect(lines('cdnur')[1]).toMatch(
      /^B2CL,CCI\/26-27\/C0002,20-Nov-2026,C,07-Delhi,150000.00,,18.00,127118.64,0.00$/,
    );
    expect(lines('hsn_b2b')[0]).toBe(
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
    );
    expect(lines('hsn_b2b')[1]).toMatch(/^999293,Commercial training and coaching services,NA,0.00,205000.00,18.00,/);
    expect(lines('hsn')).toHaveLength(3);
    expect(lines('docs')[2]).toBe('Credit Note,CCI/26-27/C0001,CCI/26-27/C0003,3,0');
  });
});

describe('what the return warns about', () => {
  it('says when a month’s credit notes exceed its small sales to a state, and when a number has no document', () => {
    const earlier = invoice(65_000_00, '27', null, '2026-10-02T06:30:00.000Z');
    const gap = invoice(1_000_00, '27');
    serial++;
    const after = invoice(1_000_00, '27');
    const r = build([gap, after, creditNote(earlier, 65_000_00)]);
    expect(r.summary.warnings).toHaveLength(2);
    expect(r.summary.warnings[0]).toMatch(/B2C small, Maharashtra: this month's credit notes exceed its sales/);
    expect(r.summary.warnings[1]).toMatch(/1 number\(s\) between/);
    expect(r.json.doc_issue!.doc_det[0]!.docs[0]).toMatchObject({ totnum: 3, cancel: 1, net_issue: 2 });
  });
  it('answers an empty return for a month without documents', () => {
    const r = build([]);
    expect(r.json).toEqual({ gstin: GSTIN, fp: '112026' });
    expect(r.summary.tables.every((t) => t.rows === 0 && t.taxable_paise === 0)).toBe(true);
  });
});
