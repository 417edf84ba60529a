import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES } from '../../contract/index.ts';
import { deferred, ok } from './support/fake-api.ts';
import { enrollment, payment } from './support/fixtures.ts';
import { expectSuccessNotice } from './support/notices.ts';
import { adminPanel, dialog } from './support/admin-panel.ts';
import { lead } from './support/admin-office-panel.ts';

describe('Admin dashboard', () => {
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
        results: [lead({ id: 1 })],
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
