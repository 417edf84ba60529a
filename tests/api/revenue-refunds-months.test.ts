import { describe, expect, it, vi } from 'vitest';
import { AdminStats, API, Payment, PaymentStart, paginated } from '../../contract/index.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { type TestUser } from './support/harness.ts';
import { expectRevenueMatchesRecount } from './support/revenue-recount.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import {
  admin,
  asha,
  at,
  ctx,
  get,
  paid,
  ravi,
  refund,
  revenue,
  useRevenueRefundsApp,
} from './support/revenue-refunds-app.ts';

/**
 * Revenue counts refunds: a payment stays in the gross of the month it was paid, each refund counts in
 * the month it was made, the Total Revenue tile is net of both; the Payments list filters refunded and
 * partly refunded payments; the totals kept by triggers equal a full recount, also after racing
 * completions and refunds. Payments are paid at the local gateway over HTTP and refunded through the API.
 */

useRevenueRefundsApp();

const totalRevenue = async () => AdminStats.parse(await get(API.adminStats)).total_revenue;
const listed = async (query: string) =>
  paginated(Payment)
    .parse(await get(`${API.admin.payments}?${query}`))
    .results.map((p) => p.id);

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
