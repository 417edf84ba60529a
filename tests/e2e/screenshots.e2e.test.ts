import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, STUDENT, login } from './support/api.ts';
import { REPO_ROOT } from './support/app.ts';
import { useE2E } from './support/fixture.ts';
import { ROUTES, settle, type Role } from './support/routes.ts';
import { setTokens } from './support/ui.ts';

/**
 * Screenshots of every page at 1280 and 390 pixels wide, full page, made by the same browser run as the
 * journeys, into docs/screenshots/<page>-<width>.png (shown in the README).
 */
const e2e = useE2E();
const OUT = join(REPO_ROOT, 'docs', 'screenshots');
const WIDTHS = [1280, 390] as const;
/** The visitor's checkout is the same page as the student's: one screenshot of it is enough. */
const PAGES = ROUTES.filter((r) => r.name !== 'checkout-visitor');

async function as(page: Page, role: Role): Promise<void> {
  // The demo student has seeded courses, so the dashboard shows both of its sections filled.
  if (role === 'student') await setTokens(page, await login(e2e.baseURL, STUDENT.username, STUDENT.password));
  if (role === 'admin') await setTokens(page, await login(e2e.baseURL, ADMIN.username, ADMIN.password));
}

describe('Screenshots', () => {
  for (const width of WIDTHS) {
    test(`every page at ${width} px`, async () => {
      mkdirSync(OUT, { recursive: true });
      for (const role of ['visitor', 'student', 'admin'] as const) {
        const routes = PAGES.filter((r) => r.role === role);
        if (!routes.length) continue;
        const page = await e2e.newPage({ viewport: { width, height: width > 500 ? 800 : 844 }, reducedMotion: 'reduce' });
        await as(page, role);
        for (const route of routes) {
          await page.goto(await route.path(e2e.baseURL));
          await settle(page);
          const file = join(OUT, `${route.name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
          expect(statSync(file).size).toBeGreaterThan(1000);
        }
      }
    });
  }
});
