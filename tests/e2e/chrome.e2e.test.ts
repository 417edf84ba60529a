import { describe, expect, test } from 'vitest';
import { API, type TokenPair } from '../../contract/index.ts';
import { ADMIN, apiOk, login, newStudentData, registerStudent } from './support/api.ts';
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
      // The admin header at laptop widths collapses into the menu: open it when the button is hidden.
      if (!(await logout.isVisible())) await header(page).getByRole('button', { name: /menu/i }).click();
      await (await visible(logout)).click();
      await waitForPath(page, '/');
      await visible(header(page).getByRole('link', { name: exactly('Login') }));
      expect(new URL(page.url()).search).toBe('');
      await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
    });
  }
});

/**
 * The spec's last miss: the header fits on one line for every role at laptop and desktop widths, or
 * collapses into the menu before it would wrap. Measured in the browser: every visible item of the bar
 * (brand, links, account area, menu button) sits on one row, and the header is no taller than one row.
 */
type Row = { contentHeight: number; rowHeight: number; tops: number[]; labels: string[] };

async function measureHeader(page: import('playwright-core').Page): Promise<Row> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.site-header .bar')!;
    const items = [...bar.querySelectorAll<HTMLElement>('a, button, .user-name')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
    const brand = bar.querySelector<HTMLElement>('.brand')!.getBoundingClientRect();
    return {
      // The bar's content box: the header's height without its padding.
      contentHeight: (() => {
        const style = getComputedStyle(bar);
        return bar.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      })(),
      rowHeight: Math.max(brand.height, ...items.map((el) => el.getBoundingClientRect().height)),
      tops: items.map((el) => {
        const box = el.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
      labels: items.map((el) => (el.textContent ?? '').trim()),
    };
  });
}

describe('The header at 1024, 1280 and 1440 px', () => {
  const roles = {
    visitor: async () => null,
    // The worst case: a long name (cut with an ellipsis in the bar).
    student: async () =>
      apiOk<TokenPair>(e2e.baseURL, API.register, {
        body: { ...newStudentData('wide'), last_name: 'Venkataramanasubramanian' },
      }),
    administrator: async () => login(e2e.baseURL, ADMIN.username, ADMIN.password),
  } as const;
  for (const [role, tokensFor] of Object.entries(roles)) {
    test(`${role}: one line at every width`, async () => {
      const tokens = await tokensFor();
      const page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
      if (tokens) await openLoggedIn(page, tokens, '/');
      else await page.goto('/');
      if (tokens) await page.waitForSelector('header.site-header.signed-in .user-name', { state: 'attached' });
      for (const width of [1024, 1180, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        const row = await measureHeader(page);
        // Every visible item's middle is on the same line (within a quarter of a row) ...
        const spread = Math.max(...row.tops) - Math.min(...row.tops);
        expect(spread, `${role} at ${width}px: ${row.labels.join(' | ')}`).toBeLessThan(row.rowHeight / 4);
        // ... and the bar is one row tall, not two.
        expect(row.contentHeight, `${role} at ${width}px`).toBeLessThan(row.rowHeight * 1.5);
        // Whatever is not on the row is reachable: the account area is shown or the menu button is.
        const account = tokens ? 'Logout' : 'Login';
        const reachable =
          row.labels.some((label) => label === account) || row.labels.some((label) => /menu/i.test(label));
        expect(reachable, `${role} at ${width}px: ${row.labels.join(' | ')}`).toBe(true);
      }
    });
  }
});
