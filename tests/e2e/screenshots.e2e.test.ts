import { describe, expect, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { LAYOUT_FONTS } from './support/fonts.ts';
import {
  overflowing,
  SCREENSHOT_DIR,
  SCREENSHOT_PAGES,
  SCREENSHOT_WIDTHS,
  walkEveryPage,
} from './support/screenshots.ts';

/**
 * Screenshots of every page at 1280 and 390 pixels wide, full page, made by the same browser run as the
 * journeys, into docs/screenshots/<page>-<width>.png (shown in the README), in the wide face (DejaVu Sans,
 * Debian's default: tests/e2e/support/fonts.ts). The same walk checks that no page is wider than the window in
 * that face; page-width.e2e.test.ts checks the narrow face.
 * `node --import tsx scripts/screenshots.ts` makes the same files without the rest of the suite.
 */
const e2e = useE2E();
/** A walk of every page signed in as each role: about 30 s on a quiet machine; the limit only catches a hang. */
const WALK_EVERY_PAGE_MS = 240_000;
const WIDE = LAYOUT_FONTS[0];

describe(`Screenshots and page width in ${WIDE}`, () => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(
      `every page at ${width} px: a screenshot each, and none wider than the window`,
      async () => {
        const walked = await walkEveryPage(
          e2e.baseURL,
          (options) => e2e.newContext(options),
          width,
          WIDE,
          SCREENSHOT_DIR,
        );
        expect(walked).toHaveLength(SCREENSHOT_PAGES.length);
        for (const { path, shot } of walked) expect(shot?.bytes ?? 0, path).toBeGreaterThan(1000);
        expect(overflowing(walked, width)).toEqual([]);
      },
      WALK_EVERY_PAGE_MS,
    );
  }
});
