import { describe, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { hidden, loginForm, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/**
 * Success stories with the student's consent (decision record 079): the demo student's own story is on the
 * Placement page; they withdraw their consent on the dashboard and the story is gone from /placement.
 */
describe('Success story consent', () => {
  test('the demo student withdraws consent on the dashboard and the story leaves /placement', async () => {
    const page = await e2e.newPage();
    await page.goto('/placement');
    const quote = page.getByText(/the mock interviews made the difference/);
    await visible(quote);
    await visible(page.getByRole('heading', { name: 'Rahul Verma', level: 3 }));

    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill('student');
    await form.password.fill('student123');
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your success story' }) });
    await visible(section.getByText(/Published on the Placement page with: my name/));
    await section.getByRole('button', { name: 'Withdraw all consent' }).click();
    await visible(section.getByText('Consent withdrawn. The story is no longer on the public Placement page.'));
    await visible(section.getByText('Not published: you have not given consent.'));

    await page.goto('/placement');
    await visible(page.getByRole('heading', { name: 'Success stories' }));
    await hidden(page.getByText(/the mock interviews made the difference/));
    await hidden(page.getByRole('heading', { name: 'Rahul Verma', level: 3 }));
  });
});
