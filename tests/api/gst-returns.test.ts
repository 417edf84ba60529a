import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, istToday, type Gstr1Summary } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { createAppWithUsers } from './support/users.ts';

/**
 * GSTR-1 from the real money path: students pay through the gateway with their billing details (a
 * registered employer, another state, the institute's state), an administrator refunds, and the month's
 * return adds up exactly to the invoices and credit notes the database holds.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;
let meera: TestUser;
const period = istToday().slice(0, 7);
const url = (query: string) => `${API.admin.gstr1}?period=${period}${query}`;

const billing = (state: string, gstin?: string) => ({
  first_name: 'Asha',
  last_name: 'Verma',
  email: 'asha@example.in',
  phone: '9876543210',
  state_code: state,
  address: '12 MG Road',
  ...(gstin ? { gstin, gstin_name: 'Acme Finance LLP' } : {}),
});

async function paid(student: TestUser, price: number, details: ReturnType<typeof billing>) {
  const programId = await createProgram(ctx, admin.access, { price, title: `Programme at ${price}` });
  const start = await ctx.request({
    method: 'POST',
    url: API.programs.payment(programId),
    token: student.access,
    body: { payment_method: 'upi', billing: details },
  });
  expect(start.status).toBe(201);
  const paymentId = (start.body as { id: number }).id;
  await ctx.pay(paymentId);
  return paymentId;
}

async function refund(paymentId: number, amount: number, key: string) {
  const res = await ctx.request({
    method: 'POST',
    url: API.admin.refundPayment(paymentId),
    token: admin.access,
    body: { amount, reason: 'Batch moved', revoke_access: false },
    headers: { 'idempotency-key': key },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  ({
    ctx,
    admin,
    students: { asha, ravi, meera },
  } = await createAppWithUsers('asha', 'ravi', 'meera'));
  const employer = await paid(asha, 65000, billing('27', '27AAPFU0939F1ZV'));
  const delhiLarge = await paid(ravi, 150000, billing('07'));
  await paid(meera, 48000, billing('27'));
  await paid(meera, 85000, billing('29'));
  await refund(employer, 10000, 'r1');
  await refund(delhiLarge, 150000, 'r2');
});
afterAll(async () => ctx?.close());

describe('GET /api/admin/gst/gstr1/', () => {
  it('is for administrators only', async () => {
    expect((await ctx.request({ url: url('') })).status).toBe(401);
    expect((await ctx.request({ url: url(''), token: asha.access })).status).toBe(403);
    expect((await ctx.request({ url: url(''), token: admin.access })).status).toBe(200);
  });

  it('refuses a period that is not a month, and a CSV without its table, saying what to send', async () => {
    const bad = await ctx.request({ url: `${API.admin.gstr1}?period=2026-13`, token: admin.access });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ period: ['Choose a month as YYYY-MM, for example 2026-11.'] });
    const noTable = await ctx.request({ url: url('&format=csv'), token: admin.access });
    expect(noTable.status).toBe(400);
    expect(noTable.body).toHaveProperty('table');
    const wrongTable = await ctx.request({ url: url('&format=csv&table=exp'), token: admin.access });
    expect(wrongTable.status).toBe(400);
  });

  it('answers the offline tool’s JSON, whose tables add up to the month’s invoices and credit notes', async () => {
    const res = await ctx.request({ url: url(''), token: admin.access });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="GSTR1_27AAHCC4321K1ZO_\d{6}\.json"$/);
    const json = res.body as Record<string, Array<Record<string, unknown>>> & { gstin: string; fp: string };
    expect(json.gstin).toBe('27AAHCC4321K1ZO');
    expect(json.fp).toBe(`${period.slice(5)}${period.slice(0, 4)}`);
    expect(json.b2b!.map((g) => g.ctin)).toEqual(['27AAPFU0939F1ZV']);
    expect((json.b2cl as unknown as Array<{ pos: string }>).map((g) => g.pos)).toEqual(['07']);
    expect(json.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', val: 150000, pos: '07' })]);
    expect(json.cdnr).toHaveLength(1);
    expect(json.b2cs!.map((r) => `${r.sply_ty} ${r.pos}`)).toEqual(['INTRA 27', 'INTER 29']);

    const documents = await ctx.db.selectFrom('tax_documents').selectAll().execute();
    const sum = (kind: string, column: 'taxable_paise' | 'igst_paise' | 'cgst_paise' | 'sgst_paise') =>
      documents.filter((d) => d.kind === kind).reduce((s, d) => s + Number(d[column]), 0);
    const summary = (await ctx.request({ url: url('&format=summary'), token: admin.access })).body as Gstr1Summary;
    const total = (t: string) => summary.tables.find((x) => x.table === t)!;
    const net = sum('invoice', 'taxable_paise') - sum('credit_note', 'taxable_paise');
    expect(summary.net_taxable_paise).toBe(net);
    expect(total('b2b').taxable_paise + total('b2cl').taxable_paise + total('b2cs').taxable_paise).toBe(
      net + total('cdnr').taxable_paise + total('cdnur').taxable_paise,
    );
    for (const tax of ['igst_paise', 'cgst_paise', 'sgst_paise'] as const) {
      expect(total('hsn')[tax]).toBe(sum('invoice', tax) - sum('credit_note', tax));
    }
    expect(summary).toMatchObject({ invoices: 4, credit_notes: 2, warnings: [] });
    const docs = (json as unknown as { doc_issue: { doc_det: Array<{ docs: Array<{ totnum: number }> }> } }).doc_issue;
    expect(docs.doc_det.map((d) => d.docs[0]!.totnum)).toEqual([4, 2]);
  });

  it('answers each table as the template’s CSV, and audits every download', async () => {
    const before = await ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'gstr1').execute();
    const res = await ctx.app.inject({
      url: url('&format=csv&table=b2cl'),
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row, ...rest] = res.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(row).toMatch(/^CCI\/\d\d-\d\d\/\d{5},\d\d-[A-Z][a-z]{2}-\d{4},150000.00,07-Delhi,,18.00,127118.64,0.00,$/);
    expect(rest).toEqual([]);
    const after = await ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'gstr1').execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('answers an empty return for a month without documents', async () => {
    const res = await ctx.request({ url: `${API.admin.gstr1}?period=2019-04&format=summary`, token: admin.access });
    expect(res.status).toBe(200);
    expect((res.body as Gstr1Summary).tables.every((t) => t.rows === 0)).toBe(true);
  });
});
