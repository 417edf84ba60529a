import { beforeAll, describe, expect, it } from 'vitest';
import {
  INSTALMENT_PATHS,
  INSTALMENT_MESSAGES,
  type Instalment,
  type InstalmentPlan,
  type PaymentStart,
} from '../../contract/index.ts';
import { type TestContext, type TestUser } from './support/harness.ts';
import { instalmentWorld } from './support/instalments.ts';

/**
 * Refunding an enrollment paid in instalments (decision record 054), on the run's database.
 */

const { world, req, startWithPlan, verifyPaid } = instalmentWorld();
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let plan: InstalmentPlan;
beforeAll(() => {
  ({ ctx, admin, instructor, plan } = world);
});

describe('refunding an enrollment paid in instalments', () => {
  it('refunds each paid instalment through the gateway with its own credit note and cancels the open dues', async () => {
    const kiran = await ctx.user('kiran');
    const first = await startWithPlan(kiran, plan.id);
    const enrollmentId = ((await verifyPaid(kiran, first.id)).body as { enrollment: { id: number } }).enrollment.id;
    const schedule = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), kiran))
      .body as Instalment[];
    const second = (await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[1]!.id), kiran)).body as PaymentStart;
    expect((await verifyPaid(kiran, second.id)).status).toBe(200);
    // A third instalment payment left pending: cancelled with its due.
    const third = (await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[2]!.id), kiran)).body as PaymentStart;

    const url = INSTALMENT_PATHS.adminEnrollmentRefund(enrollmentId);
    const body = { reason: 'Left the course' };
    for (const user of [null, kiran, instructor]) {
      expect(
        (
          await ctx.request({
            method: 'POST',
            url,
            token: user?.access ?? null,
            body,
            headers: { 'idempotency-key': 'k1' },
          })
        ).status,
      ).toBe(user ? 403 : 401);
    }
    const noKey = await req('POST', url, admin, body);
    expect(noKey.status).toBe(400);
    const refund = () =>
      ctx.request({ method: 'POST', url, token: admin.access, body, headers: { 'idempotency-key': 'refund-kiran-1' } });
    const res = await refund();
    expect(res.status).toBe(200);
    expect((res.body as Instalment[]).map((i) => i.status)).toEqual(['paid', 'paid', 'cancelled']);
    // The same click again repeats nothing.
    expect((await refund()).status).toBe(200);

    const refunds = await ctx.db
      .selectFrom('refunds')
      .select(['payment_id', 'amount', 'status', 'gateway_refund_id'])
      .where('payment_id', 'in', [first.id, second.id])
      .orderBy('payment_id')
      .execute();
    expect(refunds.map((r) => [r.payment_id, r.amount])).toEqual([
      [first.id, 25000],
      [second.id, 22000],
    ]);
    expect(refunds.every((r) => r.gateway_refund_id !== null && r.status !== 'failed')).toBe(true);
    const notes = await ctx.db
      .selectFrom('tax_documents')
      .select(['payment_id', 'total_paise'])
      .where('kind', '=', 'credit_note')
      .where('payment_id', 'in', [first.id, second.id])
      .orderBy('payment_id')
      .execute();
    expect(notes.map((n) => [n.payment_id, Number(n.total_paise)])).toEqual([
      [first.id, 2500000],
      [second.id, 2200000],
    ]);
    const pending = await ctx.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', third.id)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('cancelled');
    const enrollment = await ctx.db
      .selectFrom('enrollments')
      .select(['status', 'is_active'])
      .where('id', '=', enrollmentId)
      .executeTakeFirstOrThrow();
    expect(enrollment).toMatchObject({ status: 'cancelled', is_active: 0 });
    const closed = await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[2]!.id), kiran);
    expect(closed.body).toEqual({ error: INSTALMENT_MESSAGES.notDue });
  });
});
