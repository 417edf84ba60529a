import { afterAll, beforeAll } from 'vitest';
import { Payment } from '../../../contract/index.ts';
import type { TestContext, TestUser } from './harness.ts';
import { createAppWithUsers } from './users.ts';

export let ctx: TestContext;
export let admin: TestUser;
export let asha: TestUser;
export let ravi: TestUser;

export const startPayment = async (user: TestUser, type: 'programs' | 'workshops', id: number) =>
  (await ctx.request({ method: 'POST', url: `/classroom/${type}/${id}/payment/`, token: user.access, body: {} }))
    .body as Payment;
export const resolvePayment = (id: number, body: object, token = admin.access) =>
  ctx.request({ method: 'POST', url: `/api/admin/payments/${id}/resolve/`, token, body });

/** The app of the admin files, with an administrator and the students Asha and Ravi, made before a file's tests, closed after. */
export function useAdminApp(): void {
  beforeAll(async () => {
    ({
      ctx,
      admin,
      students: { asha, ravi },
    } = await createAppWithUsers('asha', 'ravi'));
  });
  afterAll(async () => ctx?.close());
}
