import { beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, COUPON_PATHS, type Coupon, type CouponCheck } from '../../contract/index.ts';
import { couponWorld, MAX_FAILED_CHECKS } from './support/coupons.ts';
import { createWorkshop } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';

/**
 * Coupons (decision record 053) through the running server, on SQLite and PostgreSQL: the admin endpoints
 * and who may call them, the checkout's check and its limit on wrong codes.
 */

const { world, newCoupon, check } = couponWorld();
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let workshop: number;
beforeAll(() => {
  ({ ctx, admin, instructor, workshop } = world);
});

describe('admin coupons', () => {
  it('creates, lists, reads and changes a coupon; fixed values are rupees, stored as paise', async () => {
    const made = await newCoupon({ code: 'Diwali500', kind: 'fixed', value: 500, max_uses: 10 });
    expect(made).toMatchObject({ code: 'Diwali500', kind: 'fixed', value: 500, uses: 0, max_uses_per_student: 1 });
    const row = await ctx.db.selectFrom('coupons').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.value).toBe(50000);

    const list = await ctx.request({ url: COUPON_PATHS.adminList, token: admin.access });
    expect((list.body as Coupon[]).map((c) => c.code)).toContain('Diwali500');

    const patched = await ctx.request({
      method: 'PATCH',
      url: COUPON_PATHS.adminOne(made.id),
      token: admin.access,
      body: { value: 750, is_active: false },
    });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body).toMatchObject({ value: 750, is_active: false, code: 'Diwali500' });
    const one = await ctx.request({ url: COUPON_PATHS.adminOne(made.id), token: admin.access });
    expect(one.body).toMatchObject({ value: 750, uses: 0 });

    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'coupon').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('refuses a code that differs only in case, a percentage over 100 and an unknown course, as 400s', async () => {
    await newCoupon({ code: 'UNIQUE1' });
    const taken = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'unique1', kind: 'percent', value: 5 },
    });
    expect(taken).toMatchObject({ status: 400, body: { error: COUPON_MESSAGES.codeTaken } });
    const over = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'OVER100', kind: 'percent', value: 101 },
    });
    expect(over.status).toBe(400);
    const unknown = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: { code: 'NOCOURSE', kind: 'percent', value: 5, courses: [{ course_type: 'program', course: 99999 }] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: COUPON_MESSAGES.unknownCourse } });
  });

  it('answers the admin endpoints to administrators only, and the check to any signed-in user', async () => {
    const student = await ctx.user('matrix');
    const coupon = await newCoupon();
    const adminCalls = [
      { method: 'GET' as const, url: COUPON_PATHS.adminList },
      { method: 'POST' as const, url: COUPON_PATHS.adminList, body: { code: 'MATRIX1', kind: 'percent', value: 5 } },
      { method: 'GET' as const, url: COUPON_PATHS.adminOne(coupon.id) },
      { method: 'PATCH' as const, url: COUPON_PATHS.adminOne(coupon.id), body: { value: 5 } },
      {
        method: 'POST' as const,
        url: COUPON_PATHS.scholarships(student.id),
        body: { course_type: 'workshop', course: workshop, kind: 'percent', value: 5, reason: 'merit' },
      },
    ];
    for (const call of adminCalls) {
      expect((await ctx.request({ ...call, token: null })).status, call.url).toBe(401);
      expect((await ctx.request({ ...call, token: student.access })).status, call.url).toBe(403);
      expect((await ctx.request({ ...call, token: instructor.access })).status, call.url).toBe(403);
    }
    const body = { code: coupon.code, course_type: 'workshop', course: workshop };
    expect((await ctx.request({ method: 'POST', url: COUPON_PATHS.check, body })).status).toBe(401);
    for (const who of [student, instructor, admin]) {
      const res = await ctx.request({ method: 'POST', url: COUPON_PATHS.check, token: who.access, body });
      expect(res.status).toBe(200);
      expect((res.body as CouponCheck).valid).toBe(true);
    }
  });
});

describe('the checkout check', () => {
  it('answers the discount and the price after it, in paise and in rupees, or why the code does not apply', async () => {
    const student = await ctx.user('checker');
    const coupon = await newCoupon({ code: 'TENOFF', kind: 'percent', value: 10 });
    expect((await check(student, 'tenoff')).body).toEqual({
      valid: true,
      discount_paise: 100000,
      price_after_paise: 900000,
      discount: 1000,
      price_after: 9000,
      message: COUPON_MESSAGES.applied,
      // The rule itself, for a plan's schedule (its total, not the full price, takes the 10%).
      rule: { kind: 'percent', value: 10 },
    });
    await newCoupon({ code: 'LATER', starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await check(student, 'LATER')).body).toMatchObject({
      valid: false,
      discount_paise: 0,
      price_after_paise: 1000000,
      discount: 0,
      price_after: 10000,
      message: COUPON_MESSAGES.notStarted,
      rule: null,
    });
    const other = await createWorkshop(ctx, admin.access, { price: 100 });
    await newCoupon({ code: 'ONLYOTHER', courses: [{ course_type: 'workshop', course: other }] });
    expect((await check(student, 'ONLYOTHER')).body).toMatchObject({ message: COUPON_MESSAGES.notForCourse });
    await newCoupon({ code: 'BIGORDERS', min_amount: 20000 });
    expect((await check(student, 'BIGORDERS')).body).toMatchObject({
      valid: false,
      message: COUPON_MESSAGES.minAmount('₹20,000'),
    });
    expect(coupon.uses).toBe(0);
  });

  it('refuses more wrong codes than the login limit allows (429), while right codes do not count', async () => {
    const guesser = await ctx.user('guesser');
    await newCoupon({ code: 'REALCODE' });
    for (let i = 0; i < MAX_FAILED_CHECKS; i++) {
      // Right codes in between do not count: only the wrong ones reach the limit.
      expect((await check(guesser, 'REALCODE')).status).toBe(200);
      expect((await check(guesser, `GUESS${i}`)).body).toMatchObject({
        valid: false,
        message: COUPON_MESSAGES.notFound,
      });
    }
    const refused = await check(guesser, 'GUESSMORE');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another account is not limited by this one's guesses.
    expect((await check(await ctx.user('honest'), 'REALCODE')).status).toBe(200);
  });
});
