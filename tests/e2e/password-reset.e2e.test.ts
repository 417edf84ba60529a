import { afterAll, describe, expect, test } from 'vitest';
import { API, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { startInbox } from '../api/support/smtp.ts';
import { linkReceived } from './support/inbox-links.ts';
import { api, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { loginForm, visible, waitForPath } from './support/ui.ts';

// This server sends through a real SMTP server: the reset link exists only in the email as received (the
// outbox and the admin Outbox keep a placeholder).
const inbox = await startInbox();
const e2e = useE2E({ env: { SMTP_URL: inbox.url } });
afterAll(() => inbox.close());

/** The reset link of the newest password-reset email received at `email`, as the student reads it. */
const resetLinkFor = (email: string) => linkReceived(inbox, email, 'reset-password', 'Reset your password');

async function passwordWorks(username: string, password: string): Promise<boolean> {
  return (await api(e2e.baseURL, API.token, { body: { username, password } })).status === 200;
}

describe('Password reset', () => {
  test('a student asks for a link, opens it, sets a new password and logs in with it; the old one no longer works', async () => {
    const student = await registerStudent(e2e.baseURL, 'reset');
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByLabel(/Email/).fill(student.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByRole('status').filter({ hasText: SERVER_MESSAGES.resetRequested }));

    // An address without an account gets the very same answer, and no email.
    const other = await e2e.newPage();
    await other.goto('/forgot-password');
    await other.getByLabel(/Email/).fill('nobody.here@example.in');
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await visible(other.getByRole('status').filter({ hasText: SERVER_MESSAGES.resetRequested }));

    const link = await resetLinkFor(student.email);
    await page.goto(link);
    await page.getByLabel(/New password/).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByText('Password must be at least 8 characters.'));
    const newPassword = 'N3w-reset-pass!';
    await page.getByLabel(/New password/).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('status').filter({ hasText: MESSAGES.passwordResetDone }));

    const form = loginForm(page);
    await form.username.fill(student.username);
    await form.password.fill(newPassword);
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    expect(await passwordWorks(student.username, student.password)).toBe(false);
    // The refresh token issued before the reset was revoked with it.
    expect((await api(e2e.baseURL, API.tokenRefresh, { body: { refresh: student.refresh } })).status).toBe(401);

    // The link is single-use: opened again, it says so and offers to ask for a new one.
    await page.goto(link);
    await page.getByLabel(/New password/).fill('Another-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.resetLinkInvalid }));
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await waitForPath(page, '/forgot-password');
    expect(await passwordWorks(student.username, newPassword)).toBe(true);
  });
});
