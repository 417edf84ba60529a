import { describe, expect, it } from 'vitest';
import { API, OFFICE_MESSAGES, type Payment, type PaymentCompletion } from '../../contract/index.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { admin, asha, ctx, useAdminAndAsha } from './support/admin-and-asha.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

/** Delete on the Enrollments and Payments tabs: only records with no money behind them. */

useAdminAndAsha();

const start = async (type: 'programs' | 'workshops', id: number) =>
  (await ctx.request({ method: 'POST', url: `/classroom/${type}/${id}/payment/`, token: asha.access, body: {} }))
    .body as Payment;
const del = (url: string) => ctx.request({ method: 'DELETE', url, token: admin.access });

describe('deleting payments and enrollments', () => {
  it('deletes a payment that never completed, and audits it', async () => {
    const pending = await start('programs', await createProgram(ctx, admin.access));
    expect((await del(API.admin.payment(pending.id))).status).toBe(204);
    expect(
      await ctx.db.selectFrom('payments').select('id').where('id', '=', pending.id).executeTakeFirst(),
    ).toBeUndefined();
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'payment')
      .where('entity_id', '=', pending.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['delete']);
    await expectTotalsMatchTables(ctx.db);
  });

  it('refuses to delete a completed payment, or one completed once and resolved since, saying why', async () => {
    const paid = await start('programs', await createProgram(ctx, admin.access));
    await ctx.pay(paid.id, { webhooks: false });
    const done = (await ctx.request({ method: 'POST', url: API.payments.complete(paid.id), token: asha.access }))
      .body as PaymentCompletion;
    expect(await del(API.admin.payment(paid.id))).toMatchObject({
      status: 400,
      body: { error: OFFICE_MESSAGES.paymentHasMoney },
    });
    await ctx.request({
      method: 'POST',
      url: API.admin.resolvePayment(paid.id),
      token: admin.access,
      body: { status: 'cancelled' },
    });
    expect((await del(API.admin.payment(paid.id))).status).toBe(400);
    // Its enrollment was paid for: refused too.
    expect(await del(API.admin.enrollment(done.enrollment.id))).toMatchObject({
      status: 400,
      body: { error: OFFICE_MESSAGES.enrollmentHasMoney },
    });
  });

  it('deletes an enrollment with no completed payment and gives its workshop seat back', async () => {
    const workshop = await createWorkshop(ctx, admin.access, { price: 0, max_participants: 3 });
    const free = await start('workshops', workshop);
    // A free workshop's payment is completed for nothing: remove that record first, as an office would not,
    // to get an enrollment without a completed payment.
    await ctx.db.deleteFrom('payments').where('id', '=', free.id).execute();
    const enrollment = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('student_id', '=', asha.id)
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshop)
      .executeTakeFirstOrThrow();
    const seats = async () =>
      (
        await ctx.db
          .selectFrom('workshops')
          .select('current_participants')
          .where('id', '=', workshop)
          .executeTakeFirstOrThrow()
      ).current_participants;
    expect(await seats()).toBe(1);
    expect((await del(API.admin.enrollment(enrollment.id))).status).toBe(204);
    expect(await seats()).toBe(0);
    expect((await del(API.admin.enrollment(enrollment.id))).status).toBe(404);
    await expectTotalsMatchTables(ctx.db);
  });
});
