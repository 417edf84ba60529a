import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MFA_MESSAGES, MFA_PATHS, type AdminUser } from '../../contract/index.ts';
import { fail, ok, type FakeRequest } from './support/fake-api.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Users tab's View dialog: an administrator removes another user's second factor, with a reason. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const STEP_UP = fail(403, { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' });

const account = (id: number, username: string, mfa_enabled: boolean): AdminUser => ({
  id,
  username,
  email: `${username}@example.in`,
  first_name: username[0]!.toUpperCase() + username.slice(1),
  last_name: 'Admin',
  email_verified: true,
  profile: { role: 'admin', is_admin: true, is_instructor: false, is_student: false },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  last_login: null,
  mfa_enabled,
});
const MEERA = account(9, 'meera', true);
const RAVI = account(10, 'ravi', false);
const RESET = `POST ${MFA_PATHS.adminResetMfa(MEERA.id)}`;

function usersTab(reset: (request: FakeRequest) => { status?: number; body?: unknown }) {
  return renderApp('/admin?tab=users', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.admin.users}`]: ok({ count: 2, next: null, previous: null, results: [MEERA, RAVI] }),
      [RESET]: reset,
      [`POST ${MFA_PATHS.stepUp}`]: ok({ step_up_until: '2026-11-25T10:05:00.000Z' }),
    },
  });
}
const viewDialog = () => within(screen.getByRole('dialog', { name: 'View User' }));

describe('Users: Remove second factor (View dialog)', () => {
  it('is offered only for a user with a second factor', async () => {
    const { user } = usersTab(() => ({ status: 204 }));
    await user.click(within(await screen.findByRole('row', { name: /ravi/ })).getByRole('button', { name: 'View' }));
    expect(viewDialog().getByText('Off')).toBeInTheDocument();
    expect(viewDialog().queryByRole('button', { name: 'Remove second factor' })).not.toBeInTheDocument();
    expect(viewDialog().getByRole('button', { name: 'Send password reset link' })).toBeInTheDocument();
  });

  it('asks for the reason, then for the administrator’s own code, and removes it; the owner is told', async () => {
    let calls = 0;
    const { user, api } = usersTab(() => (++calls === 1 ? STEP_UP : { status: 204 }));
    await user.click(within(await screen.findByRole('row', { name: /meera/ })).getByRole('button', { name: 'View' }));
    expect(viewDialog().getByText('On')).toBeInTheDocument();
    // What it removes is said before the button (issue 39).
    expect(viewDialog().getByText(MFA_MESSAGES.resetTouches)).toBeInTheDocument();

    await user.click(viewDialog().getByRole('button', { name: 'Remove second factor' }));
    expect(viewDialog().getByText('Say why in a few words (at least 5 characters).')).toBeInTheDocument();
    expect(api.callsTo(RESET)).toHaveLength(0);

    await user.type(viewDialog().getByLabelText(/Reason for removing the second factor/), 'Lost her phone');
    await user.click(viewDialog().getByRole('button', { name: 'Remove second factor' }));
    const stepUp = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(stepUp.getByLabelText(/Authentication code/), '123456');
    await user.click(stepUp.getByRole('button', { name: 'Confirm' }));

    expect(await viewDialog().findByText(/Second factor removed\. The owner has been emailed/)).toBeInTheDocument();
    expect(viewDialog().queryByRole('button', { name: 'Remove second factor' })).not.toBeInTheDocument();
    expect(api.callsTo(RESET).map((c) => c.body)).toEqual([{ reason: 'Lost her phone' }, { reason: 'Lost her phone' }]);
    expect(api.callsTo(`POST ${MFA_PATHS.stepUp}`).map((c) => c.body)).toEqual([{ code: '123456' }]);
  });

  it('shows the server’s refusal and may be tried again', async () => {
    const { user, api } = usersTab(() => fail(400, { error: MFA_MESSAGES.resetNothing }));
    await user.click(within(await screen.findByRole('row', { name: /meera/ })).getByRole('button', { name: 'View' }));
    await user.type(viewDialog().getByLabelText(/Reason for removing the second factor/), 'Lost her phone');
    await user.click(viewDialog().getByRole('button', { name: 'Remove second factor' }));
    expect(await viewDialog().findByText(MFA_MESSAGES.resetNothing)).toBeInTheDocument();
    await user.click(viewDialog().getByRole('button', { name: 'Remove second factor' }));
    await waitFor(() => expect(api.callsTo(RESET)).toHaveLength(2));
    expect(await viewDialog().findByText(MFA_MESSAGES.resetNothing)).toBeInTheDocument();
  });
});
