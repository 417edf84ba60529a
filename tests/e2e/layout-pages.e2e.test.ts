import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import { API, type Program } from '../../contract/index.ts';
import { ADMIN, adminToken, apiOk, list, login } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { forceFont, LAYOUT_FONTS } from './support/fonts.ts';
import { openLoggedIn } from './support/ui.ts';
import { networkQuiet } from './support/browser.ts';

/**
 * Pages that must hold in any font: the admin panel's tabs all on screen and whole at 1280 and 390 px,
 * the Programs page's filters lined up with an uncut placeholder and, on a phone, behind one button; and
 * no public page trips its own Content-Security-Policy in Chromium.
 */

const e2e = useE2E();

const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe.each(LAYOUT_FONTS)('in %s', (font) => {
  // The admin sections (tabs, or a menu where they need more than two rows): layout-screens.e2e.test.ts.
  test('admin tabs at 1280 px: every tab shown is whole, no label broken inside a word', async () => {
    const tokens = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
    const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
    await forceFont(context, font);
    const page = await context.newPage();
    await openLoggedIn(page, tokens, '/admin');
    await page.locator('.admin-sections').waitFor();
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await settle(page);
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role="tab"], .admin-menu-button')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
  });

  test('Programs at 1280 px: the filters line up and the search placeholder is whole', async () => {
    const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
    await forceFont(context, font);
    const page = await context.newPage();
    await page.goto('/programs');
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await settle(page);
    const form = await page.evaluate(() => {
      const section = document.querySelector<HTMLElement>('[aria-label="Filter programs"]')!;
      const rows = [...section.querySelectorAll<HTMLElement>('.filter-row')].map((row) => {
        const label = row.querySelector<HTMLElement>('.filter-label')!;
        const control = row.querySelector<HTMLElement>('input, button')!;
        const baseline = (el: HTMLElement) => {
          // The baseline of an element's first line: an empty inline-block's bottom edge sits on it.
          const probe = document.createElement('span');
          probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
          const host = el.tagName === 'INPUT' ? null : el;
          if (!host) return null;
          host.prepend(probe);
          const y = probe.getBoundingClientRect().bottom;
          probe.remove();
          return y;
        };
        return {
          name: label.textContent,
          labelLeft: label.getBoundingClientRect().left,
          controlLeft: control.getBoundingClientRect().left,
          labelBaseline: baseline(label),
          controlBaseline: baseline(control),
          controlHeight: control.getBoundingClientRect().height,
        };
      });
      const input = section.querySelector<HTMLInputElement>('input[type="search"]')!;
      const style = getComputedStyle(input);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const placeholderWidth = canvas.measureText(input.placeholder).width;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { rows, placeholderWidth, room };
    });
    expect(form.rows.map((row) => row.name)).toEqual(['Search programs', 'Level', 'Category', 'Target audience']);
    // Labels in one column, controls in another.
    expect(new Set(form.rows.map((row) => Math.round(row.labelLeft))).size).toBe(1);
    expect(new Set(form.rows.map((row) => Math.round(row.controlLeft))).size).toBe(1);
    // The search box and the chips have one height; each chip row's label shares the chips' baseline.
    const heights = form.rows.map((row) => row.controlHeight);
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
    for (const row of form.rows.slice(1)) {
      expect(Math.abs(row.labelBaseline! - row.controlBaseline!), row.name!).toBeLessThanOrEqual(1);
    }
    expect(form.placeholderWidth).toBeLessThanOrEqual(form.room);
  });

  test('Programs at 390 px: the filters wait behind one Filters button and a program shows on the first screen', async () => {
    const context = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await forceFont(context, font);
    const page = await context.newPage();
    await page.goto('/programs');
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Search programs').isVisible()).toBe(false);
    const card = page.getByRole('article').first();
    const box = (await card.boundingBox())!;
    expect(box.y).toBeLessThan(844);
    // Open: the search box, whole placeholder included, and the chips; a chip filters and the count shows.
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const search = page.getByLabel('Search programs');
    expect(await search.isVisible()).toBe(true);
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return canvas.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await page.getByRole('button', { name: 'Beginner' }).click();
    await expect.poll(() => toggle.textContent()).toBe('Filters (1)');
    await toggle.click();
    expect(await search.isVisible()).toBe(false);
  });
});

describe('the Content-Security-Policy in Chromium', () => {
  test('no public page logs a CSP violation or a console error, with a catalogue of 12 programs', async () => {
    // Past the size where React once outlined the list into a script-revealed segment.
    const token = await adminToken(e2e.baseURL);
    const programs = await list<Program>(e2e.baseURL, API.programs.list);
    for (let i = programs.length; i < 12; i++) {
      await apiOk(e2e.baseURL, API.programs.create, {
        token,
        body: {
          title: `Credit Appraisal Batch ${i + 1}`,
          description: 'Term-loan appraisal and CMA data on real cases.',
          level: 'beginner',
          category: 'credit_analyst',
          target_audience: 'graduates',
          price: 45_000,
          duration_weeks: 12,
        },
      });
    }
    const context = await e2e.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) =>
        window.reportViolation(location.pathname + ': ' + e.violatedDirective + ' ' + e.blockedURI));`,
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      if (path === '/programs') expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(12);
      await networkQuiet(page);
    }
    expect(problems).toEqual([]);
  });
});
