import { describe, expect, it } from 'vitest';
import { Enrollment, Payment, SERVER_MESSAGES, StudentPayment } from '../../contract/index.ts';
import { appWithAshaAndRavi } from './support/asha-and-ravi.ts';
import { classroomPayments } from './support/classroom-payments.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

/** Starting a payment: the pending payment, its amount and billing details, refusals, free workshops. */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

const app = appWithAshaAndRavi((made) => {
  ({ ctx, admin, asha, ravi } = made);
});

const { start, complete } = classroomPayments(app);

describe('starting a payment', () => {
  it('creates a pending payment with the amount read from the program, ignoring any client amount', async () => {
    const programId = await createProgram(ctx, admin.access, { price: 72000 });
    const res = await start(asha, 'programs', programId, {
      payment_method: 'upi',
      amount: 1,
      price: 1,
      status: 'completed',
    });
    expect(res.status).toBe(201);
    const payment = StudentPayment.parse(res.body);
    expect(payment).toMatchObject({
      status: 'pending',
      amount: 72000,
      payment_method: 'upi',
      course: programId,
      course_type: 'program',
      program_title: 'Credit Analyst Foundation',
      workshop_title: null,
      student: { id: asha.id, username: 'asha' },
    });
  });

  it('answers the existing pending payment (200) instead of a second one', async () => {
    const programId = await createProgram(ctx, admin.access);
    const first = await start(asha, 'programs', programId);
    const second = await start(asha, 'programs', programId);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect((second.body as Payment).id).toBe((first.body as Payment).id);
    // Another student gets their own.
    const other = await start(ravi, 'programs', programId);
    expect(other.status).toBe(201);
    expect((other.body as Payment).id).not.toBe((first.body as Payment).id);
  });

  it('keeps one pending payment per course even when starts race', async () => {
    const programId = await createProgram(ctx, admin.access);
    const results = await Promise.all(Array.from({ length: 10 }, () => start(ravi, 'programs', programId)));
    expect(results.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => (r.body as Payment).id)).size).toBe(1);
  });

  it('accepts no body (the dashboard) and stores checkout billing details, never card data', async () => {
    const programId = await createProgram(ctx, admin.access);
    const bare = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: asha.access,
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(201);
    expect((bare.body as Payment).payment_method).toBe('credit_card');

    const other = await createProgram(ctx, admin.access);
    const billing = { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.in', phone: '9876543210' };
    const withCard = await start(asha, 'programs', other, {
      payment_method: 'debit_card',
      billing,
      card_number: '4111111111111111',
      cvv: '123',
    });
    expect(withCard).toMatchObject({
      status: 400,
      body: { card_number: ['Card and UPI details must not be sent to the server.'], cvv: [expect.any(String)] },
    });
    const res = await start(asha, 'programs', other, { payment_method: 'debit_card', billing });
    expect(res.status).toBe(201);
    const row = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', (res.body as Payment).id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      billing_first_name: 'Asha',
      billing_last_name: 'Rao',
      billing_email: 'asha@example.in',
      billing_phone: '9876543210',
    });
    expect(JSON.stringify(row)).not.toContain('4111');
  });

  it('checkout after the dashboard Pay reuses the pending payment and records the method and billing given', async () => {
    const programId = await createProgram(ctx, admin.access);
    const first = (await start(ravi, 'programs', programId, { payment_method: 'credit_card' })).body as Payment;
    const billing = { first_name: 'Ravi', last_name: 'Kumar', email: 'ravi@example.in', phone: '9123456789' };
    const again = await start(ravi, 'programs', programId, { payment_method: 'upi', billing });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.id, payment_method: 'upi', status: 'pending' });
    const row = await ctx.db.selectFrom('payments').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ billing_first_name: 'Ravi', billing_phone: '9123456789' });
  });

  it('validates the payment method and billing details', async () => {
    const programId = await createProgram(ctx, admin.access);
    const res = await start(asha, 'programs', programId, {
      payment_method: 'cash',
      billing: { first_name: '', last_name: 'R', email: 'x', phone: '12' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      payment_method: ['Payment method must be one of: credit_card, debit_card, upi.'],
      'billing.first_name': ['First name is required.'],
      'billing.email': ['Enter a valid email address.'],
      'billing.phone': ['Enter a 10-digit Indian mobile number.'],
    });
  });

  it('answers 404 for an unknown or archived course', async () => {
    expect((await start(asha, 'programs', 999_999)).status).toBe(404);
    expect((await start(asha, 'workshops', 999_999)).status).toBe(404);
    expect((await start(asha, 'programs', 'abc' as unknown as number)).status).toBe(404);
    const inactive = await createProgram(ctx, admin.access, { is_active: false });
    expect(await start(asha, 'programs', inactive)).toMatchObject({
      status: 404,
      body: { detail: SERVER_MESSAGES.notFound },
    });
  });

  it('refuses a student already enrolled in the course', async () => {
    const programId = await createProgram(ctx, admin.access);
    const payment = (await start(asha, 'programs', programId)).body as Payment;
    expect((await complete(asha, payment.id)).status).toBe(200);
    const again = await start(asha, 'programs', programId);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: SERVER_MESSAGES.alreadyEnrolled });
  });

  it('refuses a full workshop', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 1 });
    const payment = (await start(asha, 'workshops', workshopId)).body as Payment;
    expect((await complete(asha, payment.id)).status).toBe(200);
    const res = await start(ravi, 'workshops', workshopId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: SERVER_MESSAGES.workshopFull });
  });

  it('enrolls at once in a free workshop: completed payment of 0, active enrollment, one seat', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { price: 0, max_participants: 5 });
    const res = await start(asha, 'workshops', workshopId);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'completed',
      amount: 0,
      course_type: 'workshop',
      workshop_title: 'Ratio Analysis Masterclass',
      program_title: null,
    });
    const enrollments = (await ctx.request({ url: '/classroom/enrollments/', token: asha.access }))
      .body as Enrollment[];
    expect(enrollments.find((e) => e.course === workshopId && e.course_type === 'workshop')).toMatchObject({
      status: 'active',
      is_active: true,
      workshop: { id: workshopId },
    });
    const workshop = (await ctx.request({ url: `/classroom/workshops/${workshopId}/` })).body as {
      current_participants: number;
      is_free: boolean;
    };
    expect(workshop).toMatchObject({ current_participants: 1, is_free: true });
    expect((await start(asha, 'workshops', workshopId)).body).toEqual({ error: SERVER_MESSAGES.alreadyEnrolled });
  });
});

describe('free workshops clicked twice', () => {
  it('concurrent free enrollments by one student make one enrollment, one seat; the others hear "already enrolled"', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { price: 0, max_participants: 50 });
    const results = await Promise.all(Array.from({ length: 6 }, () => start(ravi, 'workshops', workshopId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r).toMatchObject({ status: 400, body: { error: SERVER_MESSAGES.alreadyEnrolled } });
    const workshop = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(workshop.current_participants).toBe(1);
  });
});

describe('running totals', () => {
  it('the trigger-kept totals still match the tables after all of the above (races included)', async () => {
    await expectTotalsMatchTables(ctx.db);
  });
});
