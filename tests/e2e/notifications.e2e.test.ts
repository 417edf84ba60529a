import { describe, test } from 'vitest';
import { STUDENT } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { exactly, header, hidden, loginForm, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/**
 * Notifications (decision records 073 and 074): the demo student's seeded notifications show on the
 * header's bell; marking them all read on /notifications takes the count away.
 */
describe('Notifications', () => {
  test('the demo student sees the bell’s unread count, opens /notifications, marks all read, the count goes', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(STUDENT.username);
    await form.password.fill(STUDENT.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');

    const bell = header(page).getByRole('button', { name: /^Notifications/ });
    await visible(header(page).getByRole('button', { name: exactly('Notifications, 3 unread') }));
    await bell.click();
    await header(page)
      .getByRole('link', { name: exactly('All notifications') })
      .click();
    await waitForPath(page, '/notifications');
    await visible(page.getByRole('heading', { level: 1, name: exactly('Notifications') }));
    await visible(page.getByRole('heading', { name: exactly('Notification settings') }));

    const list = page.getByRole('list', { name: exactly('Notifications') });
    await visible(list.getByText(exactly('New')).first());
    await page.getByRole('button', { name: exactly('Mark all as read') }).click();
    await hidden(list.getByText(exactly('New')));
    await visible(header(page).getByRole('button', { name: exactly('Notifications') }));
    await hidden(header(page).getByRole('button', { name: /unread/ }));
  });
});
