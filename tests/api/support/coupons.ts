import { afterAll, beforeAll, expect } from 'vitest';
import { API, COUPON_PATHS, quote, rupeesToPaise, type Coupon, type CouponInput } from '../../../contract/index.ts';
import { createWorkshop } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

/**
 * The common ground of the coupon tests (decision record 053): an app on the run's database with an
 * administrator, an instructor and a ₹10,000 workshop (GST included, the default rule), wrong codes limited
 * to MAX_FAILED_CHECKS per account, and the calls the tests make: a new coupon, a payment start, the
 * checkout's check, a payment's row and the quote the server should charge.
 */

export const PRICE = 10000; // rupees, GST included (the default rule)
export const MAX_FAILED_CHECKS = 3;

export type Started = { id: number; amount: number; total_paise: number; status: string };

type World = { ctx: TestContext; admin: TestUser; instructor: TestUser; workshop: number };

const billing = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  state_code: '27',
  address: 'Pune',
};

export const quoted = (coupon: { kind: 'percent' | 'fixed'; value: number } | null) =>
  quote({
    listPrice: rupeesToPaise(PRICE),
    coupon: coupon ? { ...coupon, code: 'X', source: 'coupon' } : null,
    pricesIncludeGst: true,
    intraState: true,
  });

export function couponWorld() {
  const world = {} as World;
  beforeAll(async () => {
    world.ctx = await createTestApp({ config: { loginMaxFailuresPerAccountAddress: MAX_FAILED_CHECKS } });
    world.admin = await world.ctx.user('admin', 'admin');
    world.instructor = await world.ctx.user('teacher', 'instructor');
    world.workshop = await createWorkshop(world.ctx, world.admin.access, { price: PRICE, max_participants: 100 });
  });
  afterAll(async () => world.ctx?.close());

  let codes = 0;
  async function newCoupon(overrides: Partial<CouponInput> = {}): Promise<Coupon> {
    const res = await world.ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: world.admin.access,
      body: { code: `SAVE${++codes}x`, kind: 'percent', value: 10, is_active: true, ...overrides },
    });
    expect(res.status, res.raw).toBe(201);
    return res.body as Coupon;
  }

  async function start(student: TestUser, body: Record<string, unknown> = {}, course = world.workshop) {
    return world.ctx.request({
      method: 'POST',
      url: API.workshops.payment(course),
      token: student.access,
      body: { payment_method: 'upi', billing, ...body },
    });
  }

  const check = (student: TestUser, code: string | undefined, course = world.workshop) =>
    world.ctx.request({
      method: 'POST',
      url: COUPON_PATHS.check,
      token: student.access,
      body: { ...(code === undefined ? {} : { code }), course_type: 'workshop', course },
    });

  const paymentRow = (id: number) =>
    world.ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return { world, newCoupon, start, check, paymentRow };
}
