import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API, type Program } from '../../contract/index.ts';
import { ADMIN, list, login } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { hidden, openLoggedIn, visible } from './support/ui.ts';

/**
 * Decision record 044's admin API through its screens, against the real server: a batch created in the
 * Batches tab, a session added to its Timetable in IST, and a module with a lesson in the Curriculum tab.
 */
const e2e = useE2E();

const dialog = (page: Page) => page.getByRole('dialog').last();

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(
    violations.map((v) => `${v.impact} ${v.id}: ${v.help}`),
    describeViolations(where, violations),
  ).toEqual([]);
}

describe('Course delivery in the admin panel', () => {
  test('an administrator creates a batch, adds a session in IST, and a module with a lesson', async () => {
    const program = (await list<Program>(e2e.baseURL, API.programs.list)).find((p) => p.is_active)!;
    const name = `E2E batch ${Date.now().toString(36)}`;
    const page = await e2e.newPage();
    await openLoggedIn(page, await login(e2e.baseURL, ADMIN.username, ADMIN.password), '/admin?tab=batches');

    await page.getByRole('button', { name: 'Add New' }).click();
    const add = dialog(page);
    await add.getByLabel(/^Program/).selectOption({ label: program.title });
    await add.getByLabel(/^Name/).fill(name);
    await add.getByLabel(/^Starts on/).fill('2030-01-07');
    await add.getByLabel(/^Ends on/).fill('2030-03-29');
    await add.getByLabel(/^Seats/).fill('20');
    await add.getByRole('button', { name: 'Save' }).click();
    await hidden(page.getByRole('dialog'));
    const row = page.getByRole('row', { name: new RegExp(name) });
    await visible(row.getByText('0/20'));

    await row.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'Add New' }).click();
    const session = dialog(page);
    await session.getByLabel(/^Title/).fill('Orientation');
    await session.getByLabel(/^Starts/).fill('2030-01-07T19:00');
    await session.getByRole('button', { name: 'Save' }).click();
    await hidden(page.getByRole('dialog'));
    await visible(page.getByRole('row', { name: /Orientation/ }).getByText(/7 Jan 2030, 7:00 pm IST/i));
    await expectAccessible(page, 'the Timetable tab');

    await page.goto(`/admin?tab=curriculum&program=${program.id}`);
    const moduleTitle = `E2E module ${Date.now().toString(36)}`;
    await page.getByRole('region', { name: 'Modules' }).getByRole('button', { name: 'Add New' }).click();
    await dialog(page)
      .getByLabel(/^Title/)
      .fill(moduleTitle);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await hidden(page.getByRole('dialog'));
    await page
      .getByRole('row', { name: new RegExp(moduleTitle) })
      .getByRole('link', { name: 'Lessons' })
      .click();
    const lessons = page.getByRole('region', { name: 'Lessons' });
    await lessons.getByRole('button', { name: 'Add New' }).click();
    await dialog(page)
      .getByLabel(/^Title/)
      .fill('Reading list');
    await dialog(page).getByLabel(/^Kind/).selectOption('text');
    await dialog(page).getByLabel(/^Text/).fill('Read chapter one.');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await hidden(page.getByRole('dialog'));
    await visible(lessons.getByRole('row', { name: /Reading list/ }));
    // The module's lesson count follows the new lesson.
    await visible(
      page.getByRole('row', { name: new RegExp(moduleTitle) }).getByRole('cell', { name: '1', exact: true }),
    );
    await expectAccessible(page, 'the Curriculum tab with a module’s lessons');
  });
});
