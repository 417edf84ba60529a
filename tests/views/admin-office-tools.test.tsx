import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, OFFICE_MESSAGES } from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { admin, payment } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { ISSUES, STATS, adminPanel, dialog } from './support/admin-panel.ts';

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

  it('the Total Revenue tile says it is net of discounts and refunds', async () => {
    adminPanel();
    const tile = (await screen.findByText('Total Revenue')).closest('li')!;
    expect(within(tile).getByText('net of discounts and refunds')).toBeInTheDocument();
  });

  it('the Users tab lists accounts, creates one and edits with a partial update', async () => {
    const meera = {
      id: 9,
      username: 'meera',
      email: 'meera@example.in',
      first_name: 'Meera',
      last_name: 'Iyer',
      email_verified: true,
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
        [`PATCH ${API.admin.user(9)}`]: ok({ ...meera, last_name: 'Iyengar' }),
      },
    });
    const row = await screen.findByRole('row', { name: /meera/ });
    expect(within(row).getByText('INSTRUCTOR')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.clear(within(dialog()).getByLabelText(/Last name/));
    await user.type(within(dialog()).getByLabelText(/Last name/), 'Iyengar');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${API.admin.user(9)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${API.admin.user(9)}`)[0]!.body).toEqual({
      first_name: 'Meera',
      last_name: 'Iyengar',
      email: 'meera@example.in',
      role: 'instructor',
    });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(within(dialog()).getByText('Username is required.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.admin.users}`)).toHaveLength(0);
  });
});
