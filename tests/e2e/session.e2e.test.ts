import { describe, expect, test } from 'vitest';
import { API, SERVER_MESSAGES, type Program } from '../../contract/index.ts';
import { adminToken, api, apiOk, list, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import {
  action,
  cardOf,
  countRequests,
  header,
  loginForm,
  section,
  setTokens,
  storedTokens,
  titleOf,
  visible,
  waitForPath,
} from './support/ui.ts';
import { networkQuiet } from './support/browser.ts';

/** Access tokens of this file's server live a few seconds, so a test can hold a really expired one. */
const ACCESS_SECONDS = 8;
const e2e = useE2E({ env: { ACCESS_TOKEN_LIFETIME_SECONDS: String(ACCESS_SECONDS) } });

/** Waits (by asking the server, not by sleeping a fixed time) until the access token is refused. */
async function untilExpired(access: string): Promise<void> {
  await expect
    .poll(async () => (await api(e2e.baseURL, API.me, { token: access })).status, {
      timeout: (ACCESS_SECONDS + 10) * 1000,
      interval: 250,
    })
    .toBe(401);
}

/** Retires a refresh token whatever its access token's age: one rotation, then the new pair logged out. */
async function revokeHeld(refresh: string): Promise<void> {
  const pair = await apiOk<{ access: string; refresh: string }>(e2e.baseURL, API.tokenRefresh, { body: { refresh } });
  await apiOk(e2e.baseURL, API.logout, { token: pair.access, body: { refresh: pair.refresh } });
  expect((await api(e2e.baseURL, API.tokenRefresh, { body: { refresh } })).status).toBe(401);
}

describe('Session', () => {
  test('an expired access token with a valid refresh token: one refresh, and the dashboard works', async () => {
    const student = await registerStudent(e2e.baseURL, 'refresh');
    await untilExpired(student.access);
    const page = await e2e.newPage();
    await setTokens(page, student);
    const refreshes = countRequests(page, API.tokenRefresh);
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: /my courses/i }));
    await visible(page.getByRole('heading', { name: /available courses/i }));
    await visible(header(page).getByText(`${student.first_name} ${student.last_name}`));
    const programs = await list<Program>(e2e.baseURL, API.programs.list);
    await visible(titleOf(section(page, /available courses/i), programs[0]!.title));
    await networkQuiet(page);
    expect(refreshes, 'calls to POST /auth/token/refresh/').toHaveLength(1);
    const tokens = await storedTokens(page);
    // Refresh tokens rotate: the store keeps the new one.
    expect(tokens.refresh).toBeTruthy();
    expect(tokens.refresh).not.toBe(student.refresh);
    expect(tokens.access).toBeTruthy();
    expect(tokens.access).not.toBe(student.access);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  test("a wrong password shows the server's message and stays on /login", async () => {
    const student = await registerStudent(e2e.baseURL, 'wrongpw');
    const page = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(student.username);
    await form.password.fill('not-the-password');
    await form.submit.click();
    await visible(page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.badCredentials }));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  });

  test('both tokens invalid: the browser lands on /login and both tokens are gone', async () => {
    const page = await e2e.newPage();
    await setTokens(page, { access: 'not-a-valid.access.token', refresh: 'not-a-valid.refresh.token' });
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await visible(loginForm(page).username);
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  });

  test('tokens that expire during use: the next call sends the browser to /login and clears both tokens', async () => {
    const student = await registerStudent(e2e.baseURL, 'expire');
    // A program without batches: the dashboard's Pay calls the API at once (with batches it opens checkout).
    const program = await apiOk<Program>(e2e.baseURL, API.programs.create, {
      token: await adminToken(e2e.baseURL),
      body: {
        title: `Session Expiry Course ${Date.now()}`,
        subtitle: 'No batches',
        description: 'Self-paced.',
        level: 'beginner',
        category: 'short_course',
        target_audience: 'graduates',
        price: 9000,
        original_price: null,
        duration_weeks: 2,
        avg_salary: '',
        is_featured: false,
        is_flagship: false,
        is_active: true,
      },
    });
    const page = await e2e.newPage();
    await setTokens(page, student);
    await page.goto('/dashboard');
    const available = section(page, /available courses/i);
    await visible(titleOf(available, program.title));
    // The refresh token the page holds is revoked (logged out elsewhere) and its access token runs out. The
    // page's own pair is read: on a loaded machine the dashboard may have taken longer than the token's 8 s
    // and refreshed once already, so the registration's pair would be an old one.
    const held = await storedTokens(page);
    await revokeHeld(held.refresh!);
    await untilExpired(held.access!);
    // The next call sends the browser to /login: Pay's, or the bell's event stream reconnecting once the
    // access token ran out (decision record 080), whichever comes first; a click the redirect overtook is moot.
    const pay = action(cardOf(available, program.title), 'Pay').first();
    if (!new URL(page.url()).pathname.startsWith('/login')) await pay.click({ timeout: 5_000 }).catch(() => undefined);
    await waitForPath(page, '/login');
    await visible(loginForm(page).username);
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  });
});
