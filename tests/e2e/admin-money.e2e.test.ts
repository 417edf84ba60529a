import { describe, expect, test } from 'vitest';
import { API, MESSAGES, type Program } from '../../contract/index.ts';
import { ADMIN, list, login } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, hidden, openLoggedIn, visible } from './support/ui.ts';

/**
 * The admin tabs of decision records 052 and 054 against the real server: a program's plans (the demo's
 * "Pay in 3" against the full price; a plan added and deleted), every instalment schedule and every
 * certificate load as the server answers them.
 */
const e2e = useE2E();

describe('Admin money tabs', () => {
  test("an administrator adds and deletes a program's plan, and opens the Instalments and Certificates tabs", async () => {
    const admin = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
    const program = (await list<Program>(e2e.baseURL, API.programs.list)).find((p) => p.is_active && p.price > 0)!;
    const page = await e2e.newPage();
    await openLoggedIn(page, admin, '/admin?tab=plans');
    const choice = page.getByLabel(/^Program/);
    await visible(choice);
    await choice.selectOption(String(program.id));
    const seeded = page.getByRole('row', { name: /Pay in 3/ });
    await visible(seeded);
    await visible(seeded.getByText(/than the full price/));

    const name = `E2E two parts ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Plan' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Instalments/).fill(`${program.price - 1000}, 0\n1000, 30`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const added = page.getByRole('row', { name: new RegExp(escapeRegExp(name)) });
    await visible(added);
    await visible(added.getByText(/^Same as the full price/));
    await added.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await hidden(added);

    for (const [key, label] of [
      ['instalments', 'Instalments'],
      ['certificates', 'Certificates'],
    ] as const) {
      await page.goto(`/admin?tab=${key}`);
      await visible(page.getByRole('heading', { name: new RegExp(`^${label}`) }));
      await expect.poll(() => page.getByText(MESSAGES.adminLoadFailed).count()).toBe(0);
      await visible(page.getByRole('region', { name: `${label} list` }).or(page.getByText(`No ${key} yet.`)));
    }
  });
});
