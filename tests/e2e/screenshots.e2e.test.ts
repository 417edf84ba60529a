import { describe, expect, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { LAYOUT_FONTS } from './support/fonts.ts';
import { overflowEveryPage, SCREENSHOT_PAGES, SCREENSHOT_WIDTHS, screenshotEveryPage } from './support/screenshots.ts';

/**
 * Screenshots of every page at 1280 and 390 pixels wide, full page, made by the same browser run as the
 * journeys, into docs/screenshots/<page>-<width>.png (shown in the README); and every page's width checked
 * in the wide and the narrow face (tests/e2e/support/fonts.ts).
 * `node --import tsx scripts/screenshots.ts` makes the same files without the rest of the suite.
 */
const e2e = useE2E();

describe('Screenshots', () => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(`every page at ${width} px`, async () => {
      const written = await screenshotEveryPage(e2e.baseURL, (options) => e2e.newPage(options), width);
      expect(written).toHaveLength(SCREENSHOT_PAGES.length);
      for (const { file, bytes } of written) expect(bytes, file).toBeGreaterThan(1000);
    });
  }
});

// Every page fits the window in the wide and the narrow face: nothing makes a 390 px phone (or a 1280 px
// laptop) scroll sideways, whatever font the visitor's system has.
describe.each(LAYOUT_FONTS)('Page width in %s', (font) => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(`no page is wider than ${width} px`, async () => {
      const measured = await overflowEveryPage(e2e.baseURL, (options) => e2e.newContext(options), width, font);
      expect(measured).toHaveLength(SCREENSHOT_PAGES.length);
      const overflowing = measured
        .filter((s) => s.overflowPx > 0)
        .map((s) => `${s.path} is ${s.overflowPx}px wider than ${width}px`);
      expect(overflowing).toEqual([]);
    });
  }
});
