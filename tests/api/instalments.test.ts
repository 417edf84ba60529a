import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_PATHS,
  API,
  DELIVERY_API,
  INSTALMENT_API,
  INSTALMENT_MESSAGES,
  addDays,
  istToday,
  type Instalment,
  type InstalmentPlan,
  type Payment,
  type PaymentStart,
} from '../../contract/index.ts';
import { setClock } from '../../server/lib/clock.ts';
import { runInstalmentPass } from '../../server/services/instalments.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';
import { twoInstances } from './support/two-instances.ts';

/**
 * Instalment plans (decision record 054), on the run's database: plans and who may touch them, a payment
 * start with a plan, the schedule, later instalments paid by verify and by webhook, one invoice each from
 * the one series, the due-date invoice mode, the pause of access and its end, reminders once with two
 * processes, the administrators' schedule and moved due dates. The instalments' clock is set by the test.
 */

const DAY = 86_400_000;
let now = Date.parse('2026-11-25T06:30:00.000Z');
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let asha: TestUser;
let ravi: TestUser;
let programId: number;
let plan: InstalmentPlan;

const THREE = [
  { amount: 25000, due_after_days: 0 },
  { amount: 22000, due_after_days: 30 },
  { amount: 22000, due_after_days: 60 },
];

beforeAll(async () => {
  setClock(() => now);
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  instructor = await ctx.user('ines', 'instructor');
  asha = await ctx.user('asha');
  ravi = await ctx.user('ravi');
  programId = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program', price: 65000 });
});
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, body?: unknown) =>
  ctx.request({ method, url, token: user?.access ?? null, body });

async function startWithPlan(user: TestUser, planId: number | null) {
  const res = await req('POST', API.programs.payment(programId), user, { payment_method: 'upi', plan: planId });
  expect([200, 201]).toContain(res.status);
  return res.body as PaymentStart;
}

async function verifyPaid(user: TestUser, paymentId: number) {
  const paid = await ctx.pay(paymentId, { webhooks: false });
  if (!paid?.ok) throw new Error('the sandbox did not pay');
  return req('POST', API.payments.verify(paymentId), user, {
    razorpay_order_id: paid.razorpay_order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
    razorpay_signature: paid.razorpay_signature,
  });
}

const invoiceOf = async (paymentId: number) =>
  (
    await ctx.db
      .selectFrom('tax_documents')
      .select(['number', 'total_paise', 'issued_at'])
      .where('payment_id', '=', paymentId)
      .where('kind', '=', 'invoice')
      .executeTakeFirst()
  )?.number ?? null;
const counter = (number: string) => Number(number.split('/').at(-1));

describe('plans: administrators define them per program; the program page carries the active ones', () => {
  it('only administrators create, read, change and delete plans', async () => {
    const url = INSTALMENT_API.adminProgramPlans(programId);
    const body = { name: 'Pay in 3', instalments: THREE, is_active: true };
    expect((await req('POST', url, null, body)).status).toBe(401);
    expect((await req('POST', url, asha, body)).status).toBe(403);
    expect((await req('POST', url, instructor, body)).status).toBe(403);
    const created = await req('POST', url, admin, body);
    expect(created.status).toBe(201);
    plan = created.body as InstalmentPlan;
    expect(plan).toMatchObject({ name: 'Pay in 3', total: 69000, is_active: true, program_id: programId });
    for (const user of [null, asha, instructor]) {
      expect((await req('GET', url, user)).status).toBe(user ? 403 : 401);
      expect((await req('GET', INSTALMENT_API.adminPlan(plan.id), user)).status).toBe(user ? 403 : 401);
      expect((await req('PATCH', INSTALMENT_API.adminPlan(plan.id), user, { name: 'x' })).status).toBe(
        user ? 403 : 401,
      );
      expect((await req('DELETE', INSTALMENT_API.adminPlan(plan.id), user)).status).toBe(user ? 403 : 401);
    }
    expect(((await req('GET', url, admin)).body as InstalmentPlan[]).map((p) => p.id)).toEqual([plan.id]);
    expect((await req('GET', INSTALMENT_API.adminProgramPlans(999999), admin)).status).toBe(404);
  });

  it('refuses a schedule that does not start at checkout or goes backwards, with a sentence', async () => {
    const url = INSTALMENT_API.adminProgramPlans(programId);
    const late = await req('POST', url, admin, {
      name: 'Late',
      instalments: [
        { amount: 1, due_after_days: 5 },
        { amount: 1, due_after_days: 9 },
      ],
    });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(INSTALMENT_MESSAGES.firstDueNow);
    const back = await req('POST', url, admin, {
      name: 'Back',
      instalments: [
        { amount: 1, due_after_days: 0 },
        { amount: 1, due_after_days: 0 },
      ],
    });
    expect(back.status).toBe(400);
    expect(JSON.stringify(back.body)).toContain(INSTALMENT_MESSAGES.daysInOrder);
    const fraction = await req('POST', url, admin, {
      name: 'Paise',
      instalments: [
        { amount: 1.5, due_after_days: 0 },
        { amount: 1, due_after_days: 3 },
      ],
    });
    expect(fraction.status).toBe(400);
  });

  it('GET /classroom/programs/{id}/ carries the active plans only', async () => {
    const spare = (
      await req('POST', INSTALMENT_API.adminProgramPlans(programId), admin, {
        name: 'Pay in 2',
        instalments: [
          { amount: 35000, due_after_days: 0 },
          { amount: 35000, due_after_days: 45 },
        ],
        is_active: false,
      })
    ).body as InstalmentPlan;
    const page = (await req('GET', API.programs.detail(programId), null)).body as { plans: InstalmentPlan[] };
    expect(page.plans.map((p) => p.name)).toEqual(['Pay in 3']);
    // Unused: deleted outright.
    expect((await req('DELETE', INSTALMENT_API.adminPlan(spare.id), admin)).status).toBe(204);
    expect((await req('GET', INSTALMENT_API.adminPlan(spare.id), admin)).status).toBe(404);
  });

  it('a plan offered for another program, or switched off, cannot be chosen', async () => {
    const other = await createProgram(ctx, admin.access, { title: 'Other Program', price: 1000 });
    const res = await req('POST', API.programs.payment(other), ravi, { plan: plan.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: INSTALMENT_MESSAGES.planNotOffered });
  });
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
    const res = await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), asha);
    expect(res.status).toBe(200);
    schedule = res.body as Instalment[];
    const today = istToday(new Date(now));
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
    first.invoice = await invoiceOf(first.payment);
    expect(schedule[0]!.invoice).toBe(first.invoice);
    expect(schedule[1]!.payment).toBeNull();
  });

  it('the schedule is for its student and administrators only', async () => {
    const url = INSTALMENT_API.enrollmentInstalments(enrollmentId);
    expect((await req('GET', url, null)).status).toBe(401);
    expect((await req('GET', url, ravi)).status).toBe(404);
    expect((await req('GET', url, instructor)).status).toBe(404);
    expect((await req('GET', url, admin)).status).toBe(200);
    expect((await req('POST', INSTALMENT_API.instalmentPayment(schedule[1]!.id), ravi)).status).toBe(404);
    expect((await req('POST', INSTALMENT_API.instalmentPayment(schedule[1]!.id), null)).status).toBe(401);
  });

  it('a plan in use is deactivated, not deleted', async () => {
    const res = await req('DELETE', INSTALMENT_API.adminPlan(plan.id), admin);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: INSTALMENT_MESSAGES.planInUse });
    const off = await req('PATCH', INSTALMENT_API.adminPlan(plan.id), admin, { is_active: false });
    expect((off.body as InstalmentPlan).is_active).toBe(false);
    expect(((await req('GET', API.programs.detail(programId), null)).body as { plans: unknown[] }).plans).toEqual([]);
    // The enrollment's schedule is its own copy: still there.
    expect(
      ((await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), asha)).body as unknown[]).length,
    ).toBe(3);
    await req('PATCH', INSTALMENT_API.adminPlan(plan.id), admin, { is_active: true });
  });

  it('the second instalment: a pending payment for its amount, the same one on a second start, completed by verify', async () => {
    const url = INSTALMENT_API.instalmentPayment(schedule[1]!.id);
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
    const paid = (await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), asha)).body as Instalment[];
    expect(paid[1]).toMatchObject({ status: 'paid', payment: payment.id });
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
    const payment = (await req('POST', INSTALMENT_API.instalmentPayment(schedule[2]!.id), asha)).body as PaymentStart;
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
    const final = (await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), asha)).body as Instalment[];
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

describe('unpaid instalments: reminders, the pause of access, administrators', () => {
  let enrollmentId: number;
  let schedule: Instalment[];
  const start = now;

  beforeAll(async () => {
    const payment = await startWithPlan(ravi, plan.id);
    enrollmentId = ((await verifyPaid(ravi, payment.id)).body as { enrollment: { id: number } }).enrollment.id;
    schedule = (await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), ravi)).body as Instalment[];
  });
  afterEach(() => {
    now = start;
  });
  const emails = (template: string) =>
    ctx.db.selectFrom('outbox').select(['recipients', 'subject']).where('template', '=', template).execute();
  const course = () => req('GET', DELIVERY_API.course(enrollmentId), ravi);

  it('reminds 3 days before and on the due date, once each; the schedule says overdue after it', async () => {
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 26 * DAY)).toBe(0);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 27 * DAY)).toBe(1);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 28 * DAY)).toBe(0);
    expect(await emails('instalment_before')).toHaveLength(1);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 30 * DAY)).toBe(1);
    expect((await emails('instalment_due'))[0]!.subject).toContain(
      'Instalment 2 of Credit Analyst Program is due today',
    );
    now = start + 31 * DAY;
    const overdue = (await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), ravi)).body as Instalment[];
    expect(overdue.map((i) => i.status)).toEqual(['paid', 'overdue', 'due']);
    // Still within the grace days: the course page is open.
    expect((await course()).status).toBe(200);
  });

  it('administrators see overdue ones first, filter by status, and move a due date with a reason (audited)', async () => {
    now = start + 31 * DAY;
    for (const user of [null, ravi, instructor]) {
      expect((await req('GET', INSTALMENT_API.adminInstalments, user)).status).toBe(user ? 403 : 401);
      expect((await req('PATCH', INSTALMENT_API.adminInstalment(schedule[1]!.id), user, {})).status).toBe(
        user ? 403 : 401,
      );
    }
    const all = (await req('GET', INSTALMENT_API.adminInstalments, admin)).body as Array<
      Instalment & { student: string }
    >;
    expect(all[0]).toMatchObject({ id: schedule[1]!.id, status: 'overdue', student: 'Ravi Tester' });
    const overdue = (await req('GET', `${INSTALMENT_API.adminInstalments}?status=overdue`, admin)).body as Instalment[];
    expect(overdue.map((i) => i.id)).toEqual([schedule[1]!.id]);
    const paid = (await req('GET', `${INSTALMENT_API.adminInstalments}?status=paid`, admin)).body as Instalment[];
    expect(paid.every((i) => i.status === 'paid')).toBe(true);
    expect((await req('GET', `${INSTALMENT_API.adminInstalments}?status=late`, admin)).status).toBe(400);

    const today = istToday(new Date(now));
    const past = await req('PATCH', INSTALMENT_API.adminInstalment(schedule[1]!.id), admin, {
      due_on: addDays(today, -1),
      reason: 'x',
    });
    expect(past.body).toEqual({ error: INSTALMENT_MESSAGES.dueInPast });
    const moved = await req('PATCH', INSTALMENT_API.adminInstalment(schedule[1]!.id), admin, {
      due_on: addDays(today, 5),
      reason: 'Salary comes on the 1st',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ due_on: addDays(today, 5), status: 'due' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'changes'])
      .where('entity', '=', 'instalment')
      .where('entity_id', '=', schedule[1]!.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    expect(JSON.parse(audit[0]!.changes)).toEqual({
      due_on: { from: schedule[1]!.due_on, to: addDays(today, 5) },
      reason: { from: null, to: 'Salary comes on the 1st' },
    });
    // Back to its first date for the next test.
    await ctx.db
      .updateTable('instalments')
      .set({ due_on: schedule[1]!.due_on })
      .where('id', '=', schedule[1]!.id)
      .execute();
  });

  it(`unpaid ${7} days after the due date pauses lessons and live sessions (not the dashboard); paying restores at once`, async () => {
    const module = (
      await req('POST', DELIVERY_API.adminProgramModules(programId), admin, { title: 'Credit appraisal' })
    ).body as { id: number };
    const lesson = (
      await req('POST', DELIVERY_API.adminModuleLessons(module.id), admin, { title: 'Ratios', kind: 'text', body: 'x' })
    ).body as { id: number };
    const openLesson = () => req('GET', DELIVERY_API.lesson(lesson.id), ravi);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 37 * DAY)).toBe(0);
    expect((await course()).status).toBe(200);
    expect((await openLesson()).status).toBe(200);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 38 * DAY)).toBe(1);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 39 * DAY)).toBe(0);
    expect((await emails('instalment_suspended'))[0]!.subject).toBe('Your access to Credit Analyst Program is paused');
    const paused = await course();
    expect(paused.status).toBe(403);
    expect(paused.body).toMatchObject({ detail: INSTALMENT_MESSAGES.suspended(schedule[1]!.due_on) });
    expect((await openLesson()).status).toBe(403);
    // The dashboard, the invoices and paying stay open.
    expect((await req('GET', API.enrollments.list, ravi)).status).toBe(200);
    expect((await req('GET', API.payments.invoice(schedule[0]!.payment!), ravi)).status).toBe(200);
    const payment = (await req('POST', INSTALMENT_API.instalmentPayment(schedule[1]!.id), ravi)).body as PaymentStart;
    expect((await verifyPaid(ravi, payment.id)).status).toBe(200);
    expect((await course()).status).toBe(200);
    expect((await openLesson()).status).toBe(200);
  });
});

describe('refunding an enrollment paid in instalments', () => {
  it('refunds each paid instalment through the gateway with its own credit note and cancels the open dues', async () => {
    const kiran = await ctx.user('kiran');
    const first = await startWithPlan(kiran, plan.id);
    const enrollmentId = ((await verifyPaid(kiran, first.id)).body as { enrollment: { id: number } }).enrollment.id;
    const schedule = (await req('GET', INSTALMENT_API.enrollmentInstalments(enrollmentId), kiran)).body as Instalment[];
    const second = (await req('POST', INSTALMENT_API.instalmentPayment(schedule[1]!.id), kiran)).body as PaymentStart;
    expect((await verifyPaid(kiran, second.id)).status).toBe(200);
    // A third instalment payment left pending: cancelled with its due.
    const third = (await req('POST', INSTALMENT_API.instalmentPayment(schedule[2]!.id), kiran)).body as PaymentStart;

    const url = INSTALMENT_API.adminEnrollmentRefund(enrollmentId);
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
    const closed = await req('POST', INSTALMENT_API.instalmentPayment(schedule[2]!.id), kiran);
    expect(closed.body).toEqual({ error: INSTALMENT_MESSAGES.notDue });
  });
});

describe('INSTALMENT_INVOICE_ON=due_date', () => {
  it('issues the instalment invoice on its due date, unpaid; paying it later keeps that invoice', async () => {
    const due = await createTestApp({ config: { instalments: { graceDays: 7, invoiceOn: 'due_date' } } });
    try {
      const boss = await due.user('boss', 'admin');
      const meera = await due.user('meera');
      const program = await createProgram(due, boss.access, { price: 20000 });
      const p = (
        await due.request({
          method: 'POST',
          url: INSTALMENT_API.adminProgramPlans(program),
          token: boss.access,
          body: {
            name: 'Two',
            instalments: [
              { amount: 10000, due_after_days: 0 },
              { amount: 11000, due_after_days: 10 },
            ],
          },
        })
      ).body as InstalmentPlan;
      const start = (
        await due.request({
          method: 'POST',
          url: API.programs.payment(program),
          token: meera.access,
          body: { plan: p.id },
        })
      ).body as PaymentStart;
      await due.pay(start.id);
      const enrollment = (
        await due.db.selectFrom('enrollments').select('id').where('student_id', '=', meera.id).executeTakeFirstOrThrow()
      ).id;
      const list = async () =>
        (
          await due.request({
            method: 'GET',
            url: INSTALMENT_API.enrollmentInstalments(enrollment),
            token: meera.access,
          })
        ).body as Instalment[];
      expect((await list())[1]!.invoice).toBeNull();
      await runInstalmentPass(due.db, due.config, now + 9 * DAY);
      expect((await list())[1]!.invoice).toBeNull();
      await runInstalmentPass(due.db, due.config, now + 10 * DAY);
      await runInstalmentPass(due.db, due.config, now + 11 * DAY);
      const second = (await list())[1]!;
      expect(second.status).toBe('due');
      expect(second.invoice).toBeTruthy();
      expect(counter(second.invoice!)).toBe(counter((await list())[0]!.invoice!) + 1);
      const pay = (
        await due.request({ method: 'POST', url: INSTALMENT_API.instalmentPayment(second.id), token: meera.access })
      ).body as PaymentStart;
      expect(pay.id).toBe(second.payment);
      await due.pay(pay.id);
      const after = (await list())[1]!;
      expect(after).toMatchObject({ status: 'paid', invoice: second.invoice });
      expect(
        await due.db.selectFrom('tax_documents').select('id').where('payment_id', '=', pay.id).execute(),
      ).toHaveLength(1);
    } finally {
      await due.close();
    }
  });
});

describe(`reminders with two processes on one ${TEST_DB} database`, () => {
  it('each reminder is written once', async () => {
    const two = await twoInstances();
    try {
      const db = two.handles[0]!.db;
      await seedDemo(db);
      const enrollment = await db
        .selectFrom('enrollments')
        .select(['id'])
        .where('course_type', '=', 'program')
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const seededPlan = await db.selectFrom('instalment_plans').select(['id']).executeTakeFirstOrThrow();
      const today = istToday(new Date(now));
      const at = new Date(now).toISOString();
      for (const [number, dueOn] of [
        [1, addDays(today, 3)],
        [2, today],
        [3, addDays(today, -9)],
      ] as const) {
        await db
          .insertInto('instalments')
          .values({
            enrollment_id: enrollment.id,
            plan_id: seededPlan.id,
            number,
            amount: 1000,
            due_on: dueOn,
            status: 'due',
            discount_paise: 0,
            coupon_code: null,
            paid_at: null,
            suspended_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      const config = two.apps[0]!.deps.config;
      const passes = await Promise.all([0, 1, 0, 1].map((i) => runInstalmentPass(two.handles[i]!.db, config, now)));
      // before (1), due (2), due and suspended (3): four emails in all, whoever wrote them.
      expect(passes.reduce((a, b) => a + b, 0)).toBe(4);
      const outbox = await db
        .selectFrom('outbox')
        .select('template')
        .where('template', 'like', 'instalment_%')
        .execute();
      expect(outbox.map((o) => o.template).sort()).toEqual([
        'instalment_before',
        'instalment_due',
        'instalment_due',
        'instalment_suspended',
      ]);
    } finally {
      await two.close();
    }
  });
});

describe('a coupon with a plan: the discount comes off the plan total, then off its instalments in proportion', () => {
  it('₹1,000 off a ₹69,000 plan: 362.32 + 318.84 + 318.84, each instalment charged and invoiced less its share; one use', async () => {
    const meena = await ctx.user('meena');
    const made = await req('POST', COUPON_PATHS.adminList, admin, {
      code: 'PLAN1000',
      kind: 'fixed',
      value: 1000,
      courses: [{ course_type: 'program', course: programId }],
      is_active: true,
    });
    expect(made.status).toBe(201);
    const started = await req('POST', API.programs.payment(programId), meena, {
      payment_method: 'upi',
      plan: plan.id,
      coupon: 'plan1000',
    });
    expect([200, 201]).toContain(started.status);
    const firstPayment = started.body as PaymentStart;
    // 1,00,000 paise in proportion to 25,000 : 22,000 : 22,000, largest remainder: 36,232 + 31,884 + 31,884.
    expect(firstPayment.total_paise).toBe(2500000 - 36232);
    const done = await verifyPaid(meena, firstPayment.id);
    expect(done.status).toBe(200);
    const enrollment = (done.body as { enrollment: { id: number } }).enrollment.id;
    const rows = await ctx.db
      .selectFrom('instalments')
      .select(['number', 'discount_paise', 'coupon_code'])
      .where('enrollment_id', '=', enrollment)
      .orderBy('number')
      .execute();
    expect(rows.map((r) => Number(r.discount_paise))).toEqual([36232, 31884, 31884]);
    expect(rows.reduce((sum, r) => sum + Number(r.discount_paise), 0)).toBe(100000);
    const shown = (await req('GET', INSTALMENT_API.enrollmentInstalments(enrollment), meena)).body as Instalment[];
    expect(shown.map((i) => i.total_paise)).toEqual([2500000 - 36232, 2200000 - 31884, 2200000 - 31884]);

    const second = await req('POST', INSTALMENT_API.instalmentPayment(shown[1]!.id), meena);
    expect(second.status).toBe(201);
    const secondPayment = second.body as PaymentStart;
    expect(secondPayment.total_paise).toBe(2200000 - 31884);
    expect((await verifyPaid(meena, secondPayment.id)).status).toBe(200);
    const invoices = await ctx.db
      .selectFrom('tax_documents')
      .select(['payment_id', 'total_paise'])
      .where('payment_id', 'in', [firstPayment.id, secondPayment.id])
      .where('kind', '=', 'invoice')
      .orderBy('payment_id')
      .execute();
    expect(invoices.map((i) => Number(i.total_paise))).toEqual([2500000 - 36232, 2200000 - 31884]);
    const stored = await ctx.db
      .selectFrom('payments')
      .select(['discount_paise', 'coupon_code', 'coupon_id'])
      .where('id', '=', secondPayment.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.discount_paise)).toBe(31884);
    expect(stored.coupon_code).toBe('PLAN1000');
    // A later instalment is not another redemption: the coupon was used once.
    expect(stored.coupon_id).toBeNull();
    const coupon = (await req('GET', COUPON_PATHS.adminOne((made.body as { id: number }).id), admin)).body as {
      uses: number;
    };
    expect(coupon.uses).toBe(1);

    // The payments export names the plan, the instalment, the code and each share of the discount.
    const csv = (await ctx.request({ url: API.admin.exports.payments, token: admin.access })).raw;
    const line = (id: number) => csv.split(/\r?\n/).find((l) => l.startsWith(`${id},`)) ?? '';
    expect(line(firstPayment.id).endsWith(',PLAN1000,362.32,"Pay in 3, instalment 1"')).toBe(true);
    expect(line(secondPayment.id).endsWith(',PLAN1000,318.84,"Pay in 3, instalment 2"')).toBe(true);
  });
});
