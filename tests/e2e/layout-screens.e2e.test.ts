import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, DELIVERY_PATHS, type Course, type Enrollment } from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { ADMIN, apiOk, list, login, STUDENT } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { forceFont, LAYOUT_FONTS, type LayoutFont } from './support/fonts.ts';
import { openLoggedIn, visible } from './support/ui.ts';

/**
 * Working screens in any font (decision 068), in the wide and the narrow face: the admin sections take
 * at most two rows and every one is reachable, no stat figure overflows its tile and the header's name is
 * whole at 1280 px; on a 390 px phone the instructor's Take attendance is on screen without scrolling
 * sideways, nor is any part of the attendance sheet it opens, and the student's course page keeps the full
 * timetable collapsed below the next class, with the lessons within two screens.
 */
const e2e = useE2E();

const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function openAs(font: LayoutFont, width: number, user: { username: string; password: string }, path: string) {
  const tokens = await login(e2e.baseURL, user.username, user.password);
  const context: BrowserContext = await e2e.newContext({ viewport: { width, height: 900 } });
  await forceFont(context, font);
  const page = await context.newPage();
  await openLoggedIn(page, tokens, path);
  return { page, tokens };
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(LAYOUT_FONTS)('in %s', (font) => {
  for (const width of [1280, 390]) {
    test(`admin at ${width} px: the sections take at most two rows and each is reachable; figures fit their tiles`, async () => {
      const { page } = await openAs(font, width, ADMIN, '/admin');
      await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
      await page.locator('.stat').first().waitFor();
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      await settle(page);
      const report = await page.evaluate(() => {
        const sections = document.querySelector<HTMLElement>('.admin-sections')!;
        const tab = document.querySelector<HTMLElement>('.tabs-ruler .tab')!;
        const shown = sections.querySelector<HTMLElement>('[role="tablist"], .admin-menu')!;
        const name = document.querySelector<HTMLElement>('.user-name-text');
        return {
          height: shown.getBoundingClientRect().height,
          rowHeight: tab.getBoundingClientRect().height,
          menu: shown.classList.contains('admin-menu'),
          right: shown.getBoundingClientRect().right,
          tiles: [...document.querySelectorAll<HTMLElement>('.stat')].map((tile) => {
            const value = tile.querySelector<HTMLElement>('.value')!;
            const t = tile.getBoundingClientRect();
            const v = value.getBoundingClientRect();
            return {
              text: value.textContent,
              fits: v.left >= t.left - 0.5 && v.right <= t.right + 0.5 && value.scrollWidth <= value.clientWidth + 1,
            };
          }),
          nameCut: name ? name.scrollWidth > name.clientWidth + 1 : null,
        };
      });
      const where = `${font} at ${width}px`;
      // Two rows of tabs at most (a gap and the border between them allowed), or the one Section button.
      expect(report.height, where).toBeLessThanOrEqual(2 * report.rowHeight + 16);
      expect(report.right, where).toBeLessThanOrEqual(width);
      for (const tile of report.tiles) expect(tile.fits, `${tile.text} in ${where}`).toBe(true);
      if (width === 1280) expect(report.nameCut, `the header's name in ${where}`).toBe(false);
      expect(await pageOverflow(page), where).toBeLessThanOrEqual(0);
      // The last section is reachable as a person would reach it.
      if (report.menu) {
        await page.getByRole('button', { name: /^Section:/ }).click();
        await page.locator('.admin-menu-list button').last().click();
        await expect.poll(() => page.locator('.admin-menu-list button[aria-current="page"]').count()).toBe(1);
        expect(await page.getByRole('button', { name: /^Section:/ }).getAttribute('aria-expanded')).toBe('false');
      } else {
        const last = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').last();
        await last.click();
        await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
      }
    });
  }

  test('instructor at 390 px: Take attendance and the attendance sheet are on screen without scrolling sideways', async () => {
    const student = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
    const enrollment = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch)!;
    const course = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(enrollment.id), { token: student.access });
    const { page } = await openAs(font, 390, DEMO_INSTRUCTOR, `/teach/batches/${course.batch!.id}`);
    const take = page.getByRole('button', { name: /(Take|Correct) attendance for/ }).first();
    await visible(take);
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await settle(page);
    const box = (await take.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The sheet itself: every student's box and name, and its buttons, within the 390 px.
    await take.click();
    const sheet = page.locator('.attendance-sheet');
    await visible(sheet.getByRole('checkbox').first());
    await settle(page);
    const outside = await sheet.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('input, label, button')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5);
        })
        .map((el) => el.textContent || el.getAttribute('name') || el.tagName),
    );
    expect(outside).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('student at 390 px: the next class comes first and the full timetable is collapsed', async () => {
    const tokens = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, tokens.access);
    const enrollment = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch)!;
    const { page } = await openAs(font, 390, STUDENT, `/learn/${enrollment.id}`);
    const toggle = page.getByRole('button', { name: /^Timetable \(/ });
    await visible(toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#timetable-list').isVisible()).toBe(false);
    // The next class comes before the (collapsed) timetable.
    const next = (await page.locator('#next-session-title').boundingBox())!;
    expect(next.y).toBeLessThan((await toggle.boundingBox())!.y);
    // The lessons start within two screens, not after every class of the timetable.
    const lessons = (await page.getByRole('navigation', { name: 'Lessons' }).boundingBox())!;
    expect(lessons.y).toBeLessThan(2 * 900);
    await toggle.click();
    expect(await page.locator('#timetable-list').isVisible()).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
