import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SERVER_MESSAGES, type Payment } from '../../contract/index.ts';
import { createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/** A workshop that has begun, or is full, cannot be booked: refused before any payment exists. */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  asha = await ctx.user('asha');
  ravi = await ctx.user('ravi');
});
afterAll(async () => ctx?.close());

const start = (user: TestUser, id: number, body: object = {}) =>
  ctx.request({ method: 'POST', url: API.workshops.payment(id), token: user.access, body });
const paymentsFor = async (workshopId: number) =>
  (
    await ctx.db
      .selectFrom('payments')
      .select('id')
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshopId)
      .execute()
  ).length;

describe('booking a workshop', () => {
  it('refuses a workshop whose start has passed, paid or free, and creates no payment', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    for (const price of [1499, 0]) {
      const id = await createWorkshop(ctx, admin.access, { date: hourAgo, price });
      const res = await start(asha, id);
      expect(res).toMatchObject({ status: 400, body: { error: SERVER_MESSAGES.workshopStarted } });
      expect(await paymentsFor(id)).toBe(0);
    }
  });

  it('refuses a full workshop before a payment is created, also at checkout with billing details', async () => {
    const id = await createWorkshop(ctx, admin.access, { max_participants: 1 });
    const paid = (await start(asha, id)).body as Payment;
    await ctx.pay(paid.id, { webhooks: false });
    await ctx.request({ method: 'POST', url: API.payments.complete(paid.id), token: asha.access });
    const res = await start(ravi, id, {
      payment_method: 'upi',
      billing: { first_name: 'Ravi', last_name: 'K', email: 'ravi@example.in', phone: '9876543210' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: SERVER_MESSAGES.workshopFull } });
    expect(await paymentsFor(id)).toBe(1);
  });

  it('refuses a pending payment reused after the workshop filled up', async () => {
    const id = await createWorkshop(ctx, admin.access, { max_participants: 1 });
    expect((await start(ravi, id)).status).toBe(201);
    const seat = (await start(asha, id)).body as Payment;
    await ctx.pay(seat.id, { webhooks: false });
    await ctx.request({ method: 'POST', url: API.payments.complete(seat.id), token: asha.access });
    expect(await start(ravi, id)).toMatchObject({ status: 400, body: { error: SERVER_MESSAGES.workshopFull } });
  });

  it('still books a workshop that starts later with seats left', async () => {
    const id = await createWorkshop(ctx, admin.access, { date: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await start(asha, id)).status).toBe(201);
  });
});
