import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
import { NOTIFY_PATHS } from '../../../contract/index.ts';

/**
 * Debian's Chromium headless shell (apt package `chromium-headless-shell`, built from the same source package and
 * version as `chromium`): Blink and V8 without the browser's UI processes, the build Playwright itself runs for
 * headless tests. It takes half the CPU of `chromium --headless` for the same pages (decision record 093). The
 * suite never downloads a browser.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 };

/** A fresh context (own cookies and localStorage) for one test. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  context.on('page', track);
  return context;
}

/**
 * The unread count's event stream (decision record 080) stays open as long as a signed-in page is: a
 * request that never ends, so Playwright's `networkidle` never comes on such a page. The suite's own
 * quiet wait (networkQuiet) counts every other request of the page.
 */
const LONG_LIVED = [NOTIFY_PATHS.stream];
const inFlight = new WeakMap<Page, Set<Request>>();

function track(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!LONG_LIVED.some((path) => new URL(request.url()).pathname === path)) open.add(request);
  });
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Resolves once the page has had no request in flight (but the long-lived stream) for 500 ms, as
 * `waitForLoadState('networkidle')` does; rejects after `timeoutMs`.
 */
export async function networkQuiet(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForLoadState('load', { timeout: timeoutMs });
  const open = inFlight.get(page);
  if (!open) throw new Error('networkQuiet: the page was not made by tests/e2e/support/browser.ts newContext');
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : Infinity;
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline)
      throw new Error(`networkQuiet: ${open.size} request(s) still in flight after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (open.size > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
  }
}
