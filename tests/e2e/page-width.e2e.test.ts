import { describe, expect, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { LAYOUT_FONTS } from './support/fonts.ts';
import { overflowing, SCREENSHOT_PAGES, SCREENSHOT_WIDTHS, walkEveryPage } from './support/screenshots.ts';

/**
 * Every page the screenshots show, at 1280 and 390 pixels wide, in both layout faces (tests/e2e/support/fonts.ts):
 * DejaVu Sans, Debian's default and among the widest, and DejaVu Sans Condensed, a narrow one. Each face's walk
 * loads every page once per width, as a visitor with that font would (the header measures its space when the
 * page loads, so a face switched on a loaded page would not show what that visitor sees). The walk makes no
 * screenshots: `npm run screenshots` (scripts/screenshots.ts) makes docs/screenshots with the same routine,
 * so a test run leaves the working tree as it found it.
 */
const e2e = useE2E();
/** A walk of every page signed in as each role: about 30 s on a quiet machine; the limit only catches a hang. */
const WALK_EVERY_PAGE_MS = 240_000;

// Nothing makes a 390 px phone (or a 1280 px laptop) scroll sideways, whatever font the visitor's system has.
for (const font of LAYOUT_FONTS) {
  describe(`Page width in ${font}`, () => {
    for (const width of SCREENSHOT_WIDTHS) {
      test(
        `no page is wider than ${width} px`,
        async () => {
          const walked = await walkEveryPage(e2e.baseURL, (options) => e2e.newContext(options), width, font);
          expect(walked).toHaveLength(SCREENSHOT_PAGES.length);
          expect(overflowing(walked, width)).toEqual([]);
        },
        WALK_EVERY_PAGE_MS,
      );
    }
  });
}
