import { beforeAll, describe, expect, it } from 'vitest';
import { API, COUPON_MESSAGES, COUPON_PATHS, type Coupon } from '../../contract/index.ts';
import { couponWorld, type Started } from './support/coupons.ts';
import { createWorkshop } from './support/fixtures.ts';
import { TEST_DB, type TestContext, type TestUser } from './support/harness.ts';

/**
 * An administrator's Resolve of a failed or cancelled payment back to one that holds its coupon's use
 * (pending or completed), on SQLite and PostgreSQL (decision record 053): the use is taken again only if
 * the coupon's limits allow it, else a 400 that says the coupon has no uses left; two resolves racing for
 * the last use, one wins.
 */

const { world, newCoupon, start, paymentRow } = couponWorld();
let ctx: TestContext;
let admin: TestUser;
beforeAll(() => {
  ({ ctx, admin } = world);
});

const resolve = (paymentId: number, status: 'pending' | 'completed' | 'cancelled') =>
  ctx.request({
    method: 'POST',
    url: API.admin.resolvePayment(paymentId),
    token: admin.access,
    body: { status, admin_notes: 'office repair', failure_reason: null, is_urgent: false },
  });

const usesOf = async (id: number) =>
  ((await ctx.request({ url: COUPON_PATHS.adminOne(id), token: admin.access })).body as Coupon).uses;

/** A payment of this student that held the coupon and was then cancelled by an administrator. */
async function cancelledWith(student: TestUser, code: string, course?: number): Promise<number> {
  const started = await start(student, { coupon: code }, course);
  expect(started.status, started.raw).toBe(201);
  const id = (started.body as Started).id;
  expect((await resolve(id, 'cancelled')).status).toBe(200);
  return id;
}

describe('Resolve back to pending or completed takes the coupon use again, within its limits', () => {
  it('refuses while another payment holds the last use (400, nothing changes), and allows it once that use is free', async () => {
    const coupon = await newCoupon({ code: 'LASTONE', kind: 'percent', value: 20, max_uses: 1 });
    const first = await cancelledWith(await ctx.user('resolvea'), 'LASTONE');
    const other = (await start(await ctx.user('resolveb'), { coupon: 'LASTONE' })).body as Started;
    expect(await usesOf(coupon.id)).toBe(1);

    for (const status of ['pending', 'completed'] as const) {
      const refused = await resolve(first, status);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: COUPON_MESSAGES.noUsesLeft('LASTONE') });
    }
    expect((await paymentRow(first)).status).toBe('cancelled');
    expect(await usesOf(coupon.id)).toBe(1);
    const enrolled = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('student_id', '=', (await paymentRow(first)).student_id)
      .execute();
    expect(enrolled).toHaveLength(0);

    // The other payment is cancelled: the use is free, and the resolve takes it.
    expect((await resolve(other.id, 'cancelled')).status).toBe(200);
    expect((await resolve(first, 'pending')).status).toBe(200);
    expect((await paymentRow(first)).status).toBe('pending');
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it("refuses when the student's own limit is reached by another of their payments", async () => {
    await newCoupon({ code: 'MINEONCE', kind: 'fixed', value: 500 });
    const student = await ctx.user('resolvec');
    const first = await cancelledWith(student, 'MINEONCE');
    const second = await createWorkshop(ctx, admin.access, { price: 3000 });
    expect((await start(student, { coupon: 'MINEONCE' }, second)).status).toBe(201);
    const refused = await resolve(first, 'pending');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: COUPON_MESSAGES.noUsesLeftForStudent('MINEONCE') });
    expect((await paymentRow(first)).status).toBe('cancelled');
  });

  it(`lets exactly one of four racing resolves take the last use of a coupon with max_uses 1 (${TEST_DB})`, async () => {
    const coupon = await newCoupon({ code: 'RACEBACK', kind: 'percent', value: 30, max_uses: 1 });
    const payments: number[] = [];
    // Each of another workshop: only the coupon row orders them.
    for (let i = 0; i < 4; i++) {
      const course = await createWorkshop(ctx, admin.access, { price: 1000 + i });
      payments.push(await cancelledWith(await ctx.user(`raceback${i}`), 'RACEBACK', course));
    }
    expect(await usesOf(coupon.id)).toBe(0);
    const answers = await Promise.all(payments.map((id) => resolve(id, 'pending')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.body).toEqual({ error: COUPON_MESSAGES.noUsesLeft('RACEBACK') });
    expect(await usesOf(coupon.id)).toBe(1);
  });
});
