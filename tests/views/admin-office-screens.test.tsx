import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, type CounselingRequest, type RevenueRow } from '../../contract/index.ts';
import { formatINR } from '../../src/utils/format.ts';
import { fail, ok, serverError, type FakeRequest, type Handler } from './support/fake-api.ts';
import { admin, faculty, program, resource, workshop } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

const STATS = { total_students: 120, total_programs: 6, total_faculty: 8, total_workshops: 4, total_revenue: 1245000 };
const ISSUES = { total_issues: 7, failed_payments: 3, pending_enrollments: 2 };

const staffUser = (id: number, username: string, first: string, last: string, role: 'admin' | 'instructor') => ({
  id,
  username,
  email: `${username}@example.in`,
  first_name: first,
  last_name: last,
  profile: { role, is_admin: role === 'admin', is_instructor: role === 'instructor', is_student: false },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  mfa_enabled: false,
  last_login: null,
});
const MEERA = staffUser(9, 'meera', 'Meera', 'Iyer', 'instructor');
const ADMIN_USER = staffUser(1, 'admin', 'Institute', 'Admin', 'admin');
const page = (results: unknown[]) => ok({ count: results.length, next: null, previous: null, results });
/** GET /api/admin/users/ as the staff select asks it: by role. */
const usersByRole = (request: FakeRequest) =>
  page(
    request.query.get('role') === 'admin' ? [ADMIN_USER] : request.query.get('role') === 'instructor' ? [MEERA] : [],
  );

function openPanel(url: string, routes: Record<string, Handler> = {}) {
  return renderApp(url, {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.programs.list}`]: ok([program()]),
      [`GET ${API.faculty.list}`]: ok([
        faculty(),
        faculty({ id: 2, user: { first_name: 'Priya', last_name: 'Nair', email: 'priya@example.in' } }),
      ]),
      [`GET ${API.admin.users}`]: usersByRole,
      ...routes,
    },
  });
}

const dialog = () => within(screen.getByRole('dialog'));

const ROWS: RevenueRow[] = [
  { key: '2026-10', label: 'Oct 2026', payments: 12, gross: 1250000, refunded: 125000, net: 1125000, discount: 0 },
  { key: '2026-11', label: 'Nov 2026', payments: 3, gross: 90000, refunded: 0, net: 90000, discount: 0 },
];

describe('Revenue tab', () => {
  it('shows the numbers by month in rupees with Indian grouping, and a total; the date range goes to the URL and the request', async () => {
    const { user, api, router } = openPanel('/admin?tab=revenue', { [`GET ${API.admin.revenue}`]: ok(ROWS) });
    const table = within(await screen.findByRole('table', { name: /Revenue by month/ }));
    const october = within(table.getByRole('row', { name: /Oct 2026/ }));
    expect(october.getByText('₹12,50,000')).toBeInTheDocument();
    expect(october.getByText('₹1,25,000')).toBeInTheDocument();
    expect(october.getByText('₹11,25,000')).toBeInTheDocument();
    expect(october.getByText('12')).toBeInTheDocument();
    const total = within(table.getByRole('row', { name: /Total/ }));
    expect(total.getByText('15')).toBeInTheDocument();
    expect(total.getByText(formatINR(1125000 + 90000))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /net revenue and refunds/ })).toBeInTheDocument();
    // The chart's legend names each series with its value for the rows shown.
    const legend = within(screen.getByRole('list', { name: /Legend/ }));
    const items = legend.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([`Net ${formatINR(1125000 + 90000)}`, `Refunded ${formatINR(125000)}`]);
    expect(api.callsTo(`GET ${API.admin.revenue}`)[0]!.query.get('group')).toBe('month');

    await user.selectOptions(screen.getByLabelText('Group by'), 'course');
    await user.type(screen.getByLabelText('From (IST)'), '2026-10-01');
    await user.type(screen.getByLabelText('To (IST)'), '2026-10-31');
    api.on(`GET ${API.admin.revenue}`, ok([{ ...ROWS[0]!, key: 'program:1', label: 'Credit Analyst Program' }]));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=revenue&group=course&date_from=2026-10-01&date_to=2026-10-31'),
    );
    expect(await screen.findByRole('table', { name: /Revenue by program or workshop/ })).toBeInTheDocument();
    const query = api.callsTo(`GET ${API.admin.revenue}`).at(-1)!.query;
    expect([query.get('group'), query.get('date_from'), query.get('date_to')]).toEqual([
      'course',
      '2026-10-01',
      '2026-10-31',
    ]);
    expect(screen.getByRole('row', { name: /Credit Analyst Program/ })).toBeInTheDocument();
  });

  it('a failed load says so and Try again loads again; the server refusing a range shows no table', async () => {
    const { user, api } = openPanel('/admin?tab=revenue', { [`GET ${API.admin.revenue}`]: serverError });
    expect(await screen.findByText(MESSAGES.adminLoadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    api.on(`GET ${API.admin.revenue}`, ok([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No completed payments in this period.')).toBeInTheDocument();
    expect(api.callsTo(`GET ${API.admin.revenue}`)).toHaveLength(2);
  });
});

const lead = (overrides: Partial<CounselingRequest> = {}): CounselingRequest => ({
  id: 5,
  name: 'Neha Gupta',
  email: 'neha@example.in',
  phone: '9876543210',
  preferred_date: '2026-12-01',
  interest: 'Credit Analyst',
  message: 'Weekend batch?',
  created_at: '2026-11-22T10:00:00Z',
  status: 'new',
  assignee: null,
  next_follow_up: null,
  notes: [],
  ...overrides,
});

describe('Counseling pipeline', () => {
  it('filters by status and assignee in the URL and marks an overdue follow-up', async () => {
    const { user, api, router } = openPanel('/admin?tab=counseling', {
      [`GET ${API.admin.counselingRequests}`]: page([
        lead({ id: 6, name: 'Arjun Rao', status: 'contacted', assignee: 9, next_follow_up: '2020-01-02' }),
        lead(),
      ]),
    });
    const arjun = within(await screen.findByRole('row', { name: /Arjun Rao/ }));
    expect(arjun.getByText('Overdue')).toBeInTheDocument();
    expect(await arjun.findByText('Meera Iyer (instructor)')).toBeInTheDocument();
    // The assignee filter offers "Nobody yet" and the staff.
    await waitFor(() =>
      expect(within(screen.getByLabelText('Assignee')).getByRole('option', { name: 'Meera Iyer (instructor)' })),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'contacted');
    await user.selectOptions(screen.getByLabelText('Assignee'), '9');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=counseling&status=contacted&assignee=9'));
    await waitFor(() =>
      expect(api.callsTo(`GET ${API.admin.counselingRequests}`).at(-1)!.query.get('assignee')).toBe('9'),
    );
    expect(api.callsTo(`GET ${API.admin.counselingRequests}`).at(-1)!.query.get('status')).toBe('contacted');
  });

  it('Edit moves a lead on: status, assignee and follow-up by PATCH, then the note; no Add New, no Delete', async () => {
    const { user, api } = openPanel('/admin?tab=counseling', {
      [`GET ${API.admin.counselingRequests}`]: page([lead()]),
      [`PATCH ${API.admin.counselingRequest(5)}`]: ok(lead({ status: 'scheduled' })),
      [`POST ${API.admin.counselingNotes(5)}`]: { status: 201, body: lead() },
    });
    const row = within(await screen.findByRole('row', { name: /Neha Gupta/ }));
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(row.getAllByRole('button').map((b) => b.textContent)).toEqual(['View', 'Edit']);
    await user.click(row.getByRole('button', { name: 'Edit' }));
    const d = dialog();
    expect(d.getByLabelText(/^Status/)).toHaveValue('new');
    await waitFor(() => expect(d.getByRole('option', { name: 'Meera Iyer (instructor)' })).toBeInTheDocument());
    await user.selectOptions(d.getByLabelText(/^Status/), 'scheduled');
    await user.selectOptions(d.getByLabelText(/^Assignee/), '9');
    fireEvent.change(d.getByLabelText(/^Next follow-up/), { target: { value: '2026-12-03' } });
    await user.type(d.getByLabelText(/^Add a note/), 'Called back; demo class on Thursday.');
    await user.click(d.getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`PATCH ${API.admin.counselingRequest(5)}`)[0]!.body).toEqual({
      status: 'scheduled',
      assignee: 9,
      next_follow_up: '2026-12-03',
    });
    expect(api.callsTo(`POST ${API.admin.counselingNotes(5)}`)[0]!.body).toEqual({
      text: 'Called back; demo class on Thursday.',
    });
  });

  it('an edit without a note sends no note, and clearing the assignee and date sends null; View lists dated notes', async () => {
    const { user, api } = openPanel('/admin?tab=counseling', {
      [`GET ${API.admin.counselingRequests}`]: page([
        lead({
          assignee: 9,
          next_follow_up: '2026-12-03',
          notes: [{ at: '2026-11-22T12:30:00Z', author: 'admin', text: 'Left a voicemail.' }],
        }),
      ]),
      [`PATCH ${API.admin.counselingRequest(5)}`]: ok(lead()),
    });
    const row = within(await screen.findByRole('row', { name: /Neha Gupta/ }));
    await user.click(row.getByRole('button', { name: 'View' }));
    expect(dialog().getByText(/22 Nov 2026, 6:00 pm IST — admin: Left a voicemail\./)).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    await user.click(row.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(dialog().getByLabelText(/^Assignee/)).toHaveValue('9'));
    await user.selectOptions(dialog().getByLabelText(/^Assignee/), '');
    fireEvent.change(dialog().getByLabelText(/^Next follow-up/), { target: { value: '' } });
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`PATCH ${API.admin.counselingRequest(5)}`)[0]!.body).toEqual({
      status: 'new',
      assignee: null,
      next_follow_up: null,
    });
    expect(api.callsTo(`POST ${API.admin.counselingNotes(5)}`)).toHaveLength(0);
  });

  it("a refused save keeps the dialog with the server's field message", async () => {
    const { user } = openPanel('/admin?tab=counseling', {
      [`GET ${API.admin.counselingRequests}`]: page([lead()]),
      [`PATCH ${API.admin.counselingRequest(5)}`]: fail(400, {
        assignee: ['Assign the request to an active administrator or instructor.'],
      }),
    });
    await user.click(
      within(await screen.findByRole('row', { name: /Neha Gupta/ })).getByRole('button', { name: 'Edit' }),
    );
    await waitFor(() => expect(dialog().getByRole('option', { name: 'Meera Iyer (instructor)' })).toBeInTheDocument());
    await user.selectOptions(dialog().getByLabelText(/^Assignee/), '9');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    expect(
      await dialog().findByText('Assign the request to an active administrator or instructor.'),
    ).toBeInTheDocument();
    expect(dialog().getByText(MESSAGES.adminSaveFailed)).toBeInTheDocument();
  });
});

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

/** Raw zod texts a person cannot act on. */
const RAW =
  /invalid_|too_small|too_big|Invalid input|Expected |Required$|received|NaN|ISO|must be one of|\b[a-z]+_[a-z_]+\b/;

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
      routes: { [`GET ${API.successStories.list}`]: ok([]) },
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
