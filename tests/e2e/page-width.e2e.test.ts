import { describe, expect, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { LAYOUT_FONTS } from './support/fonts.ts';
import { overflowEveryPage, SCREENSHOT_PAGES, SCREENSHOT_WIDTHS } from './support/screenshots.ts';

/**
 * Every page the screenshots show (screenshots.e2e.test.ts), at 1280 and 390 pixels wide, in the wide and the
 * narrow face (tests/e2e/support/fonts.ts). A file of its own, so it runs beside the screenshots.
 */
const e2e = useE2E();
/** A walk of every page signed in as each role: about 30 s on a quiet machine; the limit only catches a hang. */
const WALK_EVERY_PAGE_MS = 240_000;

// Every page fits the window in the wide and the narrow face: nothing makes a 390 px phone (or a 1280 px
// laptop) scroll sideways, whatever font the visitor's system has.
describe.each(LAYOUT_FONTS)('Page width in %s', (font) => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(
      `no page is wider than ${width} px`,
      async () => {
        const measured = await overflowEveryPage(e2e.baseURL, (options) => e2e.newContext(options), width, font);
        expect(measured).toHaveLength(SCREENSHOT_PAGES.length);
        const overflowing = measured
          .filter((s) => s.overflowPx > 0)
          .map((s) => `${s.path} is ${s.overflowPx}px wider than ${width}px`);
        expect(overflowing).toEqual([]);
      },
      WALK_EVERY_PAGE_MS,
    );
  }
});
