import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, OFFICE_MESSAGES } from '../../contract/index.ts';
import { deferred, fail, ok, type Handler } from './support/fake-api.ts';
import { admin, enrollment, faculty, payment, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

const STATS = { total_students: 120, total_programs: 6, total_faculty: 8, total_workshops: 4, total_revenue: 1245000 };
const ISSUES = { total_issues: 7, failed_payments: 3, pending_enrollments: 2 };

function adminPanel(routes: Record<string, Handler> = {}) {
  return renderApp('/admin', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.programs.list}`]: ok([program()]),
      [`GET ${API.faculty.list}`]: ok([faculty()]),
      ...routes,
    },
  });
}

const dialog = () => screen.getByRole('dialog');

describe('Admin office tools', () => {
  it("Delete on a payment with money behind it is refused with the server's reason", async () => {
    const { user, api } = adminPanel({
      [`GET ${API.admin.payments}`]: ok({ count: 1, next: null, previous: null, results: [payment()] }),
      [`DELETE ${API.admin.payment(41)}`]: fail(400, { error: OFFICE_MESSAGES.paymentHasMoney }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const row = await screen.findByRole('row', { name: /Credit Analyst Program/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${API.admin.payment(41)}`)).toHaveLength(1));
    expect(await screen.findByText(new RegExp(OFFICE_MESSAGES.paymentHasMoney.slice(0, 40)))).toBeInTheDocument();
  });

  it('the issue summary counts link to the filtered views, whose filters live in the URL', async () => {
    const { user, api, router } = adminPanel({
      [`GET ${API.admin.payments}`]: ok({
        count: 1,
        next: null,
        previous: null,
        results: [payment({ status: 'failed' })],
      }),
    });
    await user.click(await screen.findByRole('link', { name: 'Failed payments: 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payments&status=failed'));
    expect(await screen.findByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.callsTo(`GET ${API.admin.payments}`).at(-1)!.query.get('status')).toBe('failed'));
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    // A search is added to the URL and to the request.
    await user.type(screen.getByLabelText('Search student name, username or email'), 'asha');
    await user.type(screen.getByLabelText('From (IST)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=payments&status=failed&search=asha&date_from=2026-11-01'),
    );
    await waitFor(() => expect(api.callsTo(`GET ${API.admin.payments}`).at(-1)!.query.get('search')).toBe('asha'));
    expect(api.callsTo(`GET ${API.admin.payments}`).at(-1)!.query.get('date_from')).toBe('2026-11-01');
  });

  it('the Payments filter asks for refunded and partly refunded payments; a capped count shows as 10,000+', async () => {
    const { user, api } = adminPanel({
      [`GET ${API.admin.payments}`]: ok({
        count: 10_000,
        count_capped: true,
        next: null,
        previous: null,
        results: [payment({ status: 'completed', refunded_amount: 500 })],
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { name: 'Payments (10,000+)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Partly refunded');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.callsTo(`GET ${API.admin.payments}`).at(-1)!.query.get('status')).toBe('partly_refunded'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.callsTo(`GET ${API.admin.payments}`).at(-1)!.query.get('status')).toBe('refunded'));
  });

  it('the Total Revenue tile says it is net of refunds', async () => {
    adminPanel();
    const tile = (await screen.findByText('Total Revenue')).closest('li')!;
    expect(within(tile).getByText('net of refunds')).toBeInTheDocument();
  });

  it('the Users tab lists accounts, creates one and deactivates with a partial update', async () => {
    const meera = {
      id: 9,
      username: 'meera',
      email: 'meera@example.in',
      first_name: 'Meera',
      last_name: 'Iyer',
      profile: { role: 'instructor', is_admin: false, is_instructor: true, is_student: false },
      is_active: true,
      date_joined: '2026-11-01T10:00:00.000Z',
      mfa_enabled: false,
      last_login: null,
    };
    const { user, api } = renderApp('/admin?tab=users', {
      user: admin,
      routes: {
        [`GET ${API.adminStats}`]: ok(STATS),
        [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
        [`GET ${API.admin.users}`]: ok({ count: 1, next: null, previous: null, results: [meera] }),
        [`POST ${API.admin.users}`]: { status: 201, body: { ...meera, id: 10, username: 'ravi' } },
        [`PATCH ${API.admin.user(9)}`]: ok({ ...meera, is_active: false }),
      },
    });
    const row = await screen.findByRole('row', { name: /meera/ });
    expect(within(row).getByText('INSTRUCTOR')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog()).getByLabelText(/Active/));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${API.admin.user(9)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${API.admin.user(9)}`)[0]!.body).toEqual({
      first_name: 'Meera',
      last_name: 'Iyer',
      email: 'meera@example.in',
      role: 'instructor',
      is_active: false,
    });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(within(dialog()).getByText('Username is required.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.admin.users}`)).toHaveLength(0);
  });
});

describe('Admin dashboard', () => {
  it('shows stat tiles with revenue in rupees, the issue summary and the eight tabs', async () => {
    const { api } = adminPanel();
    expect(await screen.findByText('₹12,45,000')).toBeInTheDocument();
    expect(screen.getByText('Total Revenue')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByText('Issues: 7')).toBeInTheDocument();
    expect(screen.getByText('Failed payments: 3')).toBeInTheDocument();
    expect(screen.getByText('Pending enrollments: 2')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Programs',
      'Faculty',
      'Workshops',
      'Enrollments',
      'Payments',
      'Testimonials',
      'Success Stories',
      'Resources',
      'Counseling Requests',
      'Revenue',
      'Users',
      'Audit Log',
      'Outbox',
      'Reconciliation',
      'Privacy',
      'Coupons',
      'Instalments',
      'Plans',
      'Certificates',
      'Batches',
      'Timetable',
      'Curriculum',
    ]);
    // The one token store serves the admin calls too (docs/deviations.md).
    expect(api.callsTo(`GET ${API.admin.issueSummary}`)[0]!.auth).toBe('Bearer access-1');
    expect(api.callsTo(`GET ${API.programs.list}`)[0]!.query.get('include_inactive')).toBe('true');
    expect(await screen.findByRole('cell', { name: 'Credit Analyst Program' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Programs list' })).toHaveClass('scroll-area');
  });

  it('shows "Failed to load data. Please try again later." when a list fails', async () => {
    adminPanel({ [`GET ${API.programs.list}`]: fail(500, {}) });
    expect(await screen.findByText(MESSAGES.adminLoadFailed)).toBeInTheDocument();
  });

  it('View opens the item read-only and Escape closes it, giving focus back', async () => {
    const { user } = adminPanel();
    const view = within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', {
      name: 'View',
    });
    await user.click(view);
    expect(within(dialog()).getByRole('heading', { name: 'View Program' })).toBeInTheDocument();
    expect(within(dialog()).getByText('₹1,50,000')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it('Add New validates the program form, creates, announces and reloads the list', async () => {
    const { user, api } = adminPanel({ [`POST ${API.programs.create}`]: { status: 201, body: program({ id: 2 }) } });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    for (const text of [
      'Title is required.',
      'Description is required.',
      'Price must be a number.',
      'Duration must be a number of weeks.',
    ]) {
      expect(within(dialog()).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog()).getByText('Choose the level.')).toBeInTheDocument();
    const d = within(dialog());
    await user.type(d.getByLabelText(/^Title/), 'Credit Risk Essentials');
    await user.type(d.getByLabelText(/^Description/), 'Six weeks of credit risk.');
    await user.selectOptions(d.getByLabelText(/^Level/), 'beginner');
    await user.selectOptions(d.getByLabelText(/^Category/), 'short_course');
    await user.selectOptions(d.getByLabelText(/^Target audience/), 'professionals');
    await user.type(d.getByLabelText(/^Price/), '45000');
    await user.type(d.getByLabelText(/^Duration/), '6');
    const listCalls = api.callsTo(`GET ${API.programs.list}`).length;
    await user.click(d.getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminCreated);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${API.programs.create}`)[0]!.body).toMatchObject({
      title: 'Credit Risk Essentials',
      level: 'beginner',
      category: 'short_course',
      target_audience: 'professionals',
      price: 45000,
      duration_weeks: 6,
      is_active: true,
    });
    // The list reloads, and so do the selects' options (the Batches tab's programs).
    await waitFor(() => expect(api.callsTo(`GET ${API.programs.list}`).length).toBe(listCalls + 2));
  });

  it('Edit updates with PUT and shows "Item updated successfully!"; a failed save keeps the dialog with the spec text', async () => {
    const { user, api } = adminPanel({ [`PUT ${API.programs.update(1)}`]: fail(500, {}) });
    await user.click(
      within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', { name: 'Edit' }),
    );
    const title = within(dialog()).getByLabelText(/^Title/);
    expect(title).toHaveValue('Credit Analyst Program');
    await user.clear(title);
    await user.type(title, 'Credit Analyst Program 2');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(MESSAGES.adminSaveFailed);
    expect(within(dialog()).getByLabelText(/^Title/)).toHaveValue('Credit Analyst Program 2');
    api.on(`PUT ${API.programs.update(1)}`, ok(program({ title: 'Credit Analyst Program 2' })));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`PUT ${API.programs.update(1)}`).at(-1)!.body).toMatchObject({
      title: 'Credit Analyst Program 2',
    });
  });

  it('Delete asks "Are you sure you want to delete this item?" in an in-app dialog; failure shows the spec text', async () => {
    const { user, api } = adminPanel({ [`DELETE ${API.programs.remove(1)}`]: fail(500, {}) });
    await user.click(
      within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(MESSAGES.deleteConfirm)).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.adminDeleteFailed);
    api.on(`DELETE ${API.programs.remove(1)}`, { status: 204 });
    await user.click(
      within(screen.getByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${API.programs.remove(1)}`)).toHaveLength(2);
  });

  it('the faculty form requires its fields and checks email and LinkedIn URL', async () => {
    const { user } = adminPanel();
    await user.click(await screen.findByRole('tab', { name: 'Faculty' }));
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const d = within(dialog());
    await user.type(d.getByLabelText(/^Email/), 'nope');
    await user.type(d.getByLabelText(/^LinkedIn URL/), 'linkedin');
    await user.click(d.getByRole('button', { name: 'Save' }));
    for (const text of [
      'First name is required.',
      'Last name is required.',
      'Enter a valid email address.',
      'Expertise is required.',
      'Experience must be a number of years.',
      'LinkedIn URL must be a valid http(s) URL.',
    ]) {
      expect(d.getByText(text)).toBeInTheDocument();
    }
  });

  it('Enrollments and Payments have no Add New, and Resolve sends status, notes, reason and urgent', async () => {
    const { user, api } = adminPanel({
      [`GET ${API.admin.payments}`]: ok({
        count: 1,
        next: null,
        previous: null,
        results: [payment({ status: 'failed' })],
      }),
      [`POST ${API.admin.resolvePayment(41)}`]: ok(payment({ status: 'completed' })),
    });
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const row = await screen.findByRole('row', { name: /Credit Analyst Program/ });
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(within(row).getByText('Failed')).toHaveClass('badge-red');
    await user.click(within(row).getByRole('button', { name: 'Resolve' }));
    const d = within(dialog());
    expect(d.getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining([
        'Insufficient Funds',
        'Card Declined',
        'Network Error',
        'Bank Timeout',
        'Invalid Details',
        'Fraud Detected',
        'Technical Issue',
        'Other',
      ]),
    );
    expect(d.queryByLabelText(/Issue description/)).not.toBeInTheDocument();
    await user.selectOptions(d.getByLabelText(/^Status/), 'completed');
    await user.selectOptions(d.getByLabelText(/^Failure reason/), 'bank_timeout');
    await user.type(d.getByLabelText(/^Admin notes/), 'Bank confirmed.');
    await user.click(d.getByLabelText('Urgent'));
    await user.click(d.getByRole('button', { name: 'Resolve' }));
    await expectSuccessNotice(MESSAGES.adminResolved);
    expect(api.callsTo(`POST ${API.admin.resolvePayment(41)}`)[0]!.body).toEqual({
      status: 'completed',
      admin_notes: 'Bank confirmed.',
      failure_reason: 'bank_timeout',
      issue_description: '',
      is_urgent: true,
    });
  });

  it('resolving an enrollment offers the issue description', async () => {
    const { user } = adminPanel({
      [`GET ${API.admin.enrollments}`]: ok({
        count: 1,
        next: null,
        previous: null,
        results: [enrollment({ status: 'on_hold' })],
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Enrollments' }));
    await user.click(
      within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', {
        name: 'Resolve',
      }),
    );
    expect(within(dialog()).getByLabelText(/Issue description/)).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText(/Failure reason/)).not.toBeInTheDocument();
  });

  it('follows the next pages as the 600px area is scrolled', async () => {
    const page2 = deferred();
    const { user, api } = adminPanel({
      [`GET ${API.admin.payments}`]: (request) =>
        request.query.get('page') === '2'
          ? page2.handler()
          : ok({ count: 2, next: '/api/admin/payments/?page=2', previous: null, results: [payment()] }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const area = await screen.findByRole('region', { name: 'Payments list' });
    await screen.findByRole('heading', { name: 'Payments (2)' });
    fireEvent.scroll(area);
    await waitFor(() => expect(api.callsTo(`GET ${API.admin.payments}`)).toHaveLength(2));
    expect(api.callsTo(`GET ${API.admin.payments}`)[1]!.query.get('page')).toBe('2');
    page2.release(
      ok({ count: 2, next: null, previous: null, results: [payment({ id: 42, program_title: 'NBFC Incubator' })] }),
    );
    expect(await screen.findByRole('row', { name: /NBFC Incubator/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('lists counseling requests: View and Edit (the pipeline), no Add New or Delete', async () => {
    const { user } = adminPanel({
      [`GET ${API.admin.counselingRequests}`]: ok({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 1,
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
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Counseling Requests' }));
    const row = await screen.findByRole('row', { name: /Neha Gupta/ });
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View', 'Edit']);
    await user.click(within(row).getByRole('button', { name: 'View' }));
    expect(within(dialog()).getByText('Weekend batch?')).toBeInTheDocument();
  });

  it('shows the email outbox read-only, with what went nowhere and why', async () => {
    const { user } = adminPanel({
      [`GET ${API.admin.outbox}`]: ok({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 7,
            template: 'payment_confirmation',
            recipients: ['asha@example.in'],
            subject: 'Payment received: Credit Analyst Program',
            text_body: 'Dear Asha,\n\nWe have received your payment of ₹1,25,000.',
            status: 'nowhere',
            attempts: 1,
            last_error: null,
            attachments: ['Invoice CCI-26-27-00042.pdf'],
            created_at: '2026-11-22T10:00:00Z',
            sent_at: '2026-11-22T10:00:01Z',
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Outbox' }));
    const row = await screen.findByRole('row', { name: /Payment received: Credit Analyst Program/ });
    expect(within(row).getByText('Not sent (no SMTP server configured)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View' }));
    expect(within(dialog()).getByText(/We have received your payment of ₹1,25,000/)).toBeInTheDocument();
    expect(within(dialog()).getByText('Invoice CCI-26-27-00042.pdf')).toBeInTheDocument();
    // It never left the server: no "Sent at" time for it.
    expect(within(dialog()).getByText('not sent (no SMTP configured)')).toBeInTheDocument();
    expect(within(dialog()).queryByText(/22 Nov 2026.*10:00:01|10:00:01/)).not.toBeInTheDocument();
  });

  it('traps Tab inside the dialog', async () => {
    const { user } = adminPanel();
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const buttons = within(dialog()).getAllByRole('button');
    buttons.at(-1)!.focus();
    await user.tab();
    expect(dialog().contains(document.activeElement)).toBe(true);
  });
});
