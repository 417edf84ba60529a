import { beforeAll, describe, expect, it } from 'vitest';
import { API, COUPON_MESSAGES, COUPON_PATHS, type Coupon } from '../../contract/index.ts';
import { couponWorld, MAX_FAILED_CHECKS, PRICE, quoted, type Started } from './support/coupons.ts';
import { createWorkshop } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';

/**
 * Coupons at the payment start (decision record 053), on SQLite and PostgreSQL: the server decides the
 * discount itself, max_uses under racing starts, uses released by a failed or cancelled payment, the
 * per-student limit.
 */

const { world, newCoupon, start, check, paymentRow } = couponWorld();
let ctx: TestContext;
let admin: TestUser;
beforeAll(() => {
  ({ ctx, admin } = world);
});

describe('payment start with a coupon', () => {
  it('charges the quote the server computes: a tampered amount or total is ignored', async () => {
    const student = await ctx.user('payer');
    await newCoupon({ code: 'FLAT1000', kind: 'fixed', value: 1000 });
    const res = await start(student, { coupon: 'flat1000', amount: 1, total_paise: 100, discount: 999999 });
    expect(res.status, res.raw).toBe(201);
    const row = await paymentRow((res.body as Started).id);
    const expected = quoted({ kind: 'fixed', value: 100000 });
    expect(row).toMatchObject({
      amount: PRICE,
      discount_paise: 100000,
      coupon_code: 'FLAT1000',
      total_paise: expected.total,
    });
    expect(expected.total).toBe(900000);
  });

  it('refuses a code that does not apply with its reason, and starts nothing', async () => {
    const student = await ctx.user('refused');
    const res = await start(student, { coupon: 'NOSUCHCODE' });
    expect(res).toMatchObject({ status: 400, body: { error: COUPON_MESSAGES.notFound } });
    const rows = await ctx.db.selectFrom('payments').select('id').where('student_id', '=', student.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('counts wrong codes at the payment start against the same limit as the check (429 beyond it)', async () => {
    const guesser = await ctx.user('startguesser');
    for (let i = 0; i < MAX_FAILED_CHECKS; i++) {
      expect((await start(guesser, { coupon: `WRONG${i}` })).body).toEqual({ error: COUPON_MESSAGES.notFound });
    }
    expect((await start(guesser, { coupon: 'WRONGAGAIN' })).status).toBe(429);
    expect((await check(guesser, 'WRONGONCEMORE')).status).toBe(429);
    // Without a code the payment starts as ever.
    expect((await start(guesser)).status).toBe(201);
  });

  it('lets exactly one of N racing payment starts take a coupon with max_uses 1', async () => {
    const coupon = await newCoupon({ code: 'ONLYONE', kind: 'percent', value: 50, max_uses: 1 });
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => ctx.user(`racer${i}`)));
    const answers = await Promise.all(racers.map((r) => start(r, { coupon: 'ONLYONE' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(racers.length - 1);
    for (const r of refused) expect(r.body).toEqual({ error: COUPON_MESSAGES.usedUp });
    const one = await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access });
    expect((one.body as Coupon).uses).toBe(1);
  });

  it('holds a use while pending and releases it when the payment fails or an administrator cancels it', async () => {
    const coupon = await newCoupon({ code: 'HELD', kind: 'percent', value: 20, max_uses: 1 });
    const first = await ctx.user('holder');
    const second = await ctx.user('waiter');
    const started = (await start(first, { coupon: 'HELD' })).body as Started;
    expect((await start(second, { coupon: 'HELD' })).body).toEqual({ error: COUPON_MESSAGES.usedUp });

    // The gateway declines the card: the payment fails, and the use is free again.
    await ctx.pay(started.id, { card: '4000 0000 0000 0002' });
    expect((await paymentRow(started.id)).status).toBe('failed');
    expect(
      ((await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access })).body as Coupon).uses,
    ).toBe(0);
    const taken = (await start(second, { coupon: 'HELD' })).body as Started;
    expect((await paymentRow(taken.id)).coupon_id).toBe(coupon.id);

    // A retry of the failed payment wants the use back: refused while the other payment holds it.
    expect((await start(first, { coupon: 'HELD' })).body).toEqual({ error: COUPON_MESSAGES.usedUp });

    // An administrator cancels the second payment: released.
    const cancel = await ctx.request({
      method: 'POST',
      url: API.admin.resolvePayment(taken.id),
      token: admin.access,
      body: { status: 'cancelled', admin_notes: 'asked to cancel', failure_reason: null, is_urgent: false },
    });
    expect(cancel.status, cancel.raw).toBe(200);
    expect(
      ((await ctx.request({ url: COUPON_PATHS.adminOne(coupon.id), token: admin.access })).body as Coupon).uses,
    ).toBe(0);
    expect((await start(first, { coupon: 'HELD' })).status).toBe(200);
  });

  it('limits each student to max_uses_per_student', async () => {
    await newCoupon({ code: 'ONCEEACH', kind: 'percent', value: 5 });
    const other = await createWorkshop(ctx, admin.access, { price: 2000 });
    const student = await ctx.user('oncer');
    expect((await start(student, { coupon: 'ONCEEACH' })).status).toBe(201);
    expect((await start(student, { coupon: 'ONCEEACH' }, other)).body).toEqual({ error: COUPON_MESSAGES.usedByYou });
    expect((await check(student, 'ONCEEACH', other)).body).toMatchObject({
      valid: false,
      message: COUPON_MESSAGES.usedByYou,
    });
  });
});
