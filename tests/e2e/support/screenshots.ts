import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { REPO_ROOT } from './app.ts';
import { forceFont, type LayoutFont } from './fonts.ts';
import { ROUTES, settle, signInAs } from './routes.ts';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'docs', 'screenshots');
export const SCREENSHOT_WIDTHS = [1280, 390] as const;
/** The visitor's checkout is the same page as the student's: one screenshot of it is enough. */
export const SCREENSHOT_PAGES = ROUTES.filter((r) => r.name !== 'checkout-visitor');

/** A screenshot written: its file and its size. */
export type Shot = { file: string; bytes: number };

/** Every page of SCREENSHOT_PAGES, signed in as its role, one page (tab) per role, settled before `visit`. */
async function visitEveryPage<T>(
  baseURL: string,
  openPage: () => Promise<Page>,
  visit: (page: Page, route: (typeof SCREENSHOT_PAGES)[number], path: string) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const role of ['visitor', 'student', 'admin'] as const) {
    const routes = SCREENSHOT_PAGES.filter((r) => r.role === role);
    if (!routes.length) continue;
    const page = await openPage();
    await signInAs(baseURL, page, role);
    for (const route of routes) {
      const path = await route.path(baseURL);
      await page.goto(path);
      await settle(page);
      results.push(await visit(page, route, path));
    }
    await page.close();
  }
  return results;
}

export type Walked = { path: string; overflowPx: number; shot?: Shot };

/**
 * Every page at one width with `font` forced on every element (tests/e2e/support/fonts.ts): how many pixels
 * each page is wider than the window (a phone user would have to scroll sideways), and, when `screenshotDir`
 * is given, a full-page screenshot of each into `<dir>/<page>-<width>.png` (`npm run screenshots`, in the wide
 * face, DejaVu Sans, Debian's default; the suite's page-width walks make none).
 */
export async function walkEveryPage(
  baseURL: string,
  newContext: (options: BrowserContextOptions) => Promise<BrowserContext>,
  width: number,
  font: LayoutFont,
  screenshotDir?: string,
): Promise<Walked[]> {
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
  const viewport = { width, height: width > 500 ? 800 : 844 };
  return visitEveryPage(
    baseURL,
    async () => {
      const context = await newContext({ viewport, reducedMotion: 'reduce' });
      await forceFont(context, font);
      return context.newPage();
    },
    async (page, route, path) => {
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const walked: Walked = { path, overflowPx: Math.max(0, scrollWidth - width) };
      if (!screenshotDir) return walked;
      const file = join(screenshotDir, `${route.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      return { ...walked, shot: { file, bytes: statSync(file).size } };
    },
  );
}

/** The pages of a walk wider than the window, as `<path> is N px wider than <width>px`. */
export function overflowing(walked: Walked[], width: number): string[] {
  return walked.filter((w) => w.overflowPx > 0).map((w) => `${w.path} is ${w.overflowPx}px wider than ${width}px`);
}
