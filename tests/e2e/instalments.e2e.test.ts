import { describe, expect, test } from 'vitest';
import {
  API,
  COUPON_MESSAGES,
  COUPON_PATHS,
  formatPaiseCompact,
  INSTALMENT_MESSAGES,
  MESSAGES,
  planSchedule,
  type Batch,
  type InstalmentPlan,
  type Program,
} from '../../contract/index.ts';
import { adminToken, apiOk, list, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import {
  choosePaymentMethod,
  escapeRegExp,
  expectMessage,
  openLoggedIn,
  recordDialogs,
  visible,
  waitForPath,
  payAtSandbox,
} from './support/ui.ts';
import { send } from './support/http.ts';

/**
 * Decision records 053 and 054 in the browser: a student applies a coupon, picks the demo's "Pay in 3"
 * plan at checkout (its instalments less their share of the discount), pays the first instalment at the
 * local sandbox, sees the schedule on the dashboard, pays the second from there and downloads both invoices.
 */
const e2e = useE2E();

describe('Instalments', () => {
  test('a coupon and a 3-instalment plan: the first at checkout, the second from the dashboard, both invoices downloaded', async () => {
    const student = await registerStudent(e2e.baseURL, 'instal');
    const program = (await list<Program>(e2e.baseURL, API.programs.list)).find((p) => p.is_active && p.price > 0)!;
    const batch = (await list<Batch>(e2e.baseURL, `/classroom/programs/${program.id}/batches/`))[0]!;
    const code = `PLAN${Date.now().toString(36).toUpperCase()}`;
    await apiOk(e2e.baseURL, COUPON_PATHS.adminList, {
      token: await adminToken(e2e.baseURL),
      body: { code, kind: 'fixed', value: 1000, is_active: true },
    });
    const detail = (await (await send(`${e2e.baseURL}${API.programs.detail(program.id)}`)).json()) as {
      plans: InstalmentPlan[];
    };
    const payInThree = detail.plans.find((p) => p.name === 'Pay in 3')!;
    // ₹1,000 off the plan's total, then off its instalments in proportion (the demo's prices include GST;
    // billing in Maharashtra, the institute's state).
    const expected = planSchedule(
      payInThree.instalments,
      { pricesIncludeGst: true, instituteStateCode: '27' },
      '27',
      undefined,
      { kind: 'fixed', value: 100000 },
    );
    const page = await e2e.newPage();
    const dialogs = recordDialogs(page);
    await openLoggedIn(page, student, `/payment/program/${program.id}`);
    await page.getByLabel('Coupon code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await visible(page.getByText(`${code}: ${COUPON_MESSAGES.applied}`));
    await visible(page.getByText(/Your discount comes off each plan/));

    // The plans beside paying in full: the schedule with its IST dates and the total.
    const plan = page.getByRole('radio', { name: /Pay in 3: .* in 3 instalments/ });
    await visible(plan);
    await visible(page.getByText(/more than paying in full/));
    const first = formatPaiseCompact(expected.instalments[0]!.split.total);
    await expect.poll(async () => (await plan.locator('xpath=..').textContent()) ?? '').toContain(`${first} today`);
    await plan.check();
    // With the plan chosen, the summary and the button say what is paid today and the schedule after it.
    const rest = expected.instalments.slice(1);
    const summary = page.getByRole('region', { name: 'Price breakdown' });
    await visible(summary.getByText('Pay today'));
    await visible(summary.getByText(first, { exact: true }));
    await visible(summary.getByText(new RegExp(`^Pay ${escapeRegExp(first)} today, then `)));
    await expect.poll(async () => (await summary.textContent()) ?? '').not.toContain('Total payable');
    await visible(page.getByRole('button', { name: `Pay ${first} today` }));
    expect(rest.length).toBe(2);
    await page.getByLabel(/first name/i).fill('Asha');
    await page.getByLabel(/last name/i).fill('Verma');
    await page.getByLabel(/email/i).fill(student.email);
    await page.getByLabel(/phone/i).fill('9876543210');
    await page.getByLabel(/state or union territory/i).selectOption('27');
    await page.getByLabel(/^address/i).fill('12 Marine Drive, Mumbai 400020');
    await page.getByRole('radio', { name: new RegExp(batch.name) }).check();
    await choosePaymentMethod(page, 'credit_card');
    // No card fields: the gateway's page asks for the card (decision record 067).
    await page
      .getByRole('button', { name: /^\s*pay\b/i })
      .first()
      .click();
    await payAtSandbox(page);
    // Back from the gateway: no reset checkout; the dashboard with the schedule and one success text.
    await waitForPath(page, '/dashboard');
    await expectMessage(page, dialogs, MESSAGES.checkoutSuccess, 20_000);
    await expect.poll(() => page.getByText(MESSAGES.checkoutSuccess).count()).toBe(1);

    // The dashboard: the schedule, the first paid, a Pay button for the second; the card says what was
    // paid and what is due, not the full price.
    const schedule = page.getByRole('region', { name: 'Instalments' });
    await visible(schedule);
    await expect.poll(() => schedule.getByRole('listitem').count()).toBe(3);
    await visible(
      schedule
        .getByRole('listitem')
        .nth(0)
        .getByText(/^Paid \d{1,2} \w{3} \d{4}$/),
    );
    await visible(
      schedule
        .getByRole('listitem')
        .nth(1)
        .getByText(/· Due$/),
    );
    const card = page.getByRole('article').filter({ has: schedule });
    await visible(card.getByText(new RegExp(`^Paid ${escapeRegExp(first)}`)));
    await schedule.getByRole('button', { name: /Pay instalment 2/ }).click();
    await payAtSandbox(page);
    await waitForPath(page, '/dashboard');
    await expectMessage(page, dialogs, INSTALMENT_MESSAGES.paid, 20_000);
    const after = page.getByRole('region', { name: 'Instalments' });
    // Paid before its due date: it says the day it was paid, not "was due … · Paid".
    await visible(
      after
        .getByRole('listitem')
        .nth(1)
        .getByText(/^Paid \d{1,2} \w{3} \d{4}$/),
    );
    await expect.poll(async () => (await after.textContent()) ?? '').not.toContain('was due');
    await visible(after.getByRole('button', { name: /Pay instalment 3/ }));

    // Both invoices, each its own number.
    const links = after.getByRole('link', { name: 'Download invoice' });
    await expect.poll(() => links.count()).toBe(2);
    const names: string[] = [];
    for (const i of [0, 1]) {
      const [download] = await Promise.all([page.waitForEvent('download'), links.nth(i).click()]);
      names.push(download.suggestedFilename());
    }
    expect(names[0]).toMatch(/^Invoice .+\.pdf$/);
    expect(names[1]).toMatch(/^Invoice .+\.pdf$/);
    expect(names[0]).not.toBe(names[1]);
  });
});
