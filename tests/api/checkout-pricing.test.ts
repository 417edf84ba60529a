import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, AppConfig, PaymentStart, priceSplit, type PricingRules } from '../../contract/index.ts';
import { pricingOf } from '../../src/app/composition/config.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * With PRICES_INCLUDE_GST=0 the checkout adds GST on top of the price. The SPA computes the total it
 * shows from GET /api/config/ (src/app/composition/config.ts pricingOf, then contract priceSplit, as the
 * checkout summary does); the gateway order the server creates must be for exactly that amount.
 */
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ config: { pricesIncludeGst: false } });
  admin = await ctx.user('admin', 'admin');
});
afterAll(async () => ctx?.close());

const person = { first_name: 'Asha', last_name: 'Verma', email: 'asha@example.in', phone: '9876543210' };

/** The order as the gateway itself holds it (its HTTP API, with the app's key). */
async function gatewayOrder(orderId: string): Promise<{ amount: number; currency: string }> {
  const { apiBase, keyId, keySecret } = ctx.config.razorpay;
  const res = await fetch(`${apiBase}/v1/orders/${orderId}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { amount: number; currency: string };
}

describe('checkout total with PRICES_INCLUDE_GST=0', () => {
  it('GET /api/config/ says prices exclude GST and names the institute’s state', async () => {
    const config = AppConfig.parse((await ctx.request({ url: API.config })).body);
    expect(config.prices_include_gst).toBe(false);
    expect(config.institute_state_code).toBe(ctx.config.institute.stateCode);
  });

  // Prices with awkward paise (₹1, ₹999, ₹33,333) and round ones; the institute's state, another state, none.
  const prices = [1, 999, 33_333, 125_000];
  const states: (string | null)[] = [null, '27', '29', '07'];

  it('the gateway order’s amount is the total the checkout shows, for every price and billing state', async () => {
    const pricing: PricingRules = pricingOf(AppConfig.parse((await ctx.request({ url: API.config })).body))!;
    let n = 0;
    for (const price of prices) {
      const programId = await createProgram(ctx, admin.access, { price });
      for (const state of states) {
        // One student per payment: a student has one pending payment per course.
        const student = await ctx.user(`buyer${(n += 1)}`);
        const shown = priceSplit(price, pricing, state ?? '');
        const billing = state ? { ...person, state_code: state, address: '12 MG Road, Bengaluru 560001' } : person;
        const start = await ctx.request({
          method: 'POST',
          url: API.programs.payment(programId),
          token: student.access,
          body: { payment_method: 'upi', billing },
        });
        expect(start.status, `₹${price}, state ${state}`).toBe(201);
        const answer = PaymentStart.parse(start.body);
        const order = await gatewayOrder(answer.gateway!.order_id);
        expect(order.amount, `₹${price}, state ${state}`).toBe(shown.total);
        expect(order.currency).toBe('INR');
        expect(answer.total_paise).toBe(shown.total);
        // Exclusive: the tax comes on top of the price, never out of it.
        expect(shown.taxable).toBe(price * 100);
        expect(shown.total).toBeGreaterThan(price * 100);
      }
    }
  });
});
