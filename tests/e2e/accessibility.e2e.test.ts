import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, STUDENT, login } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { ROUTES, settle, type Role } from './support/routes.ts';
import { exactly, setTokens, tab, visible } from './support/ui.ts';

const e2e = useE2E();

async function as(page: Page, role: Role): Promise<void> {
  // The demo student has seeded courses and payments, so the dashboard shows its badges and both sections.
  if (role === 'student') await setTokens(page, await login(e2e.baseURL, STUDENT.username, STUDENT.password));
  if (role === 'admin') await setTokens(page, await login(e2e.baseURL, ADMIN.username, ADMIN.password));
}

async function expectNoSeriousViolations(page: Page, where: string, within?: string): Promise<void> {
  const violations = await seriousViolations(page, within);
  const report = describeViolations(where, violations);
  if (violations.length) console.log(report);
  expect(violations.map((v) => `${v.impact} ${v.id}: ${v.help}`), report).toEqual([]);
}

describe('Accessibility (axe-core): no serious or critical violations', () => {
  for (const route of ROUTES) {
    test(`${route.name} as ${route.role}`, async () => {
      const page = await e2e.newPage();
      await as(page, route.role);
      const path = await route.path(e2e.baseURL);
      await page.goto(path);
      await settle(page);
      await expectNoSeriousViolations(page, `${path} (${route.role})`);
    });
  }

  test('admin panel with the Add New modal open', async () => {
    const page = await e2e.newPage();
    await as(page, 'admin');
    await page.goto('/admin');
    await settle(page);
    await tab(page, 'Programs').first().click();
    await page.getByRole('button', { name: exactly('Add New') }).click();
    await visible(page.getByRole('dialog'));
    await expectNoSeriousViolations(page, '/admin with the Add New modal open', '[role="dialog"]');
  });

  test('admin panel Payments tab', async () => {
    const page = await e2e.newPage();
    await as(page, 'admin');
    await page.goto('/admin');
    await settle(page);
    await tab(page, 'Payments').first().click();
    await visible(page.getByRole('button', { name: /^\s*resolve\b/i }));
    await expectNoSeriousViolations(page, '/admin, Payments tab');
  });

  test('admin panel with the Resolve modal open', async () => {
    const page = await e2e.newPage();
    await as(page, 'admin');
    await page.goto('/admin');
    await settle(page);
    await tab(page, 'Payments').first().click();
    await page.getByRole('button', { name: /^\s*resolve\b/i }).first().click();
    await visible(page.getByRole('dialog'));
    // The modal is what a user can reach: scan it alone (the page behind it is scanned above).
    await expectNoSeriousViolations(page, '/admin with the Resolve modal open', '[role="dialog"]');
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
