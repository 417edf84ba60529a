import { beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_PATHS,
  API,
  INSTALMENT_PATHS,
  type Instalment,
  type InstalmentPlan,
  type Payment,
  type PaymentStart,
} from '../../contract/index.ts';
import { runInstalmentPass } from '../../server/domains/pricing/instalment-pass.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { counter, DAY, instalmentWorld } from './support/instalments.ts';
import { pdfText } from './support/pdf-text.ts';

/**
 * The invoices of instalments (decision records 053 and 054), on the run's database: on the due date with
 * INSTALMENT_INVOICE_ON=due_date, and each less its share of a coupon's discount.
 */

const { world, req, verifyPaid } = instalmentWorld();
let ctx: TestContext;
let admin: TestUser;
let programId: number;
let plan: InstalmentPlan;
beforeAll(() => {
  ({ ctx, admin, programId, plan } = world);
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
          url: INSTALMENT_PATHS.adminProgramPlans(program),
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
            url: INSTALMENT_PATHS.enrollmentInstalments(enrollment),
            token: meera.access,
          })
        ).body as Instalment[];
      expect((await list())[1]!.invoice).toBeNull();
      await runInstalmentPass(due.db, due.config, world.now + 9 * DAY);
      expect((await list())[1]!.invoice).toBeNull();
      await runInstalmentPass(due.db, due.config, world.now + 10 * DAY);
      await runInstalmentPass(due.db, due.config, world.now + 11 * DAY);
      const second = (await list())[1]!;
      expect(second.status).toBe('due');
      expect(second.invoice).toBeTruthy();
      expect(counter(second.invoice!)).toBe(counter((await list())[0]!.invoice!) + 1);
      const pay = (
        await due.request({ method: 'POST', url: INSTALMENT_PATHS.instalmentPayment(second.id), token: meera.access })
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
    const shown = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollment), meena)).body as Instalment[];
    expect(shown.map((i) => i.total_paise)).toEqual([2500000 - 36232, 2200000 - 31884, 2200000 - 31884]);

    const second = await req('POST', INSTALMENT_PATHS.instalmentPayment(shown[1]!.id), meena);
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

    // The office's payment answer (decision record 066): what was charged, list price, discount and code,
    // the plan, which instalment of how many, and the gateway's payment id.
    const listed = await req('GET', `${API.admin.payments}?search=meena`, admin);
    const answer = (listed.body as { results: Payment[] }).results.find((p) => p.id === secondPayment.id)!;
    expect(answer).toMatchObject({
      amount: 22000,
      total_paise: 2200000 - 31884,
      discount_paise: 31884,
      coupon_code: 'PLAN1000',
      plan_name: 'Pay in 3',
      instalment_number: 2,
      instalment_count: 3,
    });
    expect(answer.gateway_payment_id).toMatch(/^pay_/);
    // Its invoice names the instalment and the gateway payment id, and prints the discount with a minus.
    const pdf = await fetch(`${ctx.url}${API.payments.invoice(secondPayment.id)}`, {
      headers: { authorization: `Bearer ${meena.access}` },
    });
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Instalment 2 of 3');
    expect(text).toContain(`Gateway payment id: ${answer.gateway_payment_id}`);
    expect(text).toContain('Discount (coupon PLAN1000) −₹318.84');
  });
});
