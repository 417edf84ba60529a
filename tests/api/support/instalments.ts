import { afterAll, beforeAll, expect } from 'vitest';
import { API, INSTALMENT_PATHS, type InstalmentPlan, type PaymentStart } from '../../../contract/index.ts';
import { setClock } from '../../../server/platform/lib/clock.ts';
import { createProgram } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

/**
 * The common ground of the instalment tests (decision record 054): an app on the run's database with an
 * administrator, an instructor, two students and the ₹65,000 Credit Analyst Program, the instalments' clock
 * set by the test (`world.now`), and, unless told otherwise, its plan "Pay in 3" (25,000 + 22,000 + 22,000).
 */

export const DAY = 86_400_000;
export const START = Date.parse('2026-11-25T06:30:00.000Z');

export const THREE = [
  { amount: 25000, due_after_days: 0 },
  { amount: 22000, due_after_days: 30 },
  { amount: 22000, due_after_days: 60 },
];

type World = {
  now: number;
  ctx: TestContext;
  admin: TestUser;
  instructor: TestUser;
  asha: TestUser;
  ravi: TestUser;
  programId: number;
  plan: InstalmentPlan;
};

/** The invoice's counter: the last part of its number. */
export const counter = (number: string) => Number(number.split('/').at(-1));

export function instalmentWorld(options: { plan: boolean } = { plan: true }) {
  const world = { now: START } as World;

  beforeAll(async () => {
    setClock(() => world.now);
    world.ctx = await createTestApp();
    world.admin = await world.ctx.user('admin', 'admin');
    world.instructor = await world.ctx.user('ines', 'instructor');
    world.asha = await world.ctx.user('asha');
    world.ravi = await world.ctx.user('ravi');
    world.programId = await createProgram(world.ctx, world.admin.access, {
      title: 'Credit Analyst Program',
      price: 65000,
    });
    if (options.plan) {
      const made = await req('POST', INSTALMENT_PATHS.adminProgramPlans(world.programId), world.admin, {
        name: 'Pay in 3',
        instalments: THREE,
        is_active: true,
      });
      expect(made.status).toBe(201);
      world.plan = made.body as InstalmentPlan;
    }
  });
  afterAll(async () => {
    setClock(null);
    await world.ctx?.close();
  });

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, body?: unknown) =>
    world.ctx.request({ method, url, token: user?.access ?? null, body });

  async function startWithPlan(user: TestUser, planId: number | null) {
    const res = await req('POST', API.programs.payment(world.programId), user, { payment_method: 'upi', plan: planId });
    expect([200, 201]).toContain(res.status);
    return res.body as PaymentStart;
  }

  async function verifyPaid(user: TestUser, paymentId: number) {
    const paid = await world.ctx.pay(paymentId, { webhooks: false });
    if (!paid?.ok) throw new Error('the sandbox did not pay');
    return req('POST', API.payments.verify(paymentId), user, {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
  }

  const invoiceOf = async (paymentId: number) =>
    (
      await world.ctx.db
        .selectFrom('tax_documents')
        .select(['number', 'total_paise', 'issued_at'])
        .where('payment_id', '=', paymentId)
        .where('kind', '=', 'invoice')
        .executeTakeFirst()
    )?.number ?? null;

  return { world, req, startWithPlan, verifyPaid, invoiceOf };
}
