import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  COUPON_MESSAGES,
  COUPON_PATHS,
  quote,
  rupeesToPaise,
  type Coupon,
  type CouponCheck,
  type CouponInput,
  istToday,
} from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { createWorkshop, completeThroughGateway } from './support/fixtures.ts';
import { pdfText } from './support/pdf-text.ts';

/**
 * Coupons and scholarships (decision record 053) through the running server, on SQLite and PostgreSQL:
 * the admin endpoints and who may call them, the checkout's check and its rate limit, the payment start
 * deciding the discount itself, max_uses under racing starts, uses released by a failed or cancelled
 * payment, the per-student limit, scholarships, the invoice and the revenue's discount.
 */

let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let workshop: number;
const PRICE = 10000; // rupees, GST included (the default rule)
const MAX_FAILED_CHECKS = 3;

beforeAll(async () => {
  ctx = await createTestApp({ config: { loginMaxFailuresPerAccountAddress: MAX_FAILED_CHECKS } });
  admin = await ctx.user('admin', 'admin');
  instructor = await ctx.user('teacher', 'instructor');
  workshop = await createWorkshop(ctx, admin.access, { price: PRICE, max_participants: 100 });
});
afterAll(async () => ctx?.close());

let codes = 0;
async function newCoupon(overrides: Partial<CouponInput> = {}): Promise<Coupon> {
  const res = await ctx.request({
    method: 'POST',
    url: COUPON_PATHS.adminList,
    token: admin.access,
    body: { code: `SAVE${++codes}x`, kind: 'percent', value: 10, is_active: true, ...overrides },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body as Coupon;
}

const billing = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  state_code: '27',
  address: 'Pune',
};

async function start(student: TestUser, body: Record<string, unknown> = {}, course = workshop) {
  return ctx.request({
    method: 'POST',
    url: API.workshops.payment(course),
    token: student.access,
    body: { payment_method: 'upi', billing, ...body },
  });
}
type Started = { id: number; amount: number; total_paise: number; status: string };

const check = (student: TestUser, code: string | undefined, course = workshop) =>
  ctx.request({
    method: 'POST',
    url: COUPON_PATHS.check,
    token: student.access,
    body: { ...(code === undefined ? {} : { code }), course_type: 'workshop', course },
  });

const paymentRow = (id: number) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const quoted = (coupon: { kind: 'percent' | 'fixed'; value: number } | null) =>
  quote({
    listPrice: rupeesToPaise(PRICE),
    coupon: coupon ? { ...coupon, code: 'X', source: 'coupon' } : null,
    pricesIncludeGst: true,
    intraState: true,
  });

describe('admin coupons', () => {
  it('creates, lists, reads and changes a coupon; fixed values are rupees, stored as paise', async () => {
    const made = await newCoupon({ code: 'Diwali500', kind: 'fixed', value: 500, max_uses: 10 });
    expect(made).toMatchObject({ code: 'Diwali500', kind: 'fixed', value: 500, uses: 0, max_uses_per_student: 1 });
    const row = await ctx.db.selectFrom('coupons').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.value).toBe(50000);

    const list = await ctx.request({ url: COUPON_PATHS.adminList, token: admin.access });
    expect((list.body as Coupon[]).map((c) => c.code)).toContain('Diwali500');

    const patched = await ctx.request({
      method: 'PATCH',
      url: COUPON_PATHS.adminOne(made.id),
      token: admin.access,
      body: { value: 750, is_active: false },
    });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body).toMatchObject({ value: 750, is_active: false, code: 'Diwali500' });
    const one = await ctx.request({ url: COUPON_PATHS.adminOne(made.id), token: admin.access });
    expect(one.body).toMatchObject({ value: 750, uses: 0 });

    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'coupon').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('refuses a code that differs only in case, a percentage over 100 and an unknown course, as 400s', async () => {
    await newCoupon({ code: 'UNIQUE1' });
    const taken = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'unique1', kind: 'percent', value: 5 },
    });
    expect(taken).toMatchObject({ status: 400, body: { error: COUPON_MESSAGES.codeTaken } });
    const over = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'OVER100', kind: 'percent', value: 101 },
    });
    expect(over.status).toBe(400);
    const unknown = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'NOCOURSE', kind: 'percent', value: 5, courses: [{ course_type: 'program', course: 99999 }] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: COUPON_MESSAGES.unknownCourse } });
  });

  it('answers the admin endpoints to administrators only, and the check to any signed-in user', async () => {
    const student = await ctx.user('matrix');
    const coupon = await newCoupon();
    const adminCalls = [
      { method: 'GET' as const, url: COUPON_PATHS.adminList },
      { method: 'POST' as const, url: COUPON_PATHS.adminList, body: { code: 'MATRIX1', kind: 'percent', value: 5 } },
      { method: 'GET' as const, url: COUPON_PATHS.adminOne(coupon.id) },
      { method: 'PATCH' as const, url: COUPON_PATHS.adminOne(coupon.id), body: { value: 5 } },
      {
        method: 'POST' as const,
        url: COUPON_PATHS.scholarships(student.id),
        body: { course_type: 'workshop', course: workshop, kind: 'percent', value: 5, reason: 'merit' },
      },
    ];
    for (const call of adminCalls) {
      expect((await ctx.request({ ...call, token: null })).status, call.url).toBe(401);
      expect((await ctx.request({ ...call, token: student.access })).status, call.url).toBe(403);
      expect((await ctx.request({ ...call, token: instructor.access })).status, call.url).toBe(403);
    }
    const body = { code: coupon.code, course_type: 'workshop', course: workshop };
    expect((await ctx.request({ method: 'POST', url: COUPON_PATHS.check, body })).status).toBe(401);
    for (const who of [student, instructor, admin]) {
      const res = await ctx.request({ method: 'POST', url: COUPON_PATHS.check, token: who.access, body });
      expect(res.status).toBe(200);
      expect((res.body as CouponCheck).valid).toBe(true);
    }
  });
});

describe('the checkout check', () => {
  it('answers the discount and the price after it, in paise, or why the code does not apply', async () => {
    const student = await ctx.user('checker');
    const coupon = await newCoupon({ code: 'TENOFF', kind: 'percent', value: 10 });
    expect((await check(student, 'tenoff')).body).toEqual({
      valid: true,
      discount: 100000,
      price_after: 900000,
      message: COUPON_MESSAGES.applied,
      // The rule itself, for a plan's schedule (its total, not the full price, takes the 10%).
      rule: { kind: 'percent', value: 10 },
    });
    await newCoupon({ code: 'LATER', starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await check(student, 'LATER')).body).toMatchObject({
      valid: false,
      discount: 0,
      price_after: 1000000,
      message: COUPON_MESSAGES.notStarted,
      rule: null,
    });
    const other = await createWorkshop(ctx, admin.access, { price: 100 });
    await newCoupon({ code: 'ONLYOTHER', courses: [{ course_type: 'workshop', course: other }] });
    expect((await check(student, 'ONLYOTHER')).body).toMatchObject({ message: COUPON_MESSAGES.notForCourse });
    await newCoupon({ code: 'BIGORDERS', min_amount: 20000 });
    expect((await check(student, 'BIGORDERS')).body).toMatchObject({
      valid: false,
      message: COUPON_MESSAGES.minAmount('₹20,000'),
    });
    expect(coupon.uses).toBe(0);
  });

  it('refuses more wrong codes than the login limit allows (429), while right codes do not count', async () => {
    const guesser = await ctx.user('guesser');
    await newCoupon({ code: 'REALCODE' });
    for (let i = 0; i < MAX_FAILED_CHECKS; i++) {
      // Right codes in between do not count: only the wrong ones reach the limit.
      expect((await check(guesser, 'REALCODE')).status).toBe(200);
      expect((await check(guesser, `GUESS${i}`)).body).toMatchObject({
        valid: false,
        message: COUPON_MESSAGES.notFound,
      });
    }
    const refused = await check(guesser, 'GUESSMORE');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another account is not limited by this one's guesses.
    expect((await check(await ctx.user('honest'), 'REALCODE')).status).toBe(200);
  });
});

describe('payment start with a coupon', () => {
  it('charges the quote the server computes: a tampered amount or total is ignored', async () => {
    const student = await ctx.user('payer');
    await newCoupon({ code: 'FLAT1000', kind: 'fixed', value: 1000 });
    const res = await start(student, { coupon: 'flat1000', amount: 1, total_paise: 100, discount: 999999 });
    expect(res.status, res.raw).toBe(201);
    const row = await paymentRow((res.body as Started).id);
    const expected = quoted({ kind: 'fixed', value: 100000 });
    expect(row).toMatchObject({
      amount: PRICE,
      discount_paise: 100000,
      coupon_code: 'FLAT1000',
      total_paise: expected.total,
    });
    expect(expected.total).toBe(900000);
  });

  it('refuses a code that does not apply with its reason, and starts nothing', async () => {
    const student = await ctx.user('refused');
    const res = await start(student, { coupon: 'NOSUCHCODE' });
    expect(res).toMatchObject({ status: 400, body: { error: COUPON_MESSAGES.notFound } });
    const rows = await ctx.db.selectFrom('payments').select('id').where('student_id', '=', student.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('counts wrong codes at the payment start against the same limit as the check (429 beyond it)', async () => {
    const guesser = await ctx.user('startguesser');
    for (let i = 0; i < MAX_FAILED_CHECKS; i++) {
      expect((await start(guesser, { coupon: `WRONG${i}` })).body).toEqual({ error: COUPON_MESSAGES.notFound });
    }
    expect((await start(guesser, { coupon: 'WRONGAGAIN' })).status).toBe(429);
    expect((await check(guesser, 'WRONGONCEMORE')).status).toBe(429);
    // Without a code the payment starts as ever.
    expect((await start(guesser)).status).toBe(201);
  });

  it('lets exactly one of N racing payment starts take a coupon with max_uses 1', async () => {
    const coupon = await newCoupon({ code: 'ONLYONE', kind: 'percent', value: 50, max_uses: 1 });
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => ctx.user(`racer${i}`)));
    const answers = await Promise.all(racers.map((r) => start(r, { coupon: 'ONLYONE' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(racers.length - 1);
    for (const r of refused) expect(r.body).toEqual({ error: COUPON_MESSAGES.usedUp });
    const one = await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access });
    expect((one.body as Coupon).uses).toBe(1);
  });

  it('holds a use while pending and releases it when the payment fails or an administrator cancels it', async () => {
    const coupon = await newCoupon({ code: 'HELD', kind: 'percent', value: 20, max_uses: 1 });
    const first = await ctx.user('holder');
    const second = await ctx.user('waiter');
    const started = (await start(first, { coupon: 'HELD' })).body as Started;
    expect((await start(second, { coupon: 'HELD' })).body).toEqual({ error: COUPON_MESSAGES.usedUp });

    // The gateway declines the card: the payment fails, and the use is free again.
    await ctx.pay(started.id, { card: '4000 0000 0000 0002' });
    expect((await paymentRow(started.id)).status).toBe('failed');
    expect(
      ((await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access })).body as Coupon).uses,
    ).toBe(0);
    const taken = (await start(second, { coupon: 'HELD' })).body as Started;
    expect((await paymentRow(taken.id)).coupon_id).toBe(coupon.id);

    // A retry of the failed payment wants the use back: refused while the other payment holds it.
    expect((await start(first, { coupon: 'HELD' })).body).toEqual({ error: COUPON_MESSAGES.usedUp });

    // An administrator cancels the second payment: released.
    const cancel = await ctx.request({
      method: 'POST',
      url: API.admin.resolvePayment(taken.id),
      token: admin.access,
      body: { status: 'cancelled', admin_notes: 'asked to cancel', failure_reason: null, is_urgent: false },
    });
    expect(cancel.status, cancel.raw).toBe(200);
    expect(
      ((await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access })).body as Coupon).uses,
    ).toBe(0);
    expect((await start(first, { coupon: 'HELD' })).status).toBe(200);
  });

  it('limits each student to max_uses_per_student', async () => {
    await newCoupon({ code: 'ONCEEACH', kind: 'percent', value: 5 });
    const other = await createWorkshop(ctx, admin.access, { price: 2000 });
    const student = await ctx.user('oncer');
    expect((await start(student, { coupon: 'ONCEEACH' })).status).toBe(201);
    expect((await start(student, { coupon: 'ONCEEACH' }, other)).body).toEqual({ error: COUPON_MESSAGES.usedByYou });
    expect((await check(student, 'ONCEEACH', other)).body).toMatchObject({
      valid: false,
      message: COUPON_MESSAGES.usedByYou,
    });
  });
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
      discount: 300000,
      price_after: 700000,
    });
    // A smaller coupon: the scholarship applies instead.
    await newCoupon({ code: 'SMALLER', kind: 'percent', value: 10 });
    expect((await check(student, 'SMALLER')).body).toMatchObject({
      valid: true,
      discount: 300000,
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
    expect(text).toContain('Discount (coupon INVOICE15) ₹-1,500.00');
    expect(text).toContain('Total ₹8,500.00');
  });
});

describe('revenue', () => {
  it('shows the discounts of the completed payments in each row, in paise', async () => {
    // Completed payments of this workshop: 15% off ₹10,000 (the invoice test) and 100% off (a payment of nothing).
    const res = await ctx.request({ url: `${API.admin.revenue}?group=course`, token: admin.access });
    expect(res.status).toBe(200);
    const row = (res.body as { key: string; discount: number; payments: number }[]).find(
      (r) => r.key === `workshop:${workshop}`,
    );
    expect(row).toMatchObject({ payments: 2, discount: 150000 + 1000000 });
    const months = (await ctx.request({ url: `${API.admin.revenue}?group=month`, token: admin.access })).body as {
      discount: number;
    }[];
    expect(months.reduce((sum, r) => sum + r.discount, 0)).toBe(150000 + 1000000);
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
});
