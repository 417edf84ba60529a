import { beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  COUPON_MESSAGES,
  COUPON_PATHS,
  type AdminStats,
  type Coupon,
  istToday,
  rupeesToPaise,
  type RevenueRow,
} from '../../contract/index.ts';
import { couponWorld, PRICE, quoted, type Started } from './support/coupons.ts';
import { completeThroughGateway, createWorkshop } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { pdfText } from './support/pdf-text.ts';
import { expectRevenueMatchesRecount } from './support/revenue-recount.ts';

/**
 * What a discount does to the money (decision record 053), on SQLite and PostgreSQL: a payment of nothing,
 * scholarships, the invoice, the revenue's discount, the payments export and GSTR-1.
 */

const { world, newCoupon, start, check, paymentRow } = couponWorld();
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let workshop: number;
beforeAll(() => {
  ({ ctx, admin, instructor, workshop } = world);
});

describe('a discount of everything', () => {
  it('completes the payment of nothing at once and enrolls, as a free workshop does (no invoice for ₹0)', async () => {
    const coupon = await newCoupon({ code: 'ALLFREE', kind: 'percent', value: 100 });
    const student = await ctx.user('freebie');
    const res = await start(student, { coupon: 'ALLFREE' });
    expect(res.status, res.raw).toBe(201);
    const row = await paymentRow((res.body as Started).id);
    expect(row).toMatchObject({ status: 'completed', total_paise: 0, discount_paise: 1000000, amount: PRICE });
    const enrollment = await ctx.db
      .selectFrom('enrollments')
      .selectAll()
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(enrollment.is_active).toBe(1);
    const invoices = await ctx.db.selectFrom('tax_documents').select('id').where('payment_id', '=', row.id).execute();
    expect(invoices).toHaveLength(0);
    const one = await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access });
    expect((one.body as Coupon).uses).toBe(1);
  });
});

describe('scholarships', () => {
  it('are granted from the Users row (audited) and applied by themselves; the larger discount wins over a code', async () => {
    const student = await ctx.user('scholar');
    const grant = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.scholarships(student.id),
      token: admin.access,
      body: { course_type: 'workshop', course: workshop, kind: 'fixed', value: 3000, reason: 'Merit scholarship' },
    });
    expect(grant.status, grant.raw).toBe(201);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'grant_scholarship')
      .where('entity_id', '=', student.id)
      .execute();
    expect(audit).toHaveLength(1);

    // The checkout's quote shows it without any code.
    expect((await check(student, undefined)).body).toMatchObject({
      valid: true,
      discount_paise: 300000,
      price_after_paise: 700000,
      discount: 3000,
      price_after: 7000,
    });
    // A smaller coupon: the scholarship applies instead.
    await newCoupon({ code: 'SMALLER', kind: 'percent', value: 10 });
    expect((await check(student, 'SMALLER')).body).toMatchObject({
      valid: true,
      discount_paise: 300000,
      discount: 3000,
      message: COUPON_MESSAGES.scholarshipBetter,
    });
    // The payment start applies it with no code at all.
    const started = (await start(student)).body as Started;
    const row = await paymentRow(started.id);
    expect(row).toMatchObject({ discount_paise: 300000, coupon_code: null, total_paise: 700000 });
    // Nobody else gets it.
    const other = await ctx.user('notscholar');
    expect((await paymentRow(((await start(other)).body as Started).id)).discount_paise).toBe(0);
  });

  it('are refused for an account that is not a student (404)', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.scholarships(instructor.id),
      token: admin.access,
      body: { course_type: 'workshop', course: workshop, kind: 'percent', value: 10, reason: 'x' },
    });
    expect(res.status).toBe(404);
  });
});

describe('the invoice', () => {
  it('prints the list price, the discount and its code, and a taxable value of the discounted price', async () => {
    await newCoupon({ code: 'INVOICE15', kind: 'percent', value: 15 });
    const student = await ctx.user('invoiced');
    const started = (await start(student, { coupon: 'INVOICE15' })).body as Started;
    const done = await completeThroughGateway(ctx, student.access, started.id);
    expect(done.status, done.raw).toBe(200);
    const doc = await ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('payment_id', '=', started.id)
      .executeTakeFirstOrThrow();
    const expected = quoted({ kind: 'percent', value: 15 });
    expect(Number(doc.taxable_paise)).toBe(expected.taxable);
    expect(Number(doc.total_paise)).toBe(expected.total);
    expect(Number(doc.taxable_paise) + Number(doc.cgst_paise) + Number(doc.sgst_paise)).toBe(Number(doc.total_paise));

    const pdf = await fetch(`${ctx.url}${API.payments.invoice(started.id)}`, {
      headers: { authorization: `Bearer ${student.access}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('List price (GST included) ₹10,000.00');
    // A Unicode minus before the rupee sign, as an accountant writes it (decision record 066).
    expect(text).toContain('Discount (coupon INVOICE15) −₹1,500.00');
    expect(text).not.toContain('₹-');
    expect(text).toContain('Total ₹8,500.00');
  });
});

describe('revenue', () => {
  it('shows the discounts of the completed payments in each row in rupees, as gross, refunded and net are', async () => {
    // Completed payments of this workshop: 15% off ₹10,000 (the invoice test) and 100% off (a payment of nothing).
    const res = await ctx.request({ url: `${API.admin.revenue}?group=course`, token: admin.access });
    expect(res.status).toBe(200);
    const row = (res.body as RevenueRow[]).find((r) => r.key === `workshop:${workshop}`);
    // Net is what was received: gross less discounts less refunds (decision record 066).
    expect(row).toMatchObject({ payments: 2, gross: 2 * PRICE, discount: 1500 + 10000, net: 2 * PRICE - 11500 });
    const months = (await ctx.request({ url: `${API.admin.revenue}?group=month`, token: admin.access }))
      .body as RevenueRow[];
    expect(months.reduce((sum, r) => sum + r.discount, 0)).toBe(1500 + 10000);
    for (const r of months)
      expect(rupeesToPaise(r.net)).toBe(rupeesToPaise(r.gross - r.refunded) - rupeesToPaise(r.discount));
    // The stats tile's total revenue is the same net, from the same kept totals.
    const stats = (await ctx.request({ url: API.adminStats, token: admin.access })).body as AdminStats;
    expect(rupeesToPaise(stats.total_revenue)).toBe(months.reduce((sum, r) => sum + rupeesToPaise(r.net), 0));
    await expectRevenueMatchesRecount(ctx.db);
  });

  it('exports the coupon and the discount of each payment (no plan: its column empty)', async () => {
    const res = await ctx.request({ url: API.admin.exports.payments, token: admin.access });
    expect(res.status).toBe(200);
    const [header, ...lines] = res.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header!.split(',').slice(-3)).toEqual(['Coupon', 'Discount (INR)', 'Plan']);
    expect(lines.some((line) => line.endsWith(',INVOICE15,1500,'))).toBe(true);
    expect(lines.some((line) => line.endsWith(',scholarship,3000,'))).toBe(true);
  });

  it('reconciles GSTR-1: its taxable value is the invoices’ discounted taxable value', async () => {
    const res = await ctx.request({
      url: `${API.admin.gstr1}?period=${istToday().slice(0, 7)}&format=summary`,
      token: admin.access,
    });
    expect(res.status).toBe(200);
    const summary = res.body as { net_taxable_paise: number; tables: { table: string; taxable_paise: number }[] };
    expect(summary.net_taxable_paise).toBe(quoted({ kind: 'percent', value: 15 }).taxable);
    const b2cs = summary.tables.find((t) => t.table === 'b2cs')!;
    expect(b2cs.taxable_paise).toBe(summary.net_taxable_paise);
  });

  it('keeps the paise of a discount that has some: 15% off ₹1,499 is ₹224.85', async () => {
    const small = await createWorkshop(ctx, admin.access, { price: 1499 });
    await newCoupon({
      code: 'PAISE15',
      kind: 'percent',
      value: 15,
      courses: [{ course_type: 'workshop', course: small }],
    });
    const student = await ctx.user('paisa');
    const started = (await start(student, { coupon: 'PAISE15' }, small)).body as Started;
    expect((await completeThroughGateway(ctx, student.access, started.id)).status).toBe(200);
    const rows = (await ctx.request({ url: `${API.admin.revenue}?group=course`, token: admin.access }))
      .body as RevenueRow[];
    expect(rows.find((r) => r.key === `workshop:${small}`)).toMatchObject({
      payments: 1,
      gross: 1499,
      discount: 224.85,
      net: 1274.15,
    });
  });
});
