import { afterAll, beforeAll, expect } from 'vitest';
import { API, Payment, paginated, type Paginated } from '../../../contract/index.ts';
import type { NewPayment } from '../../../server/platform/db/schema.ts';
import { createProgram, createWorkshop } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;
export let priya: TestUser;
export let rahul: TestUser;
export let program: number;
export let otherProgram: number;
export let workshop: number;

/** A payment written straight into the table (dates chosen by the test; completed unless told). */
export async function insertPayment(values: Partial<NewPayment> & { student_id: number; course_id: number }) {
  const at = values.created_at ?? new Date().toISOString();
  const row = await ctx.db
    .insertInto('payments')
    .values({
      course_type: 'program',
      status: 'completed',
      amount: 1000,
      payment_method: 'upi',
      admin_notes: '',
      is_urgent: 0,
      completed_at: values.status && values.status !== 'completed' ? null : at,
      updated_at: at,
      ...values,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const get = async (url: string, token = admin.access) => ctx.request({ url, token });
export const payments = async (query: string) => {
  const res = await get(`${API.admin.payments}?${query}`);
  expect(res.status).toBe(200);
  return paginated(Payment).parse(res.body) as Paginated<Payment>;
};

/** The office files' app: an administrator, students Priya and Rahul, two programs and a workshop, made before a file's tests, closed after. */
export function useOfficeApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.user('office', 'admin');
    priya = await ctx.user('priya');
    rahul = await ctx.user('rahul');
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Priya', last_name: 'Sharma, "CA"' })
      .where('id', '=', priya.id)
      .execute();
    program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program', price: 50000 });
    otherProgram = await createProgram(ctx, admin.access, { title: 'Research Analyst Program', price: 30000 });
    workshop = await createWorkshop(ctx, admin.access, { title: 'Ratio Workshop', price: 999 });
  });
  afterAll(async () => ctx?.close());
}
