import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { API, PRIVACY_PATHS, type ConsentState, type TokenPair } from '../../contract/index.ts';
import { api, apiOk, newStudentData } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { loginForm, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

describe('Privacy settings', () => {
  test('a student withdraws a consent in one click and downloads their data as a zip', async () => {
    const data = newStudentData('privacy');
    await apiOk<TokenPair>(e2e.baseURL, API.register, {
      body: { ...data, is_adult: true, consents: { marketing_email: true } },
    });
    const page = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(data.username);
    await form.password.fill(data.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');

    await page.goto('/account/privacy');
    const email = page.getByRole('listitem').filter({ hasText: /by e-mail/ });
    await visible(email.getByText('given', { exact: true }));
    await email.getByRole('button', { name: 'Withdraw' }).click();
    await visible(email.getByText('not given', { exact: true }));
    await visible(email.getByRole('button', { name: 'Give consent' }));
    const { access } = await apiOk<TokenPair>(e2e.baseURL, API.token, {
      body: { username: data.username, password: data.password },
    });
    const state = (await api<ConsentState>(e2e.baseURL, PRIVACY_PATHS.consents, { token: access })).body;
    expect(state.purposes.find((p) => p.purpose === 'marketing_email')?.granted).toBe(false);
    expect(state.history.at(-1)).toMatchObject({ purpose: 'marketing_email', granted: false, source: 'account' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(fs.readFileSync((await file.path())!)));
    const profile = JSON.parse(strFromU8(zip['profile.json']!)) as { username: string; email: string }[];
    expect(profile).toEqual([expect.objectContaining({ username: data.username, email: data.email })]);
    const consents = JSON.parse(strFromU8(zip['consents.json']!)) as { purpose: string; granted: number }[];
    expect(consents.filter((c) => c.purpose === 'marketing_email').map((c) => c.granted)).toEqual([1, 0]);
    await visible(page.getByText('Your data has been downloaded as a zip file.'));
  });

  test('the policy pages are linked from the footer and the grievance page names the officer', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Grievance officer' }).click();
    await waitForPath(page, '/grievance');
    await visible(page.getByRole('heading', { name: 'Grievance officer' }));
    await visible(page.getByText('resolve it within 90 days', { exact: false }));
  });
});
