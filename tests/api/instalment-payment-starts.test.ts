import { beforeAll, describe, expect, it } from 'vitest';
import { INSTALMENT_PATHS, type Instalment, type PaymentStart } from '../../contract/index.ts';
import { type TestContext, type TestUser } from './support/harness.ts';
import { instalmentWorld } from './support/instalments.ts';

/**
 * A later instalment's payment start (decision record 054) as a double click or two tabs send it: pricing
 * opens the instalment's one pending payment and payments adds its gateway order (decision record 076).
 * Starts sent together answer one payment and one order; after a declined attempt, starts sent together
 * reopen that same payment, never a second one. (Here the starts' transactions end up one after another, so
 * the unique index's fallback for two inserts at once is not what this exercises.)
 */

const { world, req, startWithPlan, verifyPaid } = instalmentWorld();
let ctx: TestContext;
let ravi: TestUser;
let schedule: Instalment[];

beforeAll(async () => {
  ({ ctx, ravi } = world);
  const first = await startWithPlan(ravi, world.plan.id);
  const done = await verifyPaid(ravi, first.id);
  expect(done.status).toBe(200);
  const enrollmentId = (done.body as { enrollment: { id: number } }).enrollment.id;
  schedule = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), ravi)).body as Instalment[];
  expect(schedule.map((i) => i.status)).toEqual(['paid', 'due', 'due']);
});

const paymentsOf = (instalmentId: number) =>
  ctx.db.selectFrom('payments').select(['id', 'status']).where('instalment_id', '=', instalmentId).execute();

const startTogether = async (instalmentId: number, n: number) => {
  const answers = await Promise.all(
    Array.from({ length: n }, () => req('POST', INSTALMENT_PATHS.instalmentPayment(instalmentId), ravi)),
  );
  return answers.map((a) => ({ status: a.status, payment: a.body as PaymentStart }));
};

describe('starting an instalment payment, sent together', () => {
  it('starts sent together answer one pending payment with one gateway order: one 201, the rest 200', async () => {
    const instalment = schedule[1]!;
    const answers = await startTogether(instalment.id, 4);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.payment.id));
    const orders = new Set(answers.map((a) => a.payment.gateway?.order_id));
    expect(ids.size).toBe(1);
    expect(orders.size).toBe(1);
    expect([...orders][0]).toBeTruthy();
    for (const a of answers) {
      expect(a.payment).toMatchObject({ status: 'pending', total_paise: instalment.total_paise });
      expect(a.payment.gateway?.amount).toBe(instalment.total_paise);
    }
    expect(await paymentsOf(instalment.id)).toEqual([{ id: [...ids][0], status: 'pending' }]);
  });

  it('after a declined attempt, starts sent together reopen that payment and its order, never a second one', async () => {
    const instalment = schedule[2]!;
    const [opened] = await startTogether(instalment.id, 1);
    expect(opened!.status).toBe(201);
    await ctx.pay(opened!.payment.id, { card: '4000 0000 0000 0002' });
    expect(await paymentsOf(instalment.id)).toEqual([{ id: opened!.payment.id, status: 'failed' }]);

    const answers = await startTogether(instalment.id, 3);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) {
      expect(a.payment).toMatchObject({ id: opened!.payment.id, status: 'pending' });
      expect(a.payment.gateway?.order_id).toBe(opened!.payment.gateway?.order_id);
    }
    expect(await paymentsOf(instalment.id)).toEqual([{ id: opened!.payment.id, status: 'pending' }]);
  });
});
