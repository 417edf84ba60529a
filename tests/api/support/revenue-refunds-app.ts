import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { API, PaymentStart, RevenueRow } from '../../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;
export let asha: TestUser;
export let ravi: TestUser;
/** Only the clock of dates moves (timers stay real, so HTTP keeps working). */
export const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
};
export const get = async (url: string) => {
  const res = await ctx.request({ url, token: admin.access });
  expect(res.status).toBe(200);
  return res.body;
};
export const revenue = async (query: string) =>
  ((await get(`${API.admin.revenue}?${query}`)) as unknown[]).map((r) => RevenueRow.parse(r));
export async function paid(student: TestUser, type: 'programs' | 'workshops', courseId: number): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: `/classroom/${type}/${courseId}/payment/`,
    token: student.access,
    body: {},
  });
  expect([200, 201]).toContain(res.status);
  const payment = PaymentStart.parse(res.body);
  await ctx.pay(payment.id);
  const row = await ctx.db
    .selectFrom('payments')
    .select('status')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('completed');
  return payment.id;
}
export const refund = (paymentId: number, body: object, key: string) =>
  ctx.request({
    method: 'POST',
    url: API.admin.refundPayment(paymentId),
    token: admin.access,
    body: { reason: 'Asked for it back', revoke_access: false, ...body },
    headers: { 'idempotency-key': key },
  });

/** The revenue files' app: an administrator and the students Asha and Ravi, made before a file's tests, closed after; the clock is real again after each test. */
export function useRevenueRefundsApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.user('admin', 'admin');
    asha = await ctx.user('asha');
    ravi = await ctx.user('ravi');
  });
  afterAll(async () => ctx?.close());
  afterEach(() => vi.useRealTimers());
}
