import { describe, expect, test } from 'vitest';
import { API, MESSAGES, type Payment, type PaymentStart, type Program } from '../../contract/index.ts';
import { totpCode } from '../../server/domains/accounts/mfa/totp.ts';
import { adminToken, apiOk, firstOpenBatch, list, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import {
  exactly,
  expectMessage,
  header,
  loginForm,
  recordDialogs,
  storedTokens,
  visible,
  waitForPath,
} from './support/ui.ts';

/**
 * Two-step verification in Chromium: an administrator sets up an authenticator app on /account (the
 * test computes the codes from the key shown for typing by hand, as an app would from the QR code), signs
 * in with a code, and refunds a payment, which asks for a fresh code in the step-up modal first.
 */
const e2e = useE2E();

/** The code an authenticator app shows `steps` 30-second steps from now. */
const code = (seed: string, steps = 0) => totpCode(seed, Math.floor(Date.now() / 1000) + steps * 30);

/** The code, taken early in a 30-second step, so that the server checks it in the step it was made for. */
async function freshCode(seed: string, steps = 0): Promise<string> {
  const into = (Date.now() / 1000) % 30;
  if (into > 22) await new Promise((resolve) => setTimeout(resolve, (30 - into + 0.5) * 1000));
  return code(seed, steps);
}

async function paidPayment(): Promise<{ payment: Payment; email: string }> {
  const student = await registerStudent(e2e.baseURL, 'mfarefund');
  const program = (await list<Program>(e2e.baseURL, API.programs.list)).find((p) => p.is_active && p.price > 0)!;
  const start = await apiOk<PaymentStart>(e2e.baseURL, API.programs.payment(program.id), {
    token: student.access,
    body: { payment_method: 'credit_card', batch: await firstOpenBatch(e2e.baseURL, program.id) },
  });
  const gateway = start.gateway!;
  const proof = await apiOk<Record<string, string>>(e2e.baseURL, gateway.sandbox_checkout_url!, {
    body: { order_id: gateway.order_id, key_id: gateway.key_id, method: 'card', card_number: '4111111111111111' },
  });
  const done = await apiOk<{ payment: Payment }>(e2e.baseURL, API.payments.verify(start.id), {
    token: student.access,
    body: {
      razorpay_order_id: proof.razorpay_order_id,
      razorpay_payment_id: proof.razorpay_payment_id,
      razorpay_signature: proof.razorpay_signature,
    },
  });
  return { payment: done.payment, email: student.email };
}

describe('Two-step verification', () => {
  test('an administrator sets it up, signs in with a code, and confirms a refund with a fresh code', async () => {
    const username = `mfa${Date.now().toString(36)}`;
    await apiOk(e2e.baseURL, API.admin.users, {
      token: await adminToken(e2e.baseURL),
      body: {
        username,
        email: `${username}@example.in`,
        password: 'Secur3-pass',
        first_name: 'Mira',
        last_name: 'Shah',
        role: 'admin',
      },
    });
    const { email } = await paidPayment();

    const page = await e2e.newPage();
    const dialogs = recordDialogs(page);
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(username);
    await form.password.fill('Secur3-pass');
    await form.submit.click();
    await waitForPath(page, '/admin');

    // Set up: the key shown for typing by hand is what the QR code carries.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await visible(page.getByRole('img', { name: /QR code/ }));
    await page.getByText('Can’t scan? Enter the key by hand').click();
    const seed = (await page.locator('code.otp-key').textContent())!.trim();
    expect(seed).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(/Code from the app/).fill(await freshCode(seed, -1));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await visible(codes);
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await visible(page.getByText(/Two-step verification is on/));

    // Sign out and in again: the password alone is not enough.
    // Wait for the logout to finish (both tokens gone): /login sends a signed-in visitor on to /admin.
    await (await visible(header(page).getByRole('button', { name: exactly('Logout') }))).click();
    await waitForPath(page, '/');
    await visible(header(page).getByRole('link', { name: exactly('Login') }));
    await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
    await page.goto('/login');
    await form.username.fill(username);
    await form.password.fill('Secur3-pass');
    await form.submit.click();
    await visible(page.getByRole('heading', { name: 'Two-step verification' }));
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.getByLabel(/Authentication code/).fill(await freshCode(seed));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/admin');

    // A refund needs a fresh proof: the step-up modal asks, then the refund goes through.
    await page.goto(`/admin?tab=payments&search=${encodeURIComponent(email)}`);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund Payment' });
    await refund.getByLabel(/^Reason/).fill('Batch cancelled by the institute');
    await refund.getByLabel(/^Keep access/).check();
    await refund.getByRole('button', { name: 'Refund' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await visible(stepUp);
    await stepUp.getByLabel(/Authentication code/).fill(await freshCode(seed, 1));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expectMessage(page, dialogs, MESSAGES.adminRefunded, 20_000);
    await visible(row.getByText('Refunded', { exact: true }));
  });
});
