import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ASSESSMENT_PATHS, type StudentTest } from '../../contract/index.ts';
import { list, login, STUDENT } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, loginForm, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();
const palette = (page: Page) => page.getByRole('navigation', { name: 'Question palette' });
const unsaved = (page: Page) => palette(page).getByRole('button', { name: /not yet saved/ });

/** Answers the question on screen: its first option, or 42 for a numeric one; then Save & Next. */
async function answerAndNext(page: Page): Promise<void> {
  const choice = page
    .locator('.exam-question')
    .getByRole('radio')
    .or(page.locator('.exam-question').getByRole('checkbox'));
  if ((await choice.count()) > 0) await choice.first().check();
  else await page.getByRole('spinbutton', { name: 'Your answer (a number)' }).fill('42');
  await page.getByRole('button', { name: 'Save & Next' }).click();
}

describe('The exam screen', () => {
  test('the demo student answers the open mock test, partly offline, reloads, submits and sees the result', async () => {
    const { access } = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const tests = await list<StudentTest>(e2e.baseURL, ASSESSMENT_PATHS.studentTests, access);
    const mock = tests.find((t) => t.kind === 'mock' && t.state === 'open' && !t.open_attempt);
    expect(mock, 'the seed opens a mock test to the demo student').toBeDefined();

    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(STUDENT.username);
    await form.password.fill(STUDENT.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('link', { name: new RegExp(`^Start: ${escapeRegExp(mock!.title)}$`) }).click();
    await waitForPath(page, `/tests/${mock!.id}`);
    await visible(page.getByRole('heading', { level: 1, name: mock!.title }));
    await visible(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Banking regulation' }),
    );

    await answerAndNext(page);
    await answerAndNext(page);
    await visible(palette(page).getByRole('button', { name: /^2: Answered$/ }));
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/tests/:id', violations)).toEqual([]);

    // Offline for two answers: they wait in the queue, marked "not yet saved", and go when it returns.
    await page.context().setOffline(true);
    await answerAndNext(page);
    await answerAndNext(page);
    await visible(palette(page).getByRole('button', { name: '4: Answered, not yet saved' }));
    await visible(page.getByText(/You are offline/));
    await page.context().setOffline(false);
    await expect.poll(() => unsaved(page).count(), { timeout: 15_000 }).toBe(0);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // A reload resumes the same attempt with its four answers kept by the server.
    await page.reload();
    await visible(palette(page).getByRole('button', { name: /^4: Answered$/ }));
    for (const n of [1, 2, 3])
      await visible(palette(page).getByRole('button', { name: new RegExp(`^${n}: Answered$`) }));

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(page.getByText(/You have answered 4 of \d+ questions/));
    await page.getByRole('button', { name: 'Yes, submit the test' }).click();
    await waitForPath(page, /^\/tests\/\d+\/result\/\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: `Result: ${mock!.title}` }));
    await visible(page.getByText('Score', { exact: true }));
    await visible(page.getByRole('heading', { name: 'Questions and answers' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
