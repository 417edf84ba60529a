import { describe, expect, test } from 'vitest';
import {
  API,
  COUPON_MESSAGES,
  COUPON_PATHS,
  formatPaise,
  MESSAGES,
  quote,
  rupeesToPaise,
  type Batch,
  type Payment,
  type Program,
} from '../../contract/index.ts';
import { pdfText } from '../api/support/pdf-text.ts';
import { ADMIN, adminToken, apiOk, list, login, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { settle } from './support/routes.ts';
import {
  choosePaymentMethod,
  expectMessage,
  openLoggedIn,
  recordDialogs,
  visible,
  waitForPath,
  payAtSandbox,
} from './support/ui.ts';
import { send } from './support/http.ts';

/**
 * Decision record 053 in the browser: an administrator's coupon, applied at the checkout (Apply), the
 * order summary's discounted total, the payment at the local sandbox gateway, and the invoice's discount;
 * a scholarship granted from the student's row in Users, applied by itself at their checkout.
 */
const e2e = useE2E();

describe('Coupons at checkout', () => {
  test('a student applies a coupon, sees the discounted total, pays, and the invoice shows the discount', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await apiOk(e2e.baseURL, COUPON_PATHS.adminList, {
      token: await adminToken(e2e.baseURL),
      body: { code, kind: 'percent', value: 20, is_active: true },
    });
    const program = (await list<Program>(e2e.baseURL, API.programs.list)).find((p) => p.is_active && p.price > 0)!;
    const batch = (await list<Batch>(e2e.baseURL, `/classroom/programs/${program.id}/batches/`))[0]!;
    const student = await registerStudent(e2e.baseURL, 'coupon');
    const page = await e2e.newPage();
    const dialogs = recordDialogs(page);
    await openLoggedIn(page, student, `/payment/program/${program.id}`);
    // The checkout has loaded its batches, plans and the student's scholarship before anything is typed.
    await settle(page);

    await page.getByLabel('Coupon code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await visible(page.getByText(COUPON_MESSAGES.notFound));
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await visible(page.getByText(`${code.toLowerCase()}: ${COUPON_MESSAGES.applied}`));

    // The demo's prices include GST; billing in the institute's state (Maharashtra): CGST + SGST.
    const expected = quote({
      listPrice: rupeesToPaise(program.price),
      coupon: { kind: 'percent', value: 20, code, source: 'coupon' },
      pricesIncludeGst: true,
      intraState: true,
    });
    const summary = page.getByRole('region', { name: 'Price breakdown' });
    await visible(summary.getByText(`Discount (${code.toLowerCase()})`));
    await visible(summary.getByText(formatPaise(expected.total)));

    await page.getByLabel(/first name/i).fill('Asha');
    await page.getByLabel(/last name/i).fill('Verma');
    await page.getByLabel(/^email/i).fill(student.email);
    await page.getByLabel(/phone/i).fill('9876543210');
    await page.getByLabel(/state or union territory/i).selectOption('27');
    await page.getByLabel(/^address/i).fill('12 Marine Drive, Mumbai 400020');
    await choosePaymentMethod(page, 'credit_card');
    // No card fields: the gateway's page asks for the card (decision record 067).
    await page.getByRole('radio', { name: new RegExp(batch.name) }).check();
    await page
      .getByRole('button', { name: /^\s*pay\b/i })
      .first()
      .click();
    await payAtSandbox(page);
    // Paid: straight to the dashboard, with the one success text.
    await waitForPath(page, '/dashboard');
    await expectMessage(page, dialogs, MESSAGES.checkoutSuccess, 20_000);

    const [payment] = await list<Payment>(e2e.baseURL, API.payments.list, student.access);
    expect(payment).toMatchObject({ status: 'completed', total_paise: expected.total });
    const pdf = await send(`${e2e.baseURL}${API.payments.invoice(payment!.id)}`, {
      headers: { authorization: `Bearer ${student.access}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain(`Discount (coupon ${code})`);
    expect(text).toContain(`Total ₹${formatPaise(expected.total).slice(1)}`);
  });

  test("an administrator grants a scholarship from the student's row in Users; it applies at their checkout", async () => {
    const program = (await list<Program>(e2e.baseURL, API.programs.list)).find((p) => p.is_active && p.price > 0)!;
    const student = await registerStudent(e2e.baseURL, 'scholar');
    const admin = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
    const page = await e2e.newPage();
    await openLoggedIn(page, admin, `/admin?tab=users&search=${student.username}`);
    const row = page.getByRole('row', { name: new RegExp(student.username) });
    await row.getByRole('button', { name: 'Grant scholarship' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant scholarship' });
    await dialog.getByLabel('Program or workshop ID').fill(String(program.id));
    await dialog.getByLabel(/^Kind/).selectOption('fixed');
    await dialog.getByLabel(/^Value/).fill('5000');
    await dialog.getByLabel(/^Reason/).fill('Merit scholarship');
    await dialog.getByRole('button', { name: 'Grant scholarship' }).click();
    await visible(dialog.getByText(/Scholarship granted: ₹5,000 off/));

    const checkout = await e2e.newPage();
    await openLoggedIn(checkout, student, `/payment/program/${program.id}`);
    await visible(checkout.getByText('Your scholarship is applied.'));
    await visible(checkout.getByRole('region', { name: 'Price breakdown' }).getByText('Discount (scholarship)'));
  });
});
