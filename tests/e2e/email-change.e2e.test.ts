import { afterAll, describe, expect, test } from 'vitest';
import { API, IDENTITY_MESSAGES, type TokenPair, type User } from '../../contract/index.ts';
import { startInbox } from '../api/support/smtp.ts';
import { linkReceived } from './support/inbox-links.ts';
import { api, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { loginForm, section, visible, waitForPath } from './support/ui.ts';

// This server sends through a real SMTP server: the confirmation and undo links exist only in the emails
// as received (the outbox and the admin Outbox keep placeholders), as reset links do (decision record 063).
const inbox = await startInbox();
const e2e = useE2E({ env: { SMTP_URL: inbox.url } });
afterAll(() => inbox.close());

const linkFor = (email: string, page: 'confirm-email' | 'undo-email-change') => linkReceived(inbox, email, page);

async function me(username: string, password: string): Promise<User> {
  const tokens = (await api<TokenPair>(e2e.baseURL, API.token, { body: { username, password } })).body;
  return (await api<User>(e2e.baseURL, API.me, { token: tokens.access })).body;
}

describe('Changing the email address', () => {
  test('a student changes their address with the password, confirms the new one from its link, then undoes the change from the old address', async () => {
    const student = await registerStudent(e2e.baseURL, 'mover');
    const newEmail = `new.${student.email}`;
    const page = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(student.username);
    await form.password.fill(student.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');

    await page.goto('/account');
    const email = section(page, /^Email address$/);
    await visible(email.getByText(student.email));
    await email.getByLabel('New email address').fill(newEmail);
    await email.getByLabel('Current password').fill('not-my-password');
    await email.getByRole('button', { name: 'Change email' }).click();
    await visible(email.getByText('The password is not correct.'));
    await email.getByLabel('Current password').fill(student.password);
    await email.getByRole('button', { name: 'Change email' }).click();
    await visible(email.getByRole('status').filter({ hasText: IDENTITY_MESSAGES.emailChanged }));
    await visible(email.getByText(/not confirmed yet/));
    // Every other login ended with the change.
    expect((await api(e2e.baseURL, API.tokenRefresh, { body: { refresh: student.refresh } })).status).toBe(401);

    // The new address's owner opens the confirmation link.
    await page.goto(await linkFor(newEmail, 'confirm-email'));
    await visible(page.getByText(IDENTITY_MESSAGES.confirmed));
    expect(await me(student.username, student.password)).toMatchObject({ email: newEmail, email_verified: true });
    await page.goto('/account');
    await visible(section(page, /^Email address$/).getByText(/confirmed\./));

    // The old address's owner undoes it (in another browser): the address is back, every device signed out.
    const old = await e2e.newPage();
    await old.goto(await linkFor(student.email, 'undo-email-change'));
    await old.getByRole('button', { name: 'Undo the change' }).click();
    await visible(old.getByText(IDENTITY_MESSAGES.undone));
    await old.getByRole('link', { name: 'Set a new password' }).click();
    await waitForPath(old, '/forgot-password');
    expect(await me(student.username, student.password)).toMatchObject({ email: student.email });
    // The first browser's login ended: its next refresh sends it to the login page.
    const stored = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect((await api(e2e.baseURL, API.tokenRefresh, { body: { refresh: stored } })).status).toBe(401);
  });
});
