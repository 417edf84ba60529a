import { describe, expect, test } from 'vitest';
import { API, MESSAGES, type Enrollment, type Payment, type PaymentStart, type Program } from '../../contract/index.ts';
import { ADMIN, apiOk, firstOpenBatch, list, login, registerStudent, type RegisteredStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { expectMessage, openLoggedIn, recordDialogs, section, titleOf, visible, hidden } from './support/ui.ts';

/**
 * Issue 9, the office's side: an administrator refunds a payment taken through the gateway, keeping or
 * revoking the student's access, and the Reconciliation tab. The payment is made as a browser would, but
 * over HTTP: the payment start's order is paid at the local sandbox's checkout with Razorpay's test card,
 * and the sandbox's signed proof goes to verify/.
 */
const e2e = useE2E();

async function paidProgram(student: RegisteredStudent, program: Program): Promise<Payment> {
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
  expect(done.payment.status).toBe('completed');
  return done.payment;
}

async function paidPrograms(): Promise<Program[]> {
  return (await list<Program>(e2e.baseURL, API.programs.list)).filter((p) => p.is_active && p.price > 0);
}

async function refundInAdmin(student: RegisteredStudent, choice: RegExp) {
  const admin = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
  const page = await e2e.newPage();
  const dialogs = recordDialogs(page);
  await openLoggedIn(page, admin, `/admin?tab=payments&search=${encodeURIComponent(student.email)}`);
  const row = page.getByRole('row', { name: new RegExp(student.email.replace(/[.+]/g, '\\$&')) });
  await visible(row);
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByRole('heading', { name: 'Refund Payment' }));
  await dialog.getByLabel(/^Reason/).fill('Batch cancelled by the institute');
  await dialog.getByLabel(choice).check();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expectMessage(page, dialogs, MESSAGES.adminRefunded, 20_000);
  // The table shows the refunded amount and the status of a full refund.
  await visible(row.getByText('Refunded', { exact: true }));
  return page;
}

async function dashboardCourses(student: RegisteredStudent) {
  const page = await e2e.newPage();
  await openLoggedIn(page, student, '/dashboard');
  await visible(page.getByRole('heading', { name: /available courses/i }));
  return page;
}

describe('Refunds and reconciliation', () => {
  test('a full refund keeping access: the payment reads Refunded and the course stays under My Courses', async () => {
    const student = await registerStudent(e2e.baseURL, 'refundkeep');
    const program = (await paidPrograms())[0]!;
    const payment = await paidProgram(student, program);
    await refundInAdmin(student, /^Keep access/);
    const [after] = await list<Payment>(e2e.baseURL, API.payments.list, student.access);
    expect(after).toMatchObject({ id: payment.id, status: 'refunded', refunded_amount: program.price });
    const page = await dashboardCourses(student);
    await visible(titleOf(section(page, /my courses/i), program.title));
  });

  test('a full refund revoking access: the course leaves My Courses', async () => {
    const student = await registerStudent(e2e.baseURL, 'refundrevoke');
    const program = (await paidPrograms())[1]!;
    await paidProgram(student, program);
    const admin = await refundInAdmin(student, /^Revoke access/);
    const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
    expect(enrollments.filter((e) => e.is_active)).toEqual([]);
    const page = await dashboardCourses(student);
    await hidden(titleOf(section(page, /my courses/i), program.title));

    // The Reconciliation tab lists what the server lists, and Sync says what it did.
    await admin.goto('/admin?tab=reconciliation');
    await visible(admin.getByRole('heading', { name: /Flagged gateway events/ }));
    await visible(admin.getByRole('heading', { name: /Payments pending for over 30 minutes/ }));
    await admin.getByRole('button', { name: 'Sync' }).click();
    await visible(admin.getByText(/Asked the gateway about \d+ pending payments?: \d+ completed\./));
  });
});
