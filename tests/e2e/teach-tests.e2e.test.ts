import { describe, expect, test } from 'vitest';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { login } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { hidden, openLoggedIn, visible } from './support/ui.ts';

const e2e = useE2E();

/** How far the page scrolls sideways (0: it fits the window). */
const overflow = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('The instructor’s tests', () => {
  test('on a 390 px phone the demo instructor adds a test with a question from the bank, then deletes it', async () => {
    const tokens = await login(e2e.baseURL, DEMO_INSTRUCTOR.username, DEMO_INSTRUCTOR.password);
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await openLoggedIn(page, tokens, '/teach');
    await page.getByRole('navigation', { name: 'Instructor area' }).getByRole('link', { name: 'Tests' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Tests' }));
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const title = `E2E quiz ${Date.now()}`;
    await page.getByRole('button', { name: 'Add test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add test' });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel('Kind').selectOption('quiz');
    await dialog.getByRole('button', { name: 'Choose questions for Section A' }).click();
    const picker = dialog.getByRole('group', { name: 'Choose questions for Section A' });
    await picker.getByRole('checkbox').first().check();
    await dialog.getByLabel(/^Opens at \(IST\)/).fill('2030-01-10T10:00');
    await dialog.getByLabel(/^Closes at \(IST\)/).fill('2030-01-10T18:00');
    await dialog.getByLabel(/^Certificate rule/).check();
    expect(await overflow(page), 'the open dialog fits the phone').toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Save test' }).click();
    await hidden(dialog);
    await visible(page.getByText('Item created successfully!'));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await visible(card.getByText('Upcoming'));
    await visible(card.getByText('Certificate rule'));
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete test' });
    await visible(confirm.getByText(/No student has attempted it/));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await hidden(page.getByRole('heading', { name: title }));
  });
});
