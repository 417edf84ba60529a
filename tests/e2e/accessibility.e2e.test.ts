import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { ROUTES, settle, signInAs } from './support/routes.ts';
import { exactly, openSection, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

async function expectNoSeriousViolations(page: Page, where: string, within?: string): Promise<void> {
  const violations = await seriousViolations(page, within);
  const report = describeViolations(where, violations);
  if (violations.length) console.log(report);
  expect(
    violations.map((v) => `${v.impact} ${v.id}: ${v.help}`),
    report,
  ).toEqual([]);
}

describe('Accessibility (axe-core): no serious or critical violations', () => {
  for (const route of ROUTES) {
    test(`${route.name} as ${route.role}`, async () => {
      // One signed-in tab per role for these scans, each a full load of its page (as a person moving on).
      const page = await e2e.keptPage(route.role, { prepare: (tab) => signInAs(e2e.baseURL, tab, route.role) });
      const path = await route.path(e2e.baseURL);
      await page.goto(path);
      await settle(page);
      await expectNoSeriousViolations(page, `${path} (${route.role})`);
    });
  }

  test('admin panel with the Add New modal open', async () => {
    const page = await e2e.newPage();
    await signInAs(e2e.baseURL, page, 'admin');
    await page.goto('/admin');
    await settle(page);
    await openSection(page, 'Programs');
    await page.getByRole('button', { name: exactly('Add New') }).click();
    await visible(page.getByRole('dialog'));
    await expectNoSeriousViolations(page, '/admin with the Add New modal open', '[role="dialog"]');
  });

  test('admin panel Payments tab', async () => {
    const page = await e2e.newPage();
    await signInAs(e2e.baseURL, page, 'admin');
    await page.goto('/admin');
    await settle(page);
    await openSection(page, 'Payments');
    await visible(page.getByRole('button', { name: /^\s*resolve\b/i }));
    await expectNoSeriousViolations(page, '/admin, Payments tab');
  });

  test('admin panel with the Resolve modal open', async () => {
    const page = await e2e.newPage();
    await signInAs(e2e.baseURL, page, 'admin');
    await page.goto('/admin');
    await settle(page);
    await openSection(page, 'Payments');
    await page
      .getByRole('button', { name: /^\s*resolve\b/i })
      .first()
      .click();
    await visible(page.getByRole('dialog'));
    // The modal is what a user can reach: scan it alone (the page behind it is scanned above).
    await expectNoSeriousViolations(page, '/admin with the Resolve modal open', '[role="dialog"]');
  });

  test('admin panel with the Refund modal open, and the Reconciliation tab', async () => {
    const page = await e2e.newPage();
    await signInAs(e2e.baseURL, page, 'admin');
    await page.goto('/admin?tab=payments&status=completed');
    await settle(page);
    await page
      .getByRole('button', { name: exactly('Refund') })
      .first()
      .click();
    await visible(page.getByRole('dialog'));
    await expectNoSeriousViolations(page, '/admin with the Refund modal open', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await openSection(page, 'Reconciliation');
    await visible(page.getByRole('button', { name: exactly('Sync') }));
    await settle(page);
    await expectNoSeriousViolations(page, '/admin, Reconciliation tab');
  });

  test('keyboard: log in with the keyboard alone', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await settle(page);
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
    for (let i = 0; i < 10 && (await focusedName()) !== 'username'; i++) await page.keyboard.press('Tab');
    expect(await focusedName(), 'Tab reaches the username field').toBe('username');
    await page.keyboard.type(ADMIN.username);
    await page.keyboard.press('Tab');
    expect(await focusedName(), 'the next Tab stop is the password').toBe('password');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/admin');
  });

  test('keyboard: the Add New modal keeps focus inside, closes on Escape and gives focus back', async () => {
    const page = await e2e.newPage();
    await signInAs(e2e.baseURL, page, 'admin');
    await page.goto('/admin');
    await settle(page);
    const addNew = page.getByRole('button', { name: exactly('Add New') });
    await addNew.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await focusInDialog(), 'focus moves into the dialog').toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(), `focus stays in the dialog after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await addNew.evaluate((el) => el === document.activeElement), 'focus returns to Add New').toBe(true);
  });

  test('phone width (390 px): home with the menu open', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await settle(page);
    const menu = page.getByRole('button', { name: /menu/i });
    if (await menu.count()) await menu.first().click();
    await expectNoSeriousViolations(page, '/ at 390 px with the menu open');
  });
});
