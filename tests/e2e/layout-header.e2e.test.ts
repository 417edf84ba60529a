import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, type TokenPair, type User } from '../../contract/index.ts';
import { ADMIN, adminToken, api, apiOk, login, newStudentData } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { fontsDiffer, forceFont, LAYOUT_FONTS } from './support/fonts.ts';
import { exactly, header, openLoggedIn } from './support/ui.ts';
import { networkQuiet } from './support/browser.ts';

/**
 * The header is one row at every laptop and desktop width, for a visitor, a student and an administrator
 * with a 30-character first name, in a wide and a narrow system font: the links that do not fit are behind
 * More (measured in the browser), none is clipped, and every link is reachable in the row or in More.
 */

const e2e = useE2E();

const WIDTHS = [1024, 1100, 1280, 1440, 1920];
const LINKS = ['Home', 'About', 'Programs', 'Faculty', 'Workshops', 'Placement', 'Resources'];
/** Instructors and administrators also have Teach, last (decision record 050). */
const TEACHING_LINKS = [...LINKS, 'Teach'];
const LONG_FIRST_NAME = 'Lakshminarasimhaswamyvenkatesh';

type Bar = {
  contentHeight: number;
  rowHeight: number;
  middles: number[];
  labels: string[];
  clipped: string[];
  rowLinks: string[];
};

/** Every visible item of the bar, where it sits, and whether any is cut by its box or by the row's end. */
async function measureBar(page: Page): Promise<Bar> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('header.site-header .bar')!;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const items = [...bar.querySelectorAll<HTMLElement>('.brand, a, button, .user-name')].filter(
      (el) => shown(el) && !el.closest('.nav-more-list') && !el.closest('[aria-hidden="true"]'),
    );
    const row = bar.querySelector<HTMLElement>('.nav-links:not(.nav-ruler)')!.getBoundingClientRect();
    const clipped = items
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // The name is cut with an ellipsis on purpose (the whole name in its title), never an item.
        const cut = !el.matches('.user-name, .user-name-text') && el.scrollWidth > el.clientWidth + 1;
        const pastRow = el.closest('.nav-links') !== null && (box.right > row.right + 1 || box.left < row.left - 1);
        return cut || pastRow;
      })
      .map((el) => (el.textContent ?? '').trim());
    const style = getComputedStyle(bar);
    return {
      contentHeight: bar.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
      rowHeight: Math.max(...items.map((el) => el.getBoundingClientRect().height)),
      middles: items.map((el) => {
        const box = el.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
      labels: items.map((el) => (el.textContent ?? '').trim()),
      clipped,
      rowLinks: [...bar.querySelectorAll('.nav-links:not(.nav-ruler) a')].filter(shown).map((a) => a.textContent!),
    };
  });
}

async function longNamedStudent(): Promise<TokenPair> {
  return apiOk<TokenPair>(e2e.baseURL, API.register, {
    body: {
      ...newStudentData('wide'),
      first_name: LONG_FIRST_NAME,
      last_name: 'Venkataramanasubramanian',
      is_adult: true,
    },
  });
}

async function longNamedAdministrator(): Promise<TokenPair> {
  const data = { ...newStudentData('wideadmin'), first_name: LONG_FIRST_NAME, last_name: 'Venkataramanasubramanian' };
  const tokens = await apiOk<TokenPair>(e2e.baseURL, API.register, { body: { ...data, is_adult: true } });
  const me = await apiOk<User>(e2e.baseURL, API.me, { token: tokens.access });
  const token = await adminToken(e2e.baseURL);
  const promoted = await api(e2e.baseURL, API.admin.user(me.id), { method: 'PATCH', token, body: { role: 'admin' } });
  expect(promoted.status).toBe(200);
  return login(e2e.baseURL, data.username, data.password);
}

const ROLES = {
  visitor: async () => null,
  student: longNamedStudent,
  administrator: longNamedAdministrator,
} as const;

describe.each(LAYOUT_FONTS)('the header in %s', (font) => {
  test('the forced fonts are installed and differ', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto('/about');
    const { regular, condensed } = await fontsDiffer(page);
    expect(condensed).toBeLessThan(regular * 0.95);
  });

  for (const [role, tokensFor] of Object.entries(ROLES)) {
    test(`${role}: one row, nothing clipped, every link in the row or behind More, 1024 to 1920 px`, async () => {
      const tokens = await tokensFor();
      const links = role === 'administrator' ? TEACHING_LINKS : LINKS;
      const context = await e2e.newContext({ viewport: { width: 1440, height: 900 } });
      await forceFont(context, font);
      const page = await context.newPage();
      if (tokens) await openLoggedIn(page, tokens, '/about');
      else await page.goto('/about');
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      if (tokens) {
        await page.waitForSelector('header.site-header.signed-in .user-name', { state: 'attached' });
        // The notification bell arrives in its own chunk and then shows its count: the account area is its
        // final width (and the row measured again) only once both are in.
        await page.waitForSelector('header .nav-bell', { state: 'attached' });
        await networkQuiet(page);
      }
      // The forced font is the one the header is drawn in.
      const family = await header(page)
        .getByRole('link', { name: exactly('Home') })
        .evaluate((a) => getComputedStyle(a).fontFamily);
      expect(family.startsWith(`"${font}"`), family).toBe(true);
      if (role === 'administrator') expect(await header(page).getByText('ADMIN', { exact: true }).count()).toBe(1);
      const usedMore: number[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        // The row settles after the ResizeObserver's measurement.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const bar = await measureBar(page);
        const where = `${role} in ${font} at ${width}px: ${bar.labels.join(' | ')}`;
        const spread = Math.max(...bar.middles) - Math.min(...bar.middles);
        expect(spread, where).toBeLessThan(bar.rowHeight / 4);
        expect(bar.contentHeight, where).toBeLessThan(bar.rowHeight * 1.5);
        expect(bar.clipped, where).toEqual([]);
        expect(bar.labels, where).toContain(tokens ? 'Logout' : 'Login');
        // The links are in their order: the first ones in the row, the rest behind More.
        expect(bar.rowLinks, where).toEqual(links.slice(0, bar.rowLinks.length));
        const more = header(page).getByRole('button', { name: 'More' });
        if (bar.rowLinks.length === links.length) {
          expect(await more.isVisible(), where).toBe(false);
          continue;
        }
        usedMore.push(width);
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        await more.click();
        expect(await more.getAttribute('aria-expanded')).toBe('true');
        const menu = header(page).locator('.nav-more-list');
        const behind = await menu.getByRole('link').allTextContents();
        expect(behind, where).toEqual(links.slice(bar.rowLinks.length));
        // Each link behind More is on screen, whole.
        for (const name of behind) {
          const box = (await menu.getByRole('link', { name: exactly(name) }).boundingBox())!;
          expect(box.x + box.width, `${where}: ${name}`).toBeLessThanOrEqual(width);
        }
        // Escape closes it and gives focus back to More.
        await page.keyboard.press('Escape');
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      // A signed-in header with a long name does not fit every link at 1024 px in either font: More was used.
      if (tokens) expect(usedMore).toContain(1024);
      // A visitor's header has room for every link at 1920 px (the bar is 1200 px wide from 1264 px on).
      if (!tokens) expect(usedMore).not.toContain(1920);
    });
  }
});

describe('More with the keyboard', () => {
  test('Tab reaches More, Enter opens it, Tab walks its links, a link navigates and closes it', async () => {
    const tokens = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
    const context = await e2e.newContext({ viewport: { width: 1024, height: 800 } });
    await forceFont(context, 'DejaVu Sans');
    const page = await context.newPage();
    await openLoggedIn(page, tokens, '/about');
    await page.waitForSelector('header.site-header.signed-in .user-name', { state: 'attached' });
    const more = header(page).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(TEACHING_LINKS).toContain(focused);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/about');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
  });
});
