/** The shapes of Form GSTR-1 as the GST offline tool's JSON has them, and the documents it is built from. */

export type Gstr1Document = {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  recipientName: string;
  /** The recipient's GSTIN and the place of supply: for a credit note, its invoice's. */
  gstin: string | null;
  placeOfSupply: string;
  /** Credit notes: the invoice they correct (its value and date decide its table). */
  invoice: { total: number; issuedAt: string } | null;
};

export type Amounts = { taxable: number; igst: number; cgst: number; sgst: number; total: number };
export type ItemDetail = { rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number };
export type Item = { num: number; itm_det: ItemDetail };
export type B2clInvoice = { inum: string; idt: string; val: number; itms: Item[] };
export type B2bInvoice = B2clInvoice & { pos: string; rchrg: 'N'; inv_typ: 'R' };
export type Note = { ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; itms: Item[] };
export type B2csRow = { sply_ty: 'INTRA' | 'INTER'; pos: string; typ: 'OE'; rt: number; txval: number } & Partial<
  Pick<ItemDetail, 'iamt' | 'camt' | 'samt'>
> & { csamt: number };
export type HsnRow = ItemDetail & { num: number; hsn_sc: string; desc: string; uqc: string; qty: number };
export type DocumentsIssued = {
  doc_num: number;
  doc_typ: string;
  docs: Array<{ num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }>;
};

/** The offline tool's JSON: only the tables that have rows. */
export type Gstr1Json = {
  gstin: string;
  fp: string;
  b2b?: Array<{ ctin: string; inv: B2bInvoice[] }>;
  b2cl?: Array<{ pos: string; inv: B2clInvoice[] }>;
  b2cs?: B2csRow[];
  cdnr?: Array<{ ctin: string; nt: Array<Note & { rchrg: 'N'; inv_typ: 'R' }> }>;
  cdnur?: Array<Note & { typ: 'B2CL' }>;
  hsn?: { hsn_b2b?: HsnRow[]; hsn_b2c?: HsnRow[] };
  doc_issue?: { doc_det: DocumentsIssued[] };
};

export type Gstr1CsvExtras = { names: Record<string, string>; hsnValue: { b2b: number; b2c: number } };
