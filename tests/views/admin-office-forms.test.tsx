import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, STORY_PATHS } from '../../contract/index.ts';
import { fail, ok, type FakeRequest, type Handler } from './support/fake-api.ts';
import { program, resource, workshop } from './support/fixtures.ts';
import { expectSuccessNotice } from './support/notices.ts';
import { ADMIN_USER, MEERA, dialog, lead, openPanel, page, usersByRole } from './support/admin-office-panel.ts';

/** Raw zod texts a person cannot act on. */
const RAW =
  /invalid_|too_small|too_big|Invalid input|Expected |Required$|received|NaN|ISO|must be one of|\b[a-z]+_[a-z_]+\b/;

describe('Instructor and author from the faculty list', () => {
  it('the program form offers the faculty and sends instructor_id (null for none)', async () => {
    const { user, api } = openPanel('/admin', {
      [`GET ${API.programs.list}`]: ok([program({ instructor_id: 1 })]),
      [`PUT ${API.programs.update(1)}`]: ok(program()),
    });
    await user.click(
      within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', { name: 'Edit' }),
    );
    const select = dialog().getByLabelText(/^Instructor/);
    await waitFor(() => expect(select).toHaveValue('1'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Priya Nair', 'Rajesh Iyer']);
    await user.selectOptions(select, '2');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`PUT ${API.programs.update(1)}`)[0]!.body).toMatchObject({ instructor_id: 2 });
  });

  it('the workshop form sends instructor_id and the resource form author_id', async () => {
    const { user, api } = openPanel('/admin?tab=workshops', {
      [`GET ${API.workshops.list}`]: ok([workshop({ instructor_id: 2 })]),
      [`PUT ${API.workshops.update(workshop().id)}`]: ok(workshop()),
      [`GET ${API.resources.list}`]: ok([resource({ author_id: null })]),
      [`PUT ${API.resources.update(resource().id)}`]: ok(resource()),
    });
    await user.click(
      within(await screen.findByRole('row', { name: new RegExp(workshop().title) })).getByRole('button', {
        name: 'Edit',
      }),
    );
    await waitFor(() => expect(dialog().getByLabelText(/^Instructor/)).toHaveValue('2'));
    await user.selectOptions(dialog().getByLabelText(/^Instructor/), '');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`PUT ${API.workshops.update(workshop().id)}`)[0]!.body).toMatchObject({ instructor_id: null });

    await user.click(screen.getByRole('tab', { name: 'Resources' }));
    await user.click(
      within(await screen.findByRole('row', { name: new RegExp(resource().title) })).getByRole('button', {
        name: 'Edit',
      }),
    );
    await waitFor(() => expect(dialog().getByRole('option', { name: 'Rajesh Iyer' })).toBeInTheDocument());
    expect(dialog().getByLabelText(/^Author/)).toHaveValue('');
    await user.selectOptions(dialog().getByLabelText(/^Author/), '1');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${API.resources.update(resource().id)}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${API.resources.update(resource().id)}`)[0]!.body).toMatchObject({ author_id: 1 });
  });
});

describe('Resource file upload', () => {
  it('Edit keeps the current file link, then uploads the chosen file as multipart; a refused file shows why under the field', async () => {
    const item = resource({ file: '/media/resources/abc123.pdf' });
    const { user, api } = openPanel('/admin?tab=resources', {
      [`GET ${API.resources.list}`]: ok([item]),
      [`PUT ${API.resources.update(item.id)}`]: ok(item),
      [`POST ${API.resources.file(item.id)}`]: fail(400, {
        file: [
          'Upload a PDF, a Word, Excel or PowerPoint file, an OpenDocument file, or a PNG, JPEG, GIF or WebP image.',
        ],
      }),
    });
    await user.click(
      within(await screen.findByRole('row', { name: /CMA Data Template/ })).getByRole('button', { name: 'Edit' }),
    );
    const input = dialog().getByLabelText(/^Upload a file/);
    await user.upload(input, new File(['MZ not a document'], 'renamed.pdf', { type: 'application/pdf' }));
    expect(dialog().getByText('renamed.pdf is uploaded when you save.')).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText(/Upload a PDF, a Word, Excel or PowerPoint file/)).toBeInTheDocument();
    expect(api.callsTo(`PUT ${API.resources.update(item.id)}`)[0]!.body).toMatchObject({
      file: '/media/resources/abc123.pdf',
    });
    const upload = api.calls.find((c) => c.method === 'POST' && c.path === API.resources.file(item.id))!;
    expect(upload.auth).toBe('Bearer access-1');

    api.on(`POST ${API.resources.file(item.id)}`, ok({ ...item, file: '/media/resources/def456.pdf' }));
    await user.upload(
      dialog().getByLabelText(/^Upload a file/),
      new File(['%PDF-1.4'], 'cma.pdf', { type: 'application/pdf' }),
    );
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`POST ${API.resources.file(item.id)}`)).toHaveLength(2);
  });

  it('Add New with a refused file removes the resource it created, so saving again leaves exactly one', async () => {
    const created = resource({ id: 7, title: 'Rating scales' });
    const { user, api } = openPanel('/admin?tab=resources', {
      [`GET ${API.resources.list}`]: ok([]),
      [`POST ${API.resources.create}`]: { status: 201, body: created },
      [`POST ${API.resources.file(7)}`]: fail(400, { file: ['The file is larger than 20 MB.'] }),
      [`DELETE ${API.resources.remove(7)}`]: { status: 204, body: null },
    });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.type(dialog().getByLabelText(/^Title/), 'Rating scales');
    await user.upload(
      dialog().getByLabelText(/^Upload a file/),
      new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' }),
    );
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('The file is larger than 20 MB.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${API.resources.remove(7)}`)).toHaveLength(1);
  });

  it('a save without a file chosen uploads nothing', async () => {
    const { user, api } = openPanel('/admin?tab=resources', {
      [`GET ${API.resources.list}`]: ok([]),
      [`POST ${API.resources.create}`]: { status: 201, body: resource({ id: 7, title: 'Rating scales' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.type(dialog().getByLabelText(/^Title/), 'Rating scales');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminCreated);
    expect(api.callsTo(`POST ${API.resources.create}`)[0]!.body).toMatchObject({ title: 'Rating scales', file: '' });
    expect(api.calls.filter((c) => c.path.endsWith('/file/'))).toHaveLength(0);
  });
});

describe('Admin validation messages read as sentences', () => {
  // Every tab with a form: what a careless hand types (blanks, letters in numbers, bad email and URLs).
  const cases: {
    tab: string;
    open: 'Add New' | 'Edit';
    bad: Record<string, string>;
    routes?: Record<string, Handler>;
  }[] = [
    { tab: 'Programs', open: 'Add New', bad: { Price: '-5', 'Original price': '1.5', Duration: '0' } },
    { tab: 'Faculty', open: 'Add New', bad: { Email: 'nope', Experience: '-1', 'LinkedIn URL': 'linkedin' } },
    {
      tab: 'Workshops',
      open: 'Add New',
      bad: { 'Date and time': '', 'Duration (hours)': '-2', Price: '2.5', 'Maximum participants': '0' },
      routes: { [`GET ${API.workshops.list}`]: ok([]) },
    },
    { tab: 'Testimonials', open: 'Add New', bad: { Title: ' ' }, routes: { [`GET ${API.testimonials.list}`]: ok([]) } },
    {
      tab: 'Success Stories',
      open: 'Add New',
      bad: { 'Student name': '' },
      routes: { [`GET ${STORY_PATHS.adminList}`]: ok([]) },
    },
    {
      tab: 'Resources',
      open: 'Add New',
      bad: { Title: '', 'External URL': 'ftp:/nowhere' },
      routes: { [`GET ${API.resources.list}`]: ok([]) },
    },
    { tab: 'Users', open: 'Add New', bad: { Username: 'a b', Password: 'short', Email: 'x@' } },
    {
      tab: 'Counseling Requests',
      open: 'Edit',
      bad: { 'Add a note': 'x'.repeat(2001) },
      routes: { [`GET ${API.admin.counselingRequests}`]: page([lead()]) },
    },
  ];
  for (const c of cases) {
    it(`${c.tab}: every field error is a sentence`, async () => {
      const { user, api } = openPanel('/admin', c.routes);
      await user.click(await screen.findByRole('tab', { name: c.tab }));
      if (c.open === 'Add New') await user.click(await screen.findByRole('button', { name: 'Add New' }));
      else await user.click(within((await screen.findAllByRole('row'))[1]!).getByRole('button', { name: 'Edit' }));
      const d = dialog();
      for (const [label, value] of Object.entries(c.bad))
        fireEvent.change(d.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)), { target: { value } });
      const writes = api.calls.filter((call) => call.method !== 'GET').length;
      await user.click(d.getByRole('button', { name: 'Save' }));
      const errors = await d.findAllByRole('alert');
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) {
        expect(error.textContent).toMatch(/^[A-Z0-9"].*[.!?]$/);
        expect(error.textContent).not.toMatch(RAW);
      }
      // Nothing was sent: the form stopped the bad input.
      expect(api.calls.filter((call) => call.method !== 'GET').length).toBe(writes);
    });
  }
});

describe('Users: Send password reset link (View dialog)', () => {
  it("emails the owner a link and shows the server's sentence; a refusal shows its reason and may be tried again", async () => {
    const { user, api } = openPanel('/admin?tab=users', {
      [`GET ${API.admin.users}`]: (request: FakeRequest) =>
        request.query.get('role') ? usersByRole(request) : page([MEERA, ADMIN_USER]),
      [`POST ${API.admin.userPasswordReset(MEERA.id)}`]: fail(400, {
        error: 'This account is deactivated: reactivate it before sending a password reset link.',
      }),
    });
    await user.click(within(await screen.findByRole('row', { name: /meera/ })).getByRole('button', { name: 'View' }));
    await user.click(dialog().getByRole('button', { name: 'Send password reset link' }));
    expect(
      await dialog().findByText('This account is deactivated: reactivate it before sending a password reset link.'),
    ).toBeInTheDocument();

    const sent = 'A password reset link, valid for 30 minutes, was emailed to meera@example.in.';
    api.on(`POST ${API.admin.userPasswordReset(MEERA.id)}`, { status: 202, body: { detail: sent } });
    await user.click(dialog().getByRole('button', { name: 'Send password reset link' }));
    expect(await dialog().findByText(sent)).toBeInTheDocument();
    expect(dialog().queryByText(/reactivate it/)).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${API.admin.userPasswordReset(MEERA.id)}`)).toHaveLength(2);
  });
});
