import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminStats, API, Payment, PaymentStart, RevenueRow, paginated } from '../../contract/index.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { expectRevenueMatchesRecount } from './support/revenue-recount.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import * as revenueTotals from '../../server/db/migrations/010_revenue_totals.ts';

/**
 * Revenue counts refunds: a payment stays in the gross of the month it was paid, each refund counts in
 * the month it was made, the Total Revenue tile is net of both; the Payments list filters refunded and
 * partly refunded payments; the totals kept by triggers equal a full recount, also after racing
 * completions and refunds. Payments are paid at the local gateway over HTTP and refunded through the API.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  asha = await ctx.user('asha');
  ravi = await ctx.user('ravi');
});
afterAll(async () => ctx?.close());
afterEach(() => vi.useRealTimers());

/** Only the clock of dates moves (timers stay real, so HTTP keeps working). */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
};
const get = async (url: string) => {
  const res = await ctx.request({ url, token: admin.access });
  expect(res.status).toBe(200);
  return res.body;
};
const revenue = async (query: string) =>
  ((await get(`${API.admin.revenue}?${query}`)) as unknown[]).map((r) => RevenueRow.parse(r));
const totalRevenue = async () => AdminStats.parse(await get(API.adminStats)).total_revenue;
const listed = async (query: string) =>
  paginated(Payment)
    .parse(await get(`${API.admin.payments}?${query}`))
    .results.map((p) => p.id);

async function paid(student: TestUser, type: 'programs' | 'workshops', courseId: number): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: `/classroom/${type}/${courseId}/payment/`,
    token: student.access,
    body: {},
  });
  expect([200, 201]).toContain(res.status);
  const payment = PaymentStart.parse(res.body);
  await ctx.pay(payment.id);
  const row = await ctx.db
    .selectFrom('payments')
    .select('status')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('completed');
  return payment.id;
}
const refund = (paymentId: number, body: object, key: string) =>
  ctx.request({
    method: 'POST',
    url: API.admin.refundPayment(paymentId),
    token: admin.access,
    body: { reason: 'Asked for it back', revoke_access: false, ...body },
    headers: { 'idempotency-key': key },
  });

describe('revenue with refunds', () => {
  it('keeps a payment in the month it was paid, counts each refund in its own month, and nets the tile', async () => {
    const program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Track', price: 3000 });
    const other = await createProgram(ctx, admin.access, { title: 'Research Analyst Track', price: 5000 });
    // 20 January (IST): Asha pays 3,000.
    at('2026-01-20T06:00:00.000Z');
    const first = await paid(asha, 'programs', program);
    // 10 February: Ravi pays 5,000 for another program; Asha gets 1,000 back.
    at('2026-02-10T06:00:00.000Z');
    await paid(ravi, 'programs', other);
    const part = await refund(first, { amount: 1000 }, 'part');
    expect(part).toMatchObject({ status: 200, body: { status: 'completed', refunded_amount: 1000 } });
    expect(await totalRevenue()).toBe(3000 + 5000 - 1000);
    expect(await listed('status=partly_refunded')).toEqual([first]);
    expect(await listed('status=refunded')).toEqual([]);
    // 4 March, 23:30 IST (still 4 March in IST, 18:00 UTC): the rest, 2,000.
    at('2026-03-04T18:00:00.000Z');
    const rest = await refund(first, {}, 'rest');
    expect(rest).toMatchObject({ status: 200, body: { status: 'refunded', refunded_amount: 3000 } });
    vi.useRealTimers();

    expect(await revenue('group=month')).toEqual([
      { key: '2026-01', label: 'January 2026', payments: 1, gross: 3000, refunded: 0, net: 3000, discount: 0 },
      { key: '2026-02', label: 'February 2026', payments: 1, gross: 5000, refunded: 1000, net: 4000, discount: 0 },
      { key: '2026-03', label: 'March 2026', payments: 0, gross: 0, refunded: 2000, net: -2000, discount: 0 },
    ]);
    expect(await revenue('group=course')).toEqual([
      {
        key: `program:${other}`,
        label: 'Research Analyst Track',
        payments: 1,
        gross: 5000,
        refunded: 0,
        net: 5000,
        discount: 0,
      },
      {
        key: `program:${program}`,
        label: 'Credit Analyst Track',
        payments: 1,
        gross: 3000,
        refunded: 3000,
        net: 0,
        discount: 0,
      },
    ]);
    // A date range reads refunds made in it and payments paid in it.
    expect(await revenue('group=month&date_from=2026-02-11&date_to=2026-03-04')).toEqual([
      { key: '2026-03', label: 'March 2026', payments: 0, gross: 0, refunded: 2000, net: -2000, discount: 0 },
    ]);
    expect(await revenue('group=course&date_from=2026-01-01&date_to=2026-02-28')).toEqual([
      {
        key: `program:${other}`,
        label: 'Research Analyst Track',
        payments: 1,
        gross: 5000,
        refunded: 0,
        net: 5000,
        discount: 0,
      },
      {
        key: `program:${program}`,
        label: 'Credit Analyst Track',
        payments: 1,
        gross: 3000,
        refunded: 1000,
        net: 2000,
        discount: 0,
      },
    ]);
    expect(await totalRevenue()).toBe(5000);
    expect(await listed('status=refunded')).toEqual([first]);
    expect(await listed('status=partly_refunded')).toEqual([]);
    expect(await listed('status=completed')).not.toContain(first);
    await expectRevenueMatchesRecount(ctx.db);
  });

  it('refuses a status the Payments list does not know, with the choices', async () => {
    const res = await ctx.request({ url: `${API.admin.payments}?status=half`, token: admin.access });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('partly_refunded');
  });

  it('the Total Programs tile counts what the Programs tab lists, archived programs too', async () => {
    await createProgram(ctx, admin.access, { is_active: false });
    await createWorkshop(ctx, admin.access, { is_active: false });
    const stats = AdminStats.parse(await get(API.adminStats));
    // The admin tabs list with include_inactive (src/features/admin/api/shared-fields.ts, ALL).
    const tab = (await get(`${API.programs.list}?include_inactive=true`)) as unknown[];
    const active = (await get(API.programs.list)) as unknown[];
    expect(tab.length).toBeGreaterThan(active.length);
    expect(stats.total_programs).toBe(tab.length);
    const workshops = (await get(`${API.workshops.list}?include_inactive=true`)) as unknown[];
    expect(stats.total_workshops).toBe(workshops.length);
  });
});

describe('kept revenue totals', () => {
  it('equal a full recount after racing completions and refunds', async () => {
    const program = await createProgram(ctx, admin.access, { price: 4000 });
    const workshop = await createWorkshop(ctx, admin.access, { price: 1500, max_participants: 50 });
    const students = await Promise.all(Array.from({ length: 6 }, (_, i) => ctx.user(`racer${i}`)));
    const earlier = await Promise.all(students.slice(0, 3).map((s) => paid(s, 'programs', program)));
    // Nine completions (six workshop payments, three program payments) race refunds (partial, full, and
    // two keys on one payment) of the three earlier payments.
    const start = async (s: TestUser, type: 'programs' | 'workshops', id: number) => {
      const res = await ctx.request({
        method: 'POST',
        url: `/classroom/${type}/${id}/payment/`,
        token: s.access,
        body: {},
      });
      return PaymentStart.parse(res.body).id;
    };
    const starts = await Promise.all([
      ...students.map((s) => start(s, 'workshops', workshop)),
      ...students.slice(3).map((s) => start(s, 'programs', program)),
    ]);
    await Promise.all([
      ...starts.map((id) => ctx.pay(id)),
      refund(earlier[0]!, { amount: 1000 }, 'race-a'),
      refund(earlier[0]!, { amount: 3000 }, 'race-b'),
      refund(earlier[1]!, {}, 'race-c'),
      refund(earlier[2]!, { amount: 1 }, 'race-d'),
    ]);
    await expectRevenueMatchesRecount(ctx.db);
    await expectTotalsMatchTables(ctx.db);
    const net = (await revenue('group=course')).reduce((sum, r) => sum + r.net, 0);
    expect(await totalRevenue()).toBe(net);
  });
});

describe('search and pages at scale', () => {
  it('counts a broad search up to 10,000 and says so; keyset links reach every row once', async () => {
    const many = await ctx.user('capped_student');
    const few = await ctx.user('rare_student');
    const program = await createProgram(ctx, admin.access);
    const base = Date.parse('2025-06-01T00:00:00.000Z');
    const row = (student: number, i: number) => {
      const at = new Date(base + i * 60_000).toISOString();
      return {
        student_id: student,
        course_type: 'program' as const,
        course_id: program,
        status: 'failed' as const,
        amount: 100,
        payment_method: 'upi' as const,
        admin_notes: '',
        is_urgent: 0,
        created_at: at,
        updated_at: at,
      };
    };
    for (let start = 0; start < 10_005; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, 10_005 - start) }, (_, i) => row(many.id, start + i));
      await ctx.db.insertInto('payments').values(batch).execute();
    }
    await ctx.db
      .insertInto('payments')
      .values([row(few.id, 1), row(few.id, 2), row(few.id, 3)])
      .execute();

    const broad = paginated(Payment).parse(await get(`${API.admin.payments}?search=CAPPED&page_size=200`));
    expect(broad).toMatchObject({ count: 10_000, count_capped: true, previous: null });
    expect(broad.results).toHaveLength(200);
    const narrow = paginated(Payment).parse(await get(`${API.admin.payments}?search=rare_stu&page_size=2`));
    expect(narrow.count).toBe(3);
    expect(narrow.count_capped).toBeUndefined();
    const second = paginated(Payment).parse(await get(narrow.next!));
    expect([...narrow.results, ...second.results].map((p) => p.student.id)).toEqual([few.id, few.id, few.id]);
    expect(second.next).toBeNull();

    // Following next from the first page to the last reads each of the 10,005 rows once, newest first.
    const seen: number[] = [];
    let page = broad;
    for (;;) {
      seen.push(...page.results.map((p) => p.id));
      if (!page.next) break;
      page = paginated(Payment).parse(await get(page.next));
    }
    expect(seen).toHaveLength(10_005);
    expect(new Set(seen).size).toBe(10_005);
    // ...and previous from the last page leads back the same way.
    const back = paginated(Payment).parse(await get(page.previous!));
    expect(back.results.map((p) => p.id)).toEqual(seen.slice(-200 - page.results.length, -page.results.length));
  });
});

describe('migration 010', () => {
  it('backfills the revenue totals from the payments and refunds already there', async () => {
    // Undo 010, write history as it stood before it, run it again.
    await revenueTotals.down(ctx.db);
    const student = await ctx.user('history');
    const program = await createProgram(ctx, admin.access, { price: 9000 });
    const at = (iso: string) => ({ created_at: iso, updated_at: iso });
    const paidRow = (iso: string, status: 'completed' | 'refunded', refunded = 0) => ({
      student_id: student.id,
      course_type: 'program' as const,
      course_id: program,
      status,
      amount: 9000,
      refunded_amount: refunded,
      payment_method: 'upi' as const,
      admin_notes: '',
      is_urgent: 0,
      completed_at: iso,
      ...at(iso),
    });
    const [kept, back] = await ctx.db
      .insertInto('payments')
      .values([
        paidRow('2025-05-02T04:00:00.000Z', 'completed', 2000),
        paidRow('2025-05-31T19:00:00.000Z', 'refunded', 9000),
      ])
      .returning('id')
      .execute();
    const refundRow = (
      paymentId: number,
      amount: number,
      iso: string,
      key: string,
      status: 'processed' | 'failed',
    ) => ({
      payment_id: paymentId,
      idempotency_key: key,
      amount,
      reason: 'history',
      revoke_access: 0,
      status,
      gateway_refund_id: `rfnd_${key}`,
      error: '',
      created_by: null,
      ...at(iso),
    });
    await ctx.db
      .insertInto('refunds')
      .values([
        refundRow(kept!.id, 2000, '2025-06-03T04:00:00.000Z', 'h1', 'processed'),
        refundRow(kept!.id, 500, '2025-06-04T04:00:00.000Z', 'h2', 'failed'),
        refundRow(back!.id, 9000, '2025-07-01T04:00:00.000Z', 'h3', 'processed'),
      ])
      .execute();
    await revenueTotals.up(ctx.db);
    await expectRevenueMatchesRecount(ctx.db);
    const months = await revenue('group=month&date_from=2025-05-01&date_to=2025-07-31');
    expect(months.map((r) => [r.key, r.payments, r.gross, r.refunded])).toEqual([
      ['2025-05', 1, 9000, 0],
      // 00:30 IST on 1 June: June's.
      ['2025-06', 1, 9000, 2000],
      ['2025-07', 0, 0, 9000],
    ]);
  });
});
