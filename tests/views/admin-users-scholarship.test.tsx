import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, COUPON_MESSAGES, COUPON_PATHS, MFA_MESSAGES, MFA_PATHS, type AdminUser } from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * Users: a student's row offers Grant scholarship (decision record 053), the form of the View dialog in a
 * dialog of its own; the grant still asks for a fresh second factor when the server wants one.
 */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const person = (id: number, username: string, role: 'student' | 'instructor'): AdminUser => ({
  id,
  username,
  email: `${username}@example.in`,
  first_name: username[0]!.toUpperCase() + username.slice(1),
  last_name: 'Rao',
  email_verified: true,
  profile: { role, is_admin: false, is_instructor: role === 'instructor', is_student: role === 'student' },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  last_login: null,
  mfa_enabled: false,
});
const ASHA = person(12, 'asha', 'student');
const MEERA = person(13, 'meera', 'instructor');
const GRANT = `POST ${COUPON_PATHS.scholarships(ASHA.id)}`;
const STEP_UP = fail(403, { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' });

function usersTab(grant: Handler) {
  return renderApp('/admin?tab=users', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.admin.users}`]: ok({ count: 2, next: null, previous: null, results: [ASHA, MEERA] }),
      [GRANT]: grant,
      [`POST ${MFA_PATHS.stepUp}`]: ok({ step_up_until: '2026-11-25T10:05:00.000Z' }),
    },
  });
}

const row = async (name: RegExp) => within(await screen.findByRole('row', { name }));

describe('Users: Grant scholarship on a student’s row', () => {
  it('is offered on students’ rows only, and opens the grant form for that student', async () => {
    const { user, api } = usersTab({ status: 201, body: {} });
    expect((await row(/meera/)).queryByRole('button', { name: 'Grant scholarship' })).not.toBeInTheDocument();
    await user.click((await row(/asha/)).getByRole('button', { name: 'Grant scholarship' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Grant scholarship' }));
    // The form checks its fields before anything is sent.
    await user.click(dialog.getByRole('button', { name: 'Grant scholarship' }));
    expect(dialog.getByText(COUPON_MESSAGES.reason)).toBeInTheDocument();
    expect(api.callsTo(GRANT)).toHaveLength(0);
    await user.type(dialog.getByLabelText(/Program or workshop ID/), '3');
    await user.selectOptions(dialog.getByLabelText(/^Kind/), 'fixed');
    await user.type(dialog.getByLabelText(/^Value/), '5000');
    await user.type(dialog.getByLabelText(/^Reason/), 'Merit');
    await user.click(dialog.getByRole('button', { name: 'Grant scholarship' }));
    expect(await dialog.findByText(/Scholarship granted: ₹5,000 off/)).toBeInTheDocument();
    expect(api.callsTo(GRANT).map((call) => call.body)).toEqual([
      { course_type: 'program', course: 3, kind: 'fixed', value: 5000, reason: 'Merit' },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a fresh second factor when the server wants one, then grants it', async () => {
    let grants = 0;
    const { user, api } = usersTab(() => (++grants === 1 ? STEP_UP : { status: 201, body: {} }));
    await user.click((await row(/asha/)).getByRole('button', { name: 'Grant scholarship' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Grant scholarship' }));
    await user.type(dialog.getByLabelText(/Program or workshop ID/), '3');
    await user.type(dialog.getByLabelText(/^Value/), '25');
    await user.type(dialog.getByLabelText(/^Reason/), 'Merit');
    await user.click(dialog.getByRole('button', { name: 'Grant scholarship' }));
    const stepUp = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(stepUp.getByLabelText(/Authentication code/), '123456');
    await user.click(stepUp.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText(/Scholarship granted: 25% off/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${MFA_PATHS.stepUp}`).map((call) => call.body)).toEqual([{ code: '123456' }]);
    expect(api.callsTo(GRANT)).toHaveLength(2);
  });
});
