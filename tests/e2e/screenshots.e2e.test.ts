import { describe, expect, test } from 'vitest';
import { useE2E } from './support/fixture.ts';
import { SCREENSHOT_PAGES, SCREENSHOT_WIDTHS, screenshotEveryPage } from './support/screenshots.ts';

/**
 * Screenshots of every page at 1280 and 390 pixels wide, full page, made by the same browser run as the
 * journeys, into docs/screenshots/<page>-<width>.png (shown in the README). Every page's width in the wide
 * and the narrow face is checked in page-width.e2e.test.ts.
 * `node --import tsx scripts/screenshots.ts` makes the same files without the rest of the suite.
 */
const e2e = useE2E();
/** A walk of every page signed in as each role: about 30 s on a quiet machine; the limit only catches a hang. */
const WALK_EVERY_PAGE_MS = 240_000;

describe('Screenshots', () => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(
      `every page at ${width} px`,
      async () => {
        const written = await screenshotEveryPage(e2e.baseURL, (options) => e2e.newPage(options), width);
        expect(written).toHaveLength(SCREENSHOT_PAGES.length);
        for (const { file, bytes } of written) expect(bytes, file).toBeGreaterThan(1000);
      },
      WALK_EVERY_PAGE_MS,
    );
  }
});
