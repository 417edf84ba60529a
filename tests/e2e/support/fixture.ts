import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { REPO_ROOT, startApp, type RunningApp } from './app.ts';
import { launchBrowser, newContext } from './browser.ts';

export type E2E = {
  readonly app: RunningApp;
  readonly baseURL: string;
  readonly browser: Browser;
  /** A new browser context (own localStorage) and page for the current test; closed after the test. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /**
   * A page of a context kept for the rest of the file (closed after its last test), made once per `key`: for
   * tests that each load a page signed in as the same role, so they share one sign-in and one warm tab
   * instead of a new browser process, sign-in and cold load of the SPA each. `prepare` runs once, on the new
   * page (a sign-in). Every `goto` is still a full load of the page.
   */
  keptPage: (
    key: string,
    setup?: { options?: BrowserContextOptions; prepare?: (page: Page) => Promise<void> },
  ) => Promise<Page>;
  /** Uncaught page errors seen by the current test's pages. */
  pageErrors: string[];
};

const ARTIFACTS = join(REPO_ROOT, 'test-results', 'e2e');

/**
 * One Chromium per worker, shared by the files the worker runs one after another (the support modules are
 * imported once per worker: `isolate: false` in tests/e2e/vitest.config.ts). A launch and close cost about 0.8
 * CPU-seconds, once per file before. Files share no state through it: every test's pages are in contexts of
 * their own, and a file closes every context it leaves (afterAll). A browser that crashed or was closed is
 * launched again for the next file; Playwright closes the last one when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

async function browserOfWorker(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * Gives the calling spec file its own server on its own fresh copy of the seeded template database,
 * and the worker's Chromium; every test gets new contexts. Call at the top level of a spec file.
 */
export function useE2E(options: { env?: Record<string, string> } = {}): E2E {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const kept = new Map<string, Promise<Page>>();
  const keptContexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp({ templateDir: inject('e2eTemplateDir'), env: options.env });
    browser = await browserOfWorker();
  });

  afterEach(async (ctx) => {
    const failed = ctx.task.result?.state === 'fail';
    if (failed) {
      mkdirSync(ARTIFACTS, { recursive: true });
      const base = `${ctx.task.file?.name.split('/').pop() ?? 'test'}-${ctx.task.name}`
        .replace(/[^a-z0-9.-]+/gi, '_')
        .slice(0, 120);
      let n = 0;
      for (const context of [...contexts, ...keptContexts]) {
        for (const page of context.pages()) {
          n += 1;
          await page.screenshot({ path: join(ARTIFACTS, `${base}-${n}.png`), fullPage: true }).catch(() => undefined);
          console.log(`[e2e] failed at ${page.url()} (screenshot test-results/e2e/${base}-${n}.png)`);
        }
      }
      if (pageErrors.length) console.log(`[e2e] page errors:\n${pageErrors.join('\n')}`);
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    contexts = [];
    pageErrors.length = 0;
  });

  afterAll(async () => {
    // Every context of the browser (the kept ones and any a test made itself): the worker's next file starts with
    // none. A browser that is gone took its contexts with it.
    const open = browser?.isConnected() ? browser.contexts() : [];
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    await app?.stop();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`e2e fixture: ${what} is not ready (beforeAll failed?)`);
    return value;
  };

  const makeContext = async (opts?: BrowserContextOptions, keep = false) => {
    const context = await newContext(need(browser, 'browser'), need(app, 'app').baseURL, opts);
    (keep ? keptContexts : contexts).push(context);
    context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)));
    // Every page a test opens, through e2e.newPage or its own context, waits after `goto` for the app to
    // respond: a click on server-rendered markup before hydration is lost.
    const newPage = context.newPage.bind(context);
    context.newPage = async () => untilHydrated(await newPage());
    return context;
  };

  return {
    get app() {
      return need(app, 'app');
    },
    get baseURL() {
      return need(app, 'app').baseURL;
    },
    get browser() {
      return need(browser, 'browser');
    },
    newContext: (opts?: BrowserContextOptions) => makeContext(opts),
    newPage: async (opts?: BrowserContextOptions) => (await makeContext(opts)).newPage(),
    keptPage: (key, setup = {}) => {
      let page = kept.get(key);
      if (!page) {
        page = makeContext(setup.options, true).then(async (context) => {
          const made = await context.newPage();
          await setup.prepare?.(made);
          return made;
        });
        // A failed attempt is not kept: the next test tries again.
        page.catch(() => kept.delete(key));
        kept.set(key, page);
      }
      return page;
    },
    pageErrors,
  };
}

/**
 * Public pages arrive rendered by the server and become interactive when the SPA has hydrated them
 * (the app marks <html data-hydrated>): `goto` waits for that, as a person waits for a page to respond.
 */
function untilHydrated(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // Only the app's pages hydrate (not an API answer opened to reach the origin, nor the server's own
    // HTML pages such as a certificate's verification page, which carry no app root).
    const html = response?.headers()['content-type']?.startsWith('text/html');
    if (html && (await page.evaluate(() => document.getElementById('root') !== null))) {
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
    }
    return response;
  };
  return page;
}
