import { describe, expect, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { LAYOUT_FONTS } from './support/fonts.ts';
import { overflowing, SCREENSHOT_PAGES, SCREENSHOT_WIDTHS, walkEveryPage } from './support/screenshots.ts';

/**
 * Every page the screenshots show, at 1280 and 390 pixels wide, in the narrow face (tests/e2e/support/fonts.ts).
 * The wide face is checked by the walk that makes the screenshots (screenshots.e2e.test.ts), so each face's
 * walk loads every page once. A file of its own, so it runs beside the screenshots.
 */
const e2e = useE2E();
/** A walk of every page signed in as each role: about 30 s on a quiet machine; the limit only catches a hang. */
const WALK_EVERY_PAGE_MS = 240_000;
const NARROW = LAYOUT_FONTS[1];

// Every page fits the window in the narrow face (the wide one in screenshots.e2e.test.ts): nothing makes a
// 390 px phone (or a 1280 px laptop) scroll sideways, whatever font the visitor's system has.
describe(`Page width in ${NARROW}`, () => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(
      `no page is wider than ${width} px`,
      async () => {
        const walked = await walkEveryPage(e2e.baseURL, (options) => e2e.newContext(options), width, NARROW);
        expect(walked).toHaveLength(SCREENSHOT_PAGES.length);
        expect(overflowing(walked, width)).toEqual([]);
      },
      WALK_EVERY_PAGE_MS,
    );
  }
});
