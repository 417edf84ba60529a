import type { Page } from 'playwright-core';
import { API, type Program } from '../../../contract/index.ts';
import { ADMIN, STUDENT, list, login } from './api.ts';
import { hidden, setTokens } from './ui.ts';
import { networkQuiet } from './browser.ts';
import { adminMessagesPath } from './messages-route.ts';

export type Role = 'visitor' | 'student' | 'admin';
export type RouteCase = { name: string; role: Role; path: (baseURL: string) => Promise<string> | string };

const fixed = (path: string) => () => path;

/**
 * Signs `page` in as `role` through the API (a visitor stays signed out). The demo student has seeded courses
 * and payments, so the dashboard shows its badges and both of its sections filled.
 */
export async function signInAs(baseURL: string, page: Page, role: Role): Promise<void> {
  if (role === 'student') await setTokens(page, await login(baseURL, STUDENT.username, STUDENT.password));
  if (role === 'admin') await setTokens(page, await login(baseURL, ADMIN.username, ADMIN.password));
}

/** The checkout of the first program that costs something. */
export async function checkoutPath(baseURL: string): Promise<string> {
  const program = (await list<Program>(baseURL, API.programs.list)).find((p) => p.price > 0);
  if (!program) throw new Error('no paid program seeded');
  return `/payment/program/${program.id}`;
}

/** Every page of the app, by who looks at it. */
export const ROUTES: RouteCase[] = [
  { name: 'home', role: 'visitor', path: fixed('/') },
  { name: 'programs', role: 'visitor', path: fixed('/programs') },
  { name: 'faculty', role: 'visitor', path: fixed('/faculty') },
  { name: 'about', role: 'visitor', path: fixed('/about') },
  { name: 'workshops', role: 'visitor', path: fixed('/workshops') },
  { name: 'placement', role: 'visitor', path: fixed('/placement') },
  { name: 'resources', role: 'visitor', path: fixed('/resources') },
  { name: 'login', role: 'visitor', path: fixed('/login') },
  { name: 'register', role: 'visitor', path: fixed('/register') },
  { name: 'contact', role: 'visitor', path: fixed('/contact') },
  { name: 'privacy', role: 'visitor', path: fixed('/privacy') },
  { name: 'grievance', role: 'visitor', path: fixed('/grievance') },
  { name: 'not-found', role: 'visitor', path: fixed('/no-such-page') },
  { name: 'checkout-visitor', role: 'visitor', path: checkoutPath },
  { name: 'dashboard', role: 'student', path: fixed('/dashboard') },
  { name: 'checkout', role: 'student', path: checkoutPath },
  { name: 'admin', role: 'admin', path: fixed('/admin') },
  { name: 'account-privacy', role: 'student', path: fixed('/account/privacy') },
  { name: 'notifications', role: 'student', path: fixed('/notifications') },
  { name: 'admin-privacy', role: 'admin', path: fixed('/admin?tab=privacy') },
  { name: 'teach-tests', role: 'admin', path: fixed('/teach/tests') },
  { name: 'admin-messages', role: 'admin', path: adminMessagesPath },
];

/**
 * Waits until a page has shown what it loads: the network is quiet and no loading text is left.
 * (An event-based wait, not a sleep.)
 */
export async function settle(page: Page): Promise<void> {
  await networkQuiet(page, 20_000).catch(() => undefined);
  await hidden(page.getByText(/^\s*loading\b/i), 20_000);
  await page.getByRole('heading').first().waitFor({ state: 'visible', timeout: 15_000 });
}
