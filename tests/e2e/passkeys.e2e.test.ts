import { describe, expect, test } from 'vitest';
import { registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { PASSKEY_HOST_MESSAGES } from '../../contract/index.ts';
import { exactly, header, loginForm, openLoggedIn, storedTokens, visible, waitForPath } from './support/ui.ts';

/**
 * Passkeys in Chromium with the DevTools virtual authenticator (a platform authenticator that keeps
 * discoverable credentials and verifies its user). WebAuthn needs a secure context and an RP ID that is
 * a domain: the page is opened at http://localhost:<port>, which the server's default relying party is
 * (WEBAUTHN_ORIGIN defaults to PUBLIC_URL, http://localhost:<PORT>; the RP ID to its host, localhost).
 * A student adds a passkey on /account, signs out, signs in with "Sign in with a passkey", and, signing
 * in with the password later, passes the second step with "Use a passkey".
 */
const e2e = useE2E();

describe('Passkeys', () => {
  test('a student adds a passkey, then signs in with it alone and as the second step', async () => {
    const student = await registerStudent(e2e.baseURL, 'passkey');
    const origin = `http://localhost:${e2e.app.port}`;
    const page = await e2e.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const signInWithPassword = async () => {
      await page.goto(`${origin}/login`);
      const form = loginForm(page);
      await form.username.fill(student.username);
      await form.password.fill(student.password);
      await form.submit.click();
    };
    const signOut = async () => {
      await (await visible(header(page).getByRole('button', { name: exactly('Logout') }))).click();
      await waitForPath(page, '/');
      await visible(header(page).getByRole('link', { name: exactly('Login') }));
      await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
    };

    await signInWithPassword();
    await waitForPath(page, '/dashboard');

    // Add a passkey with a name: it is listed.
    await page.goto(`${origin}/account`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await (await visible(section.getByLabel('Name of the new passkey'))).fill('This laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await visible(section.getByText('Passkey added.'));
    await visible(section.getByRole('list', { name: 'Passkeys' }).getByText('This laptop'));
    // The authenticator keeps one discoverable credential for the RP ID localhost.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => [c.rpId, c.isResidentCredential])).toEqual([['localhost', true]]);

    // Signed out, the passkey alone signs in.
    await signOut();
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/dashboard');

    // With the password, the passkey is the second step.
    await signOut();
    await signInWithPassword();
    await visible(page.getByRole('heading', { name: 'Two-step verification' }));
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).host).toBe(`localhost:${e2e.app.port}`);
  });

  test('at an IP address the login page offers no passkey, and the account says passkeys need the site name', async () => {
    const student = await registerStudent(e2e.baseURL, 'passkey-ip');
    const page = await e2e.newPage();
    // e2e.baseURL is http://127.0.0.1:<port>: no browser can use a passkey there.
    expect(new URL(e2e.baseURL).hostname).toBe('127.0.0.1');
    await page.goto(`${e2e.baseURL}/login`);
    await visible(loginForm(page).submit);
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
    await openLoggedIn(page, student, '/account');
    await visible(page.getByText(PASSKEY_HOST_MESSAGES.needsName));
    const link = page.getByRole('link', { name: PASSKEY_HOST_MESSAGES.openLocalhost });
    expect(await link.getAttribute('href')).toBe(`http://localhost:${e2e.app.port}/account`);
    expect(await page.getByLabel('Name of the new passkey').isVisible()).toBe(false);
  });
});
