import { describe, expect, test } from 'vitest';
import { API, OPENING_PATHS, OPENING_UI_MESSAGES, type StudentOpening } from '../../contract/index.ts';
import { ADMIN, apiOk, login, STUDENT } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, openLoggedIn, visible } from './support/ui.ts';

/**
 * Placement openings (decision record 078), against the real server: the demo student applies to an open
 * opening from the dashboard with a PDF résumé, the administrator sees it and shortlists the application
 * from the Openings tab, and the student's dashboard then reads it.
 */
const e2e = useE2E();

describe('Placement openings', () => {
  test('the demo student applies; the office shortlists from the Openings tab; the dashboard reads Shortlisted', async () => {
    const student = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const openings = await apiOk<StudentOpening[]>(e2e.baseURL, OPENING_PATHS.studentOpenings, {
      token: student.access,
    });
    const open = openings.find((o) => o.application === null)!;
    expect(open, 'the demo student has an open opening not applied to').toBeDefined();
    const name = `${open.title}, ${open.employer_name}`;

    const page = await e2e.newPage();
    await openLoggedIn(page, student, '/dashboard');
    const item = page
      .getByRole('list', { name: 'Openings' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name }) });
    await item.getByText('Apply', { exact: true }).click();
    const form = page.getByRole('form', { name: `Apply: ${name}` });
    await form.getByLabel(/Cover note/).fill('I completed the retail credit module and its case studies.');
    await form.getByLabel(/^Résumé/).setInputFiles({
      name: 'My CV.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await form.getByRole('button', { name: 'Send application' }).click();
    await visible(page.getByText(OPENING_UI_MESSAGES.applied));
    const mine = page.getByRole('list', { name: 'My applications' });
    await visible(mine.getByRole('listitem').filter({ hasText: `${name}: Applied` }));

    const email = (await apiOk<{ email: string }>(e2e.baseURL, API.me, { token: student.access })).email;
    const office = await e2e.newPage();
    await openLoggedIn(office, await login(e2e.baseURL, ADMIN.username, ADMIN.password), '/admin?tab=openings');
    const row = office.getByRole('row', { name: new RegExp(escapeRegExp(open.title)) });
    await row.getByRole('button', { name: 'Applications' }).click();
    const table = office.getByRole('table', { name: `Applications to ${name}` });
    const application = table.getByRole('row').filter({ hasText: email });
    await visible(application.getByRole('link', { name: 'Résumé: My CV.pdf' }));
    await application.getByRole('button', { name: /^Move stage/ }).click();
    const stage = table.getByRole('form', { name: /^Stage of/ });
    await stage.getByLabel('Next stage').selectOption({ label: 'Shortlisted' });
    await stage.getByRole('button', { name: 'Save stage' }).click();
    await visible(application.getByText(/^Shortlisted/));

    await page.reload();
    await visible(mine.getByRole('listitem').filter({ hasText: `${name}: Shortlisted` }));
  });
});
