import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  API,
  MESSAGES,
  type Enrollment,
  type Payment,
  type PaymentStart,
  type Program,
  type Reconciliation,
} from '../../contract/index.ts';
import { startSandboxGateway, type CheckoutResult } from '../../server/domains/payments/gateway/sandbox.ts';
import {
  ADMIN,
  adminToken,
  apiOk,
  firstOpenBatch,
  list,
  login,
  registerStudent,
  type RegisteredStudent,
} from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, expectMessage, openLoggedIn, recordDialogs, section, titleOf, visible } from './support/ui.ts';
import { send } from './support/http.ts';

/**
 * Issue 9, the office mending what does not add up, with a real gateway behind the app: the local
 * Razorpay-shaped gateway started on its own port (as RAZORPAY_API_BASE puts any Razorpay-shaped server
 * behind the adapter, in demo mode too), its signed webhooks going to the app. A student pays at the
 * gateway's checkout over HTTP, as their browser would; the administrator works in Chromium.
 *  1. A missed webhook: the gateway captured the money but the app never heard; Sync mends it.
 *  2. A real flagged event: a declined attempt fails the payment (payment.failed webhook), then the same
 *     order is paid (payment.captured): "Captured after our payment had failed". The administrator
 *     refunds it from the Reconciliation tab and sees it resolved; the money goes back at the gateway.
 */

type Gateway = Awaited<ReturnType<typeof startSandboxGateway>>;
let gateway: Gateway | undefined;
const sandbox = () => {
  if (!gateway) throw new Error('the sandbox gateway did not start');
  return gateway.sandbox;
};

// Filled before the fixture's own beforeAll starts the server (hooks run in the order they are declared).
const env: Record<string, string> = {};
beforeAll(async () => {
  gateway = await startSandboxGateway({
    keyId: 'rzp_test_e2ereconcile',
    keySecret: 'e2e-reconcile-key-secret',
    webhookSecret: 'e2e-reconcile-webhook-secret',
  });
  Object.assign(env, {
    RAZORPAY_API_BASE: gateway.url,
    RAZORPAY_KEY_ID: gateway.sandbox.keyId,
    RAZORPAY_KEY_SECRET: gateway.sandbox.keySecret,
    RAZORPAY_WEBHOOK_SECRET: gateway.sandbox.webhookSecret,
  });
});
// After-hooks run in reverse: the sandbox closes after the app has stopped.
afterAll(async () => {
  await gateway?.close();
});

const e2e = useE2E({ env });

beforeAll(() => {
  sandbox().setWebhookUrl(`${e2e.baseURL}/api/payments/razorpay/webhook/`);
});

async function paidPrograms(): Promise<Program[]> {
  return (await list<Program>(e2e.baseURL, API.programs.list)).filter((p) => p.is_active && p.price > 0);
}

async function startPayment(student: RegisteredStudent, program: Program): Promise<PaymentStart> {
  const start = await apiOk<PaymentStart>(e2e.baseURL, API.programs.payment(program.id), {
    token: student.access,
    body: { payment_method: 'credit_card', batch: await firstOpenBatch(e2e.baseURL, program.id) },
  });
  expect(start.gateway?.order_id).toBeTruthy();
  // The browser's checkout step goes to the gateway the app is configured with.
  expect(start.gateway?.sandbox_checkout_url).toBe(`${gateway!.url}/checkout`);
  return start;
}

/** The gateway's checkout step, as the student's browser submits it; waits until its webhooks are sent. */
async function payAtGateway(start: PaymentStart, card: string): Promise<CheckoutResult> {
  const gw = start.gateway!;
  const res = await send(gw.sandbox_checkout_url!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ order_id: gw.order_id, key_id: gw.key_id, method: 'card', card_number: card }),
  });
  expect(res.status).toBe(200);
  const result = (await res.json()) as CheckoutResult;
  await sandbox().idle();
  return result;
}

async function paymentOf(student: RegisteredStudent, id: number): Promise<Payment> {
  const payment = (await list<Payment>(e2e.baseURL, API.payments.list, student.access)).find((p) => p.id === id);
  if (!payment) throw new Error(`payment ${id} is not in the student's list`);
  return payment;
}

async function activeCourseIds(student: RegisteredStudent): Promise<number[]> {
  const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
  return enrollments.filter((e) => e.is_active && e.course_type === 'program').map((e) => e.course);
}

async function openReconciliation() {
  const admin = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
  const page = await e2e.newPage();
  const dialogs = recordDialogs(page);
  await openLoggedIn(page, admin, '/admin?tab=reconciliation');
  await visible(page.getByRole('heading', { name: /Flagged gateway events/ }));
  return { page, dialogs };
}

describe('Reconciliation against the gateway', () => {
  test('a missed webhook: the gateway captured, the app never heard; Sync completes it and the course is theirs', async () => {
    const student = await registerStudent(e2e.baseURL, 'missedhook');
    const program = (await paidPrograms())[0]!;
    const start = await startPayment(student, program);

    sandbox().switches.drop = true;
    let result: CheckoutResult;
    try {
      result = await payAtGateway(start, '4111 1111 1111 1111');
    } finally {
      sandbox().switches.drop = false;
    }
    // The money is captured at the gateway, and the student's browser never came back to verify/.
    expect(result.ok).toBe(true);
    expect(sandbox().payments.get(result.ok ? result.razorpay_payment_id : '')?.status).toBe('captured');
    expect((await paymentOf(student, start.id)).status).toBe('pending');
    expect(await activeCourseIds(student)).not.toContain(program.id);

    const { page } = await openReconciliation();
    await page.getByRole('button', { name: 'Sync' }).click();
    await visible(page.getByText(/Asked the gateway about \d+ pending payments?: 1 completed\.$/));

    expect(await paymentOf(student, start.id)).toMatchObject({ status: 'completed' });
    expect(await activeCourseIds(student)).toContain(program.id);
    const dashboard = await e2e.newPage();
    await openLoggedIn(dashboard, student, '/dashboard');
    await visible(titleOf(section(dashboard, /my courses/i), program.title));
  });

  test('a capture after our payment failed is flagged; the administrator refunds it from Reconciliation', async () => {
    const student = await registerStudent(e2e.baseURL, 'lateCapture');
    const program = (await paidPrograms())[1]!;
    const start = await startPayment(student, program);

    // A declined card: the gateway's payment.failed webhook fails our payment.
    const declined = await payAtGateway(start, '4000 0000 0000 0002');
    expect(declined.ok).toBe(false);
    expect(await paymentOf(student, start.id)).toMatchObject({ status: 'failed', failure_reason: 'card_declined' });

    // The same order is then paid (the gateway's page was still open) and the browser closes before
    // verify/: only the payment.captured webhook tells the app, which completes it and flags it.
    const paid = await payAtGateway(start, '4111 1111 1111 1111');
    if (!paid.ok) throw new Error(`the success card failed: ${paid.error_description}`);
    expect(await paymentOf(student, start.id)).toMatchObject({ status: 'completed' });
    expect(await activeCourseIds(student)).toContain(program.id);
    const token = await adminToken(e2e.baseURL);
    const listed = await apiOk<Reconciliation>(e2e.baseURL, API.admin.reconciliation, { token });
    const flagged = listed.flagged.find((f) => f.gateway_payment_id === paid.razorpay_payment_id);
    expect(flagged).toMatchObject({ flag: 'capture_after_failure', payment_id: start.id, resolved_at: null });

    // The office sees it in the tab and refunds it; the dialog says access is revoked.
    const { page, dialogs } = await openReconciliation();
    const events = page.getByRole('region', { name: 'Flagged gateway events' });
    const row = events.getByRole('row').filter({ hasText: paid.razorpay_payment_id });
    await visible(row.getByText('Captured after our payment had failed'));
    await visible(row.getByText(`Payment ${start.id} was failed, then captured: completed, access granted.`));
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/our completed payment \(access is revoked\)/));
    await dialog.getByLabel(/^Note/).fill('Student paid after a declined card; refunded on request');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expectMessage(page, dialogs, MESSAGES.adminResolved, 20_000);
    await visible(
      row.getByText(
        new RegExp(
          `Resolved \\(refunded\\): ${escapeRegExp('Student paid after a declined card; refunded on request')}`,
        ),
      ),
    );
    await expect.poll(async () => row.getByRole('button', { name: 'Refund' }).count()).toBe(0);

    // Refunded in full at the gateway and in the app, and the access went with it.
    expect(await paymentOf(student, start.id)).toMatchObject({ status: 'refunded', refunded_amount: program.price });
    expect(sandbox().payments.get(paid.razorpay_payment_id)).toMatchObject({
      status: 'refunded',
      amount_refunded: start.gateway!.amount,
    });
    expect(await activeCourseIds(student)).not.toContain(program.id);
  });
});
