import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TokenPair } from '../../../contract/index.ts';
import { API } from '../../../contract/index.ts';

export const TOKEN_KEYS = { access: 'access_token', refresh: 'refresh_token' } as const;

/** Waits until the locator's first match is visible (no sleeps: the wait ends as soon as it shows). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits until no match of the locator is visible. (No test-runner API: scripts/screenshots.ts uses it too.) */
export async function hidden(locator: Locator, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (await isShown(locator)) {
    if (Date.now() > deadline) throw new Error(`still visible after ${timeout} ms: ${String(locator)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function isShown(locator: Locator): Promise<boolean> {
  for (const one of await locator.all()) if (await one.isVisible()) return true;
  return false;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The exact text, ignoring surrounding whitespace. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), {
    timeout,
  });
}

/**
 * Records native dialogs (alert/confirm) and accepts them, so a message may come either as a browser
 * alert (as in the spec's original app) or as text on the page.
 */
export function recordDialogs(page: Page) {
  const messages: string[] = [];
  const kinds: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    kinds.push(dialog.type());
    void dialog.accept().catch(() => undefined);
  });
  return { messages, kinds };
}
export type DialogLog = ReturnType<typeof recordDialogs>;

/** Waits for a user-facing message: an alert/confirm with that text, or the text on the page. */
export async function expectMessage(page: Page, dialogs: DialogLog, text: string, timeout = 15_000): Promise<void> {
  const onPage = page.getByText(text, { exact: false });
  await expect
    .poll(async () => dialogs.messages.some((m) => m.includes(text)) || (await isShown(onPage)), {
      timeout,
      interval: 100,
      message: `expected the message "${text}" (as a browser dialog or on the page); dialogs seen: ${JSON.stringify(dialogs.messages)}`,
    })
    .toBe(true);
}

/** Puts the login tokens into localStorage the way the SPA stores them, without reloading the SPA. */
export async function setTokens(page: Page, tokens: Partial<TokenPair>): Promise<void> {
  // Any same-origin document gives access to the SPA's localStorage; the health endpoint is the lightest.
  await page.goto(API.health);
  await page.evaluate(
    ({ tokens, keys }) => {
      if (tokens.access !== undefined) localStorage.setItem(keys.access, tokens.access);
      if (tokens.refresh !== undefined) localStorage.setItem(keys.refresh, tokens.refresh);
    },
    { tokens, keys: TOKEN_KEYS },
  );
}

export async function storedTokens(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  return page.evaluate(
    (keys) => ({ access: localStorage.getItem(keys.access), refresh: localStorage.getItem(keys.refresh) }),
    TOKEN_KEYS,
  );
}

/** Logs in through the API and opens `path` already logged in. */
export async function openLoggedIn(page: Page, tokens: TokenPair, path: string): Promise<void> {
  await setTokens(page, tokens);
  await page.goto(path);
}

/** The login form's fields and button. */
export function loginForm(page: Page) {
  return {
    username: page.getByLabel(/username/i),
    password: page.getByLabel(/^password/i),
    submit: page.getByRole('button', { name: /^\s*(log\s?in|sign\s?in)\s*$/i }),
    /** The Demo Credentials box's button (it fills in the administrator demo login). */
    demo: page
      .getByRole('region', { name: /demo credentials/i })
      .getByRole('button')
      .or(page.getByRole('button', { name: /demo|credentials/i })),
  };
}

/** The page chrome's top bar. */
export function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** A button or a link with this accessible name (views may use either for navigation actions). */
export function action(scope: Page | Locator, name: string | RegExp): Locator {
  const n = typeof name === 'string' ? exactly(name) : name;
  return scope.getByRole('button', { name: n }).or(scope.getByRole('link', { name: n }));
}

/** The admin panel's sections: its tabs, or the Section menu where they do not fit in two rows (decision 068). */
export function adminSections(page: Page): Locator {
  return page.locator('.admin-sections[data-measured]');
}

/** Opens an admin section as a person would: its tab, or through the Section menu. */
export async function openSection(page: Page, name: string): Promise<void> {
  await adminSections(page).waitFor();
  const menu = page.getByRole('button', { name: /^Section:/ });
  if (await menu.isVisible()) {
    await menu.click();
    await page
      .locator('#admin-menu-list')
      .getByRole('button', { name: exactly(name) })
      .click();
  } else await page.getByRole('tab', { name: exactly(name) }).click();
}

/** A tab, or a button acting as one. */
export function tab(page: Page | Locator, name: string): Locator {
  return page.getByRole('tab', { name: exactly(name) }).or(page.getByRole('button', { name: exactly(name) }));
}

/**
 * A filter chip: a toggle button, checkbox, radio or switch with this name. The chips are buttons in the
 * spec's app; an accessible view may expose them as checkboxes or pressed buttons.
 */
export function chip(page: Page | Locator, name: string): Locator {
  // A selected chip may carry a mark before its label (e.g. a check mark): ignore leading symbols.
  const n = new RegExp(`^[^A-Za-z0-9]*${escapeRegExp(name)}\\s*$`);
  return page
    .getByRole('button', { name: n })
    .or(page.getByRole('checkbox', { name: n }))
    .or(page.getByRole('radio', { name: n }))
    .or(page.getByRole('switch', { name: n }));
}

/** The heading of a card or row showing this title. */
export function titleOf(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('heading', { name: exactly(title) });
}

/** The smallest element around a card's title that also holds an action (button or link). */
export function cardOf(scope: Page | Locator, title: string): Locator {
  return titleOf(scope, title).first().locator('xpath=ancestor::*[.//button or .//a[@href]][1]');
}

/** Which of these titles are visible right now (as headings). */
export async function visibleTitles(page: Page, titles: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const t of titles) if (await isShown(titleOf(page, t))) out.push(t);
  return out;
}

/** Waits until exactly `expected` of `all` titles are visible (as headings). */
export async function expectExactlyTitles(
  page: Page,
  all: string[],
  expected: string[],
  timeout = 15_000,
): Promise<void> {
  const want = [...new Set(expected)].sort();
  await expect
    .poll(async () => (await visibleTitles(page, [...new Set(all)])).sort(), { timeout, interval: 150 })
    .toEqual(want);
}

/** Counts requests whose path equals `path` (e.g. the token refresh call). */
export function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

/** A page section (a region named by its heading, else the <section> around that heading). */
export function section(page: Page, heading: RegExp): Locator {
  return page
    .getByRole('region', { name: heading })
    .or(page.getByRole('heading', { name: heading }).locator('xpath=ancestor::section[1]'))
    .first();
}

/** The smallest element around this text that also holds a button (a list row or card of the admin panel). */
export function rowOf(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByText(text).first().locator('xpath=ancestor::*[.//button][1]');
}

/**
 * The text of the smallest element around a label that also shows a number: a stat tile ("8" above
 * "Total Programs") or a labelled figure ("Failed payments: 3").
 */
export async function tileText(page: Page, label: RegExp): Promise<string | null> {
  const labels = await page.getByText(label).all();
  for (const el of labels) {
    if (!(await el.isVisible())) continue;
    const text = await el.evaluate((node) => {
      let current: Element | null = node as Element;
      for (let i = 0; current && i < 5; i++) {
        const all = current.textContent ?? '';
        if (/\d/.test(all)) return all;
        current = current.parentElement;
      }
      return null;
    });
    if (text) return text.replace(/\s+/g, ' ').trim();
  }
  return null;
}

/** Indian digit grouping, no decimals (1,25,000). */
export function indian(n: number): string {
  return new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(n);
}

/** Picks a checkout payment method, whether the form offers radios or a select. */
export async function choosePaymentMethod(page: Page, method: 'credit_card' | 'debit_card' | 'upi'): Promise<void> {
  const names = { credit_card: /credit card/i, debit_card: /debit card/i, upi: /^\s*upi\s*$/i };
  const radio = page.getByRole('radio', { name: names[method] });
  if (await radio.count()) {
    await radio.first().check();
    return;
  }
  await page
    .getByLabel(/payment method/i)
    .first()
    .selectOption(method);
}

/**
 * The local sandbox gateway's checkout page: pay by card (the test card unless another is given) or by
 * UPI (a test UPI ID).
 */
export async function payAtSandbox(page: Page, how: { card?: string; vpa?: string } = {}): Promise<void> {
  await page.waitForURL(/\/gateway-sandbox\/checkout/, { timeout: 20_000 });
  if (how.vpa === undefined) {
    await page.getByLabel('Card number').fill(how.card ?? '4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: /by card/ }).click();
  } else {
    await page.getByLabel('UPI ID').fill(how.vpa);
    await page.getByRole('button', { name: /by UPI/ }).click();
  }
}
