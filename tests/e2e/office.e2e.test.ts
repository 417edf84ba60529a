import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  API,
  MESSAGES,
  type CounselingRequest,
  type Payment,
  type Resource,
  type RevenueRow,
  type User,
} from '../../contract/index.ts';
import { ADMIN, adminToken, api, apiOk, login, registerStudent } from './support/api.ts';
import { REPO_ROOT } from './support/app.ts';
import { formatINR } from '../../src/utils/format.ts';
import { useE2E } from './support/fixture.ts';
import {
  adminSections,
  exactly,
  hidden,
  loginForm,
  openLoggedIn,
  openSection,
  rowOf,
  visible,
  waitForPath,
} from './support/ui.ts';

const e2e = useE2E();
const run = promisify(execFile);

/** The open modal dialog. */
const dialog = (page: Page) => page.getByRole('dialog').last();

async function openAdminTab(page: Page, name: string): Promise<void> {
  await openLoggedIn(page, await login(e2e.baseURL, ADMIN.username, ADMIN.password), '/admin');
  await openSection(page, name);
}

/** A small CSV parser (quoted fields, doubled quotes, commas and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe('The office', () => {
  test('npm run create-admin with flags creates an administrator, who logs in to the admin panel', async () => {
    const username = `office${Date.now().toString(36)}`;
    const password = 'Office-pass-2026';
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/create-admin.ts',
        '--username',
        username,
        '--email',
        `${username}@example.in`,
        '--password',
        password,
        '--first-name',
        'Office',
        '--last-name',
        'Manager',
      ],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: `sqlite:${e2e.app.dbPath}` }, timeout: 60_000 },
    );
    expect(stdout).toContain(`Administrator "${username}" created.`);
    const page = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(username);
    await form.password.fill(password);
    await form.submit.click();
    await waitForPath(page, '/admin');
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await adminSections(page).waitFor();
  });

  test('a deactivated user cannot log in, and their open session stops working', async () => {
    const student = await registerStudent(e2e.baseURL, 'leaver');
    const studentPage = await e2e.newPage();
    await openLoggedIn(studentPage, student, '/dashboard');
    await visible(studentPage.getByRole('heading', { name: /^My Courses/ }));
    const page = await e2e.newPage();
    await openAdminTab(page, 'Users');
    await page.getByLabel('Search name, username or email').fill(student.username);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row', { name: new RegExp(student.username) });
    // Deactivate is in View: it lists what it touches first, and changes the account from its own button.
    await row.getByRole('button', { name: 'View' }).click();
    await dialog(page).getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('alertdialog');
    await visible(confirm.getByRole('heading', { name: 'Active enrollments' }));
    await confirm.getByRole('button', { name: `Deactivate ${student.username}` }).click();
    await visible(page.getByText(`${student.username} is deactivated: they can no longer sign in.`));
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await page.reload();
    await visible(page.getByRole('row', { name: new RegExp(student.username) }).getByText('Deactivated'));

    // The open session: the next request is refused, so the dashboard sends them to log in.
    expect((await api(e2e.baseURL, API.me, { token: student.access })).status).toBe(401);
    await studentPage.reload();
    await waitForPath(studentPage, /\/login/);
    const form = loginForm(studentPage);
    await form.username.fill(student.username);
    await form.password.fill(student.password);
    await form.submit.click();
    await visible(studentPage.getByRole('alert').first());
    expect(studentPage.url()).toContain('/login');
    expect(
      (await api(e2e.baseURL, API.token, { body: { username: student.username, password: student.password } })).status,
    ).toBe(401);
  });

  test('payments filtered by status export a CSV with a BOM whose rows honour the filter', async () => {
    const token = await adminToken(e2e.baseURL);
    const failed = await apiOk<{ count: number; results: Payment[] }>(
      e2e.baseURL,
      `${API.admin.payments}?status=failed&page_size=200`,
      { token },
    );
    expect(failed.count).toBeGreaterThan(0);
    const page = await e2e.newPage();
    await openAdminTab(page, 'Payments');
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/[?&]status=failed/);
    await visible(page.getByRole('heading', { name: `Payments (${failed.count})` }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8')).filter((r) => r.some((cell) => cell !== ''));
    const [headerRow, ...dataRows] = rows;
    const status = headerRow!.indexOf('Status');
    expect(headerRow!.slice(0, 2)).toEqual(['ID', 'Created (IST)']);
    expect(status).toBeGreaterThan(0);
    expect(dataRows).toHaveLength(failed.count);
    for (const row of dataRows) expect(row[status]).toBe('Failed');
    expect(dataRows.map((row) => Number(row[0])).sort()).toEqual(failed.results.map((p) => p.id).sort());
  });

  test('a counseling lead moves through the pipeline: status, assignee, follow-up and a dated note', async () => {
    // A name is letters only (contract/person-name.ts): the unique part's digits become letters.
    const name = `Lead ${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const created = await api(e2e.baseURL, API.counseling.create, {
      body: { name, email: 'lead@example.in', phone: '9876543210', interest: 'Credit Analyst', message: 'Call me' },
    });
    expect(created.status).toBe(201);
    const token = await adminToken(e2e.baseURL);
    const me = await apiOk<User>(e2e.baseURL, API.me, { token });

    const page = await e2e.newPage();
    await openAdminTab(page, 'Counseling Requests');
    await page.getByLabel('Search name, email or phone').fill(name);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const d = dialog(page);
    await d.getByLabel(/^Status/).selectOption('scheduled');
    await d.locator(`option[value="${me.id}"]`).waitFor({ state: 'attached' });
    await d.getByLabel(/^Assignee/).selectOption(String(me.id));
    await d.getByLabel(/^Next follow-up/).fill('2030-01-15');
    await d.getByLabel(/^Add a note/).fill('Called back; demo class booked.');
    await d.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(MESSAGES.adminUpdated));
    await visible(row.getByText('Scheduled'));
    await visible(row.getByText('15 Jan 2030'));

    const listed = await apiOk<{ results: CounselingRequest[] }>(
      e2e.baseURL,
      `${API.admin.counselingRequests}?search=${encodeURIComponent(name)}`,
      { token },
    );
    expect(listed.results[0]).toMatchObject({
      status: 'scheduled',
      assignee: me.id,
      next_follow_up: '2030-01-15',
      notes: [expect.objectContaining({ author: ADMIN.username, text: 'Called back; demo class booked.' })],
    });
    await row.getByRole('button', { name: 'View' }).click();
    await visible(dialog(page).getByText(/IST — admin: Called back; demo class booked\./));

    // The list filters by status and assignee, in the URL.
    await page.keyboard.press('Escape');
    await hidden(dialog(page));
    await page.getByLabel('Status').selectOption('scheduled');
    await page.getByLabel('Assignee').selectOption(String(me.id));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(new RegExp(`status=scheduled&assignee=${me.id}`));
    await visible(page.getByRole('row', { name: new RegExp(name) }));
  });

  test('Revenue: the chart draws (uPlot, fetched with the tab only) and the table holds the API numbers', async () => {
    const token = await adminToken(e2e.baseURL);
    const rows = await apiOk<RevenueRow[]>(e2e.baseURL, `${API.admin.revenue}?group=month`, { token });
    expect(rows.length).toBeGreaterThan(0);
    const page = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await visible(page.getByRole('link', { name: 'Explore Programs' }).first());
    expect(scripts.filter((url) => /uPlot/i.test(url))).toEqual([]);
    await openAdminTab(page, 'Revenue');
    const table = page.getByRole('table', { name: /Revenue by month/ });
    await visible(table);
    for (const row of rows)
      await visible(
        table
          .getByRole('row', { name: new RegExp(`^${row.label}\\b`) })
          .getByText(formatINR(row.net))
          .first(),
      );
    await visible(
      page
        .getByRole('img', { name: /net revenue and refunds/ })
        .locator('canvas')
        .first(),
    );
    expect(scripts.filter((url) => /uPlot/i.test(url))).toHaveLength(1);
  });

  test('an administrator uploads a resource file; a visitor downloads the same bytes with the right type', async () => {
    const token = await adminToken(e2e.baseURL);
    const title = `Credit memo checklist ${Date.now().toString(36)}`;
    const resource = await apiOk<Resource>(e2e.baseURL, API.resources.create, {
      token,
      body: { title, description: 'A checklist.', resource_type: 'template', is_featured: true },
    });
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const page = await e2e.newPage();
    await openAdminTab(page, 'Resources');
    await rowOf(page, title)
      .getByRole('button', { name: exactly('Edit') })
      .click();
    await dialog(page)
      .getByLabel(/^Upload a file/)
      .setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await hidden(dialog(page));
    await visible(page.getByText(MESSAGES.adminUpdated));
    const saved = (await apiOk<Resource[]>(e2e.baseURL, API.resources.list)).find((r) => r.id === resource.id)!;
    expect(saved.file).toMatch(/^\/media\/resources\/.+\.pdf$/);

    const visitor = await e2e.newPage();
    await visitor.goto('/resources');
    const link = visitor.locator(`a[href="${saved.file}"]`);
    await visible(link);
    const fetched = await visitor.evaluate(async (href) => {
      const response = await fetch(href);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        disposition: response.headers.get('content-disposition'),
        bytes: Array.from(new Uint8Array(await response.arrayBuffer())),
      };
    }, saved.file!);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toMatch(/^application\/pdf/);
    expect(fetched.disposition).toMatch(/attachment; filename="credit-memo-checklist-.+\.pdf"/);
    expect(Buffer.from(fetched.bytes).equals(pdf)).toBe(true);
  });
});
