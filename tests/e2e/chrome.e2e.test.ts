import { describe, expect, test } from 'vitest';
import { ADMIN, login, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { exactly, header, openLoggedIn, storedTokens, visible, waitForPath } from './support/ui.ts';

/** The spec's last miss: Logout from any page ends on / logged out. */

const e2e = useE2E();

describe('Logout from any page', () => {
  for (const where of ['/admin', '/dashboard'] as const) {
    test(`from ${where}: ends on / logged out`, async () => {
      const tokens =
        where === '/admin'
          ? await login(e2e.baseURL, ADMIN.username, ADMIN.password)
          : await registerStudent(e2e.baseURL, 'bye');
      const page = await e2e.newPage();
      await openLoggedIn(page, tokens, where);
      // Signed in: the header shows the account area (maybe behind the Menu button).
      await page.waitForSelector('header.site-header.signed-in .user-name', { state: 'attached' });
      const logout = header(page).getByRole('button', { name: exactly('Logout') });
      await (await visible(logout)).click();
      await waitForPath(page, '/');
      await visible(header(page).getByRole('link', { name: exactly('Login') }));
      expect(new URL(page.url()).search).toBe('');
      await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
    });
  }
});

// The header's one row at every width, in a wide and a narrow font: layout-header.e2e.test.ts.
