import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, type RevenueRow } from '../../contract/index.ts';
import { formatINR } from '../../src/utils/format.ts';
import { fail, ok, serverError } from './support/fake-api.ts';
import { expectSuccessNotice } from './support/notices.ts';
import { dialog, lead, openPanel, page } from './support/admin-office-panel.ts';

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
    expect(items).toEqual([
      `Net (after discounts and refunds) ${formatINR(1125000 + 90000)}`,
      `Refunded ${formatINR(125000)}`,
    ]);
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
