import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, STUDENT, login } from './api.ts';
import { REPO_ROOT } from './app.ts';
import { forceFont, type LayoutFont } from './fonts.ts';
import { ROUTES, settle, type Role } from './routes.ts';
import { setTokens } from './ui.ts';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'docs', 'screenshots');
export const SCREENSHOT_WIDTHS = [1280, 390] as const;
/** The visitor's checkout is the same page as the student's: one screenshot of it is enough. */
export const SCREENSHOT_PAGES = ROUTES.filter((r) => r.name !== 'checkout-visitor');

async function as(baseURL: string, page: Page, role: Role): Promise<void> {
  // The demo student has seeded courses, so the dashboard shows both of its sections filled.
  if (role === 'student') await setTokens(page, await login(baseURL, STUDENT.username, STUDENT.password));
  if (role === 'admin') await setTokens(page, await login(baseURL, ADMIN.username, ADMIN.password));
}

export type Shot = { page: string; path: string; file: string; bytes: number; overflowPx: number };

/**
 * Full-page screenshots of every page at one width into docs/screenshots/<page>-<width>.png.
 * Returns the files written, their sizes, and how many pixels each page overflows the window sideways.
 */
export async function screenshotEveryPage(
  baseURL: string,
  newPage: (options: BrowserContextOptions) => Promise<Page>,
  width: number,
  outDir = SCREENSHOT_DIR,
): Promise<Shot[]> {
  mkdirSync(outDir, { recursive: true });
  const written: Shot[] = [];
  for (const role of ['visitor', 'student', 'admin'] as const) {
    const routes = SCREENSHOT_PAGES.filter((r) => r.role === role);
    if (!routes.length) continue;
    const page = await newPage({ viewport: { width, height: width > 500 ? 800 : 844 }, reducedMotion: 'reduce' });
    await as(baseURL, page, role);
    for (const route of routes) {
      await page.goto(await route.path(baseURL));
      await settle(page);
      const file = join(outDir, `${route.name}-${width}.png`);
      // How far the page is wider than the window (a phone user would have to scroll sideways).
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      written.push({
        page: route.name,
        path: await route.path(baseURL),
        file,
        bytes: statSync(file).size,
        overflowPx: Math.max(0, scrollWidth - width),
      });
    }
  }
  return written;
}

/**
 * How many pixels each page is wider than a window of `width`, with `font` forced on every element (the
 * wide and the narrow face: the width checks must not depend on this machine's default font).
 */
export async function overflowEveryPage(
  baseURL: string,
  newContext: (options: BrowserContextOptions) => Promise<BrowserContext>,
  width: number,
  font: LayoutFont,
): Promise<{ path: string; overflowPx: number }[]> {
  const measured: { path: string; overflowPx: number }[] = [];
  for (const role of ['visitor', 'student', 'admin'] as const) {
    const routes = SCREENSHOT_PAGES.filter((r) => r.role === role);
    if (!routes.length) continue;
    const context = await newContext({ viewport: { width, height: 844 }, reducedMotion: 'reduce' });
    await forceFont(context, font);
    const page = await context.newPage();
    await as(baseURL, page, role);
    for (const route of routes) {
      const path = await route.path(baseURL);
      await page.goto(path);
      await settle(page);
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      measured.push({ path, overflowPx: Math.max(0, scrollWidth - width) });
    }
    await context.close();
  }
  return measured;
}
