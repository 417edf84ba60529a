/**
 * Screenshots of every page at 1280 and 390 px into docs/screenshots/ without running the whole
 * end-to-end suite: starts the app as `npm start` does on a fresh database in a temporary directory,
 * drives Debian's Chromium headless shell (the wide face forced, as the suite's walk of that face does), stops the app.
 * The end-to-end suite's page-width walks load the same pages without writing screenshots.
 *
 *   node --import tsx scripts/screenshots.ts
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { REPO_ROOT, startApp } from '../tests/e2e/support/app.ts';
import { CHROMIUM_PATH, launchBrowser, newContext } from '../tests/e2e/support/browser.ts';
import { LAYOUT_FONTS } from '../tests/e2e/support/fonts.ts';
import { SCREENSHOT_DIR, SCREENSHOT_WIDTHS, walkEveryPage } from '../tests/e2e/support/screenshots.ts';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `Chromium is missing at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium-headless-shell).`,
  );
  process.exit(1);
}
const app = await startApp({ timeoutMs: 180_000 });
const browser = await launchBrowser();
let failed = false;
try {
  for (const width of SCREENSHOT_WIDTHS) {
    const walked = await walkEveryPage(
      app.baseURL,
      (options) => newContext(browser, app.baseURL, options),
      width,
      LAYOUT_FONTS[0],
      SCREENSHOT_DIR,
    );
    for (const { path, shot } of walked) {
      // A page that rendered nothing makes a file of a few hundred bytes (the suite checked this while it made them).
      if (!shot || shot.bytes <= 1000) {
        failed = true;
        console.error(`${path} at ${width} px: the screenshot is missing or empty (${shot?.bytes ?? 0} bytes)`);
      } else console.log(`${relative(REPO_ROOT, shot.file)}  ${Math.round(shot.bytes / 1024)} KiB`);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await app.stop();
}
process.exit(failed ? 1 : 0);
