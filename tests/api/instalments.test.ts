import { beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  INSTALMENT_PATHS,
  INSTALMENT_MESSAGES,
  addDays,
  istToday,
  type Instalment,
  type InstalmentPlan,
  type Payment,
  type PaymentStart,
} from '../../contract/index.ts';
import { type TestContext, type TestUser } from './support/harness.ts';
import { counter, instalmentWorld } from './support/instalments.ts';

/**
 * Paying in instalments (decision record 054), on the run's database: a payment start with a plan, the
 * schedule, later instalments paid by verify and by webhook, one invoice each from the one series, a plan in
 * use kept.
 */

const { world, req, startWithPlan, verifyPaid, invoiceOf } = instalmentWorld();
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let asha: TestUser;
let ravi: TestUser;
let programId: number;
let plan: InstalmentPlan;
beforeAll(() => {
  ({ ctx, admin, instructor, asha, ravi, programId, plan } = world);
});

describe('paying in instalments', () => {
  let enrollmentId: number;
  let schedule: Instalment[];
  const first: { payment: number; invoice: string | null } = { payment: 0, invoice: null };

  it('the first instalment is the payment: its amount, a gateway order; switching to full price changes the order', async () => {
    const inFull = await startWithPlan(asha, null);
    expect(inFull.amount).toBe(65000);
    const withPlan = await startWithPlan(asha, plan.id);
    expect(withPlan.id).toBe(inFull.id);
    expect(withPlan.amount).toBe(25000);
    expect(withPlan.total_paise).toBe(2500000);
    expect(withPlan.gateway?.order_id).toBeTruthy();
    expect(withPlan.gateway?.order_id).not.toBe(inFull.gateway?.order_id);
    expect(withPlan.gateway?.amount).toBe(2500000);
    first.payment = withPlan.id;
  });

  it('paying it enrolls the student and schedules the rest as dues of the enrollment (IST dates)', async () => {
    const done = await verifyPaid(asha, first.payment);
    expect(done.status).toBe(200);
    enrollmentId = (done.body as { enrollment: { id: number } }).enrollment.id;
    const res = await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), asha);
    expect(res.status).toBe(200);
    schedule = res.body as Instalment[];
    const today = istToday(new Date(world.now));
    expect(
      schedule.map(({ number, amount, due_on, status, total_paise }) => ({
        number,
        amount,
        due_on,
        status,
        total_paise,
      })),
    ).toEqual([
      { number: 1, amount: 25000, due_on: today, status: 'paid', total_paise: 2500000 },
      { number: 2, amount: 22000, due_on: addDays(today, 30), status: 'due', total_paise: 2200000 },
      { number: 3, amount: 22000, due_on: addDays(today, 60), status: 'due', total_paise: 2200000 },
    ]);
    expect(schedule[0]!.payment).toBe(first.payment);
    // The first is paid today (IST); the dues are not paid yet.
    expect(schedule.map((i) => i.paid_on)).toEqual([today, null, null]);
    first.invoice = await invoiceOf(first.payment);
    expect(schedule[0]!.invoice).toBe(first.invoice);
    expect(schedule[1]!.payment).toBeNull();
  });

  it('the schedule is for its student and administrators only', async () => {
    const url = INSTALMENT_PATHS.enrollmentInstalments(enrollmentId);
    expect((await req('GET', url, null)).status).toBe(401);
    expect((await req('GET', url, ravi)).status).toBe(404);
    expect((await req('GET', url, instructor)).status).toBe(404);
    expect((await req('GET', url, admin)).status).toBe(200);
    expect((await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[1]!.id), ravi)).status).toBe(404);
    expect((await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[1]!.id), null)).status).toBe(401);
  });

  it('a plan in use is deactivated, not deleted', async () => {
    const res = await req('DELETE', INSTALMENT_PATHS.adminPlan(plan.id), admin);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: INSTALMENT_MESSAGES.planInUse });
    const off = await req('PATCH', INSTALMENT_PATHS.adminPlan(plan.id), admin, { is_active: false });
    expect((off.body as InstalmentPlan).is_active).toBe(false);
    expect(((await req('GET', API.programs.detail(programId), null)).body as { plans: unknown[] }).plans).toEqual([]);
    // The enrollment's schedule is its own copy: still there.
    expect(
      ((await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), asha)).body as unknown[]).length,
    ).toBe(3);
    await req('PATCH', INSTALMENT_PATHS.adminPlan(plan.id), admin, { is_active: true });
  });

  it('the second instalment: a pending payment for its amount, the same one on a second start, completed by verify', async () => {
    const url = INSTALMENT_PATHS.instalmentPayment(schedule[1]!.id);
    const started = await req('POST', url, asha);
    expect(started.status).toBe(201);
    const payment = started.body as PaymentStart;
    expect(payment).toMatchObject({ status: 'pending', amount: 22000, total_paise: 2200000 });
    expect(payment.gateway?.amount).toBe(2200000);
    const again = await req('POST', url, asha);
    expect(again.status).toBe(200);
    expect((again.body as PaymentStart).id).toBe(payment.id);
    expect((again.body as PaymentStart).gateway?.order_id).toBe(payment.gateway?.order_id);
    const done = await verifyPaid(asha, payment.id);
    expect(done.status).toBe(200);
    expect((done.body as { enrollment: { id: number } }).enrollment.id).toBe(enrollmentId);
    const paid = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), asha)).body as Instalment[];
    // Paid before its due date: it says the IST day it was paid.
    expect(paid[1]).toMatchObject({ status: 'paid', payment: payment.id, paid_on: istToday(new Date(world.now)) });
    expect(paid[1]!.paid_on! < paid[1]!.due_on).toBe(true);
    // Not a second payment for one course: nothing for the office to look at.
    const flags = await ctx.db
      .selectFrom('gateway_events')
      .select('flag')
      .where('payment_id', '=', payment.id)
      .execute();
    expect(flags.filter((f) => f.flag !== null)).toEqual([]);
    // Paid: no more payment for it.
    const closed = await req('POST', url, asha);
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ error: INSTALMENT_MESSAGES.notDue });
  });

  it('the third by the webhook alone, delivered twice and applied once (Complete Payment after it changes nothing); each instalment its own consecutive invoice', async () => {
    const payment = (await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[2]!.id), asha)).body as PaymentStart;
    // Every webhook delivered twice: applied once.
    ctx.gateway.switches.duplicate = true;
    try {
      await ctx.pay(payment.id);
      await ctx.gateway.idle();
    } finally {
      ctx.gateway.switches.duplicate = false;
    }
    const events = await ctx.db
      .selectFrom('gateway_events')
      .select(['outcome'])
      .where('payment_id', '=', payment.id)
      .execute();
    expect(events.filter((e) => e.outcome === 'processed')).toHaveLength(1);
    await ctx.gateway.idle();
    const row = await ctx.db
      .selectFrom('payments')
      .select(['status'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    // The student's Complete Payment afterwards changes nothing.
    const complete = await req('POST', API.payments.complete(payment.id), asha);
    expect(complete.status).toBe(200);
    const final = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), asha)).body as Instalment[];
    expect(final.map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    const numbers = final.map((i) => i.invoice!);
    expect(numbers.every(Boolean)).toBe(true);
    expect(numbers.map(counter)).toEqual([counter(numbers[0]!), counter(numbers[0]!) + 1, counter(numbers[0]!) + 2]);
    const invoices = await ctx.db
      .selectFrom('tax_documents')
      .select(['number', 'total_paise', 'cgst_paise', 'sgst_paise', 'igst_paise', 'taxable_paise'])
      .where('kind', '=', 'invoice')
      .where('student_id', '=', asha.id)
      .orderBy('number')
      .execute();
    expect(invoices.map((i) => Number(i.total_paise))).toEqual([2500000, 2200000, 2200000]);
    for (const i of invoices) {
      expect(Number(i.taxable_paise) + Number(i.cgst_paise) + Number(i.sgst_paise) + Number(i.igst_paise)).toBe(
        Number(i.total_paise),
      );
    }
    // Every invoice is the student's to download.
    const payments = (await req('GET', API.payments.list, asha)).body as Payment[];
    for (const p of payments.filter((x) => x.status === 'completed')) {
      const pdf = await req('GET', API.payments.invoice(p.id), asha);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
  });
});
