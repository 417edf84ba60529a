import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStart } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/** The sandbox gateway's checkout page sends the browser back only to a path on the app's own origin. */

let ctx: TestContext;
let checkoutUrl: URL;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.user('admin', 'admin');
  const asha = await ctx.user('asha');
  const programId = await createProgram(ctx, admin.access);
  const res = await ctx.request({
    method: 'POST',
    url: `/classroom/programs/${programId}/payment/`,
    token: asha.access,
    body: {},
  });
  const gateway = PaymentStart.parse(res.body).gateway!;
  // As the SPA opens it (src/features/checkout/api/gateway.ts).
  checkoutUrl = new URL(gateway.sandbox_checkout_url!);
  checkoutUrl.searchParams.set('order_id', gateway.order_id);
  checkoutUrl.searchParams.set('key_id', gateway.key_id);
});
afterAll(async () => ctx?.close());

const open = (returnUrl: string) => {
  const url = new URL(checkoutUrl);
  url.searchParams.set('return_url', returnUrl);
  return fetch(url);
};

describe('the sandbox checkout page’s return_url', () => {
  it('opens with a same-origin path', async () => {
    expect((await open('/dashboard?gateway=1')).status).toBe(200);
  });

  it.each([
    '//evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/dashboard/%E0%A4%A',
  ])('refuses %j with 400', async (returnUrl) => {
    const res = await open(returnUrl);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Unknown order, key or return address.');
  });

  it('refuses the same on the form post, before redirecting anywhere', async () => {
    const post = (returnUrl: string) =>
      fetch(new URL(checkoutUrl.pathname, checkoutUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          order_id: checkoutUrl.searchParams.get('order_id') ?? '',
          key_id: checkoutUrl.searchParams.get('key_id') ?? '',
          method: 'upi',
          vpa: 'failure@razorpay',
          return_url: returnUrl,
        }),
        redirect: 'manual',
      });
    const refused = await post('/%2F/evil.example');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Unknown return address.');
    expect(refused.headers.get('location')).toBeNull();
    const back = await post('/dashboard');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(/^\/dashboard\?/);
  });
});
