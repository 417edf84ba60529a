import { describe, expect, it } from 'vitest';
import { API, Payment, paginated } from '../../contract/index.ts';
import { createProgram, failedPaymentRow } from './support/fixtures.ts';
import { expectRevenueMatchesRecount } from './support/revenue-recount.ts';
import * as revenueTotals from '../../server/platform/db/migrations/010_revenue_totals.ts';
import * as revenueDiscounts from '../../server/platform/db/migrations/027_revenue_discounts.ts';
import { admin, ctx, get, revenue, useRevenueRefundsApp } from './support/revenue-refunds-app.ts';

/**
 * Revenue counts refunds: a payment stays in the gross of the month it was paid, each refund counts in
 * the month it was made, the Total Revenue tile is net of both; the Payments list filters refunded and
 * partly refunded payments; the totals kept by triggers equal a full recount, also after racing
 * completions and refunds. Payments are paid at the local gateway over HTTP and refunded through the API.
 */

useRevenueRefundsApp();

describe('search and pages at scale', () => {
  it('counts a broad search up to 10,000 and says so; keyset links reach every row once', async () => {
    const many = await ctx.user('capped_student');
    const few = await ctx.user('rare_student');
    const program = await createProgram(ctx, admin.access);
    const base = Date.parse('2025-06-01T00:00:00.000Z');
    const row = (student: number, i: number) =>
      failedPaymentRow(student, program, new Date(base + i * 60_000).toISOString());
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
    await revenueDiscounts.down(ctx.db);
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
    await revenueDiscounts.up(ctx.db);
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
