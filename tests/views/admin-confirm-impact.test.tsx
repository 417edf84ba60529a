import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, OFFICE_MESSAGES, type EnrollmentImpact, type UserImpact } from '../../contract/index.ts';
import { deferred, fail, ok } from './support/fake-api.ts';
import { enrollment } from './support/fixtures.ts';
import { adminPanel } from './support/admin-panel.ts';

/**
 * Destructive admin actions confirm first and list what they touch (issue 39, decision 077): an
 * enrollment's Delete reads its unpaid instalments and whether it may be deleted at all; a user's
 * Deactivate reads their active enrollments and unpaid instalments; neither runs before the dialog's button.
 */

const UNPAID = {
  id: 71,
  enrollment_id: 9,
  title: 'Credit Analyst Program',
  number: 2,
  of: 3,
  total_paise: 2047500,
  due_on: '2026-12-28',
  overdue: false,
};
const impactOf = (overrides: Partial<EnrollmentImpact> = {}): EnrollmentImpact => ({
  enrollment_id: 9,
  student: 'Asha Verma (asha)',
  course_type: 'program',
  title: 'Credit Analyst Program',
  status: 'active',
  batch: 'Jan 2027',
  unpaid_instalments: [UNPAID],
  unpaid_total_paise: 2047500,
  seat_released: false,
  delete_refused: null,
  ...overrides,
});
const list = (results: unknown[]) => ok({ count: results.length, next: null, previous: null, results });
const alertDialog = () => screen.getByRole('alertdialog');

async function openEnrollmentDelete(routes: Parameters<typeof adminPanel>[0]) {
  const panel = adminPanel({ [`GET ${API.admin.enrollments}`]: list([enrollment()]), ...routes });
  await panel.user.click(await screen.findByRole('tab', { name: 'Enrollments' }));
  const row = await screen.findByRole('row', { name: /Credit Analyst Program/ });
  await panel.user.click(within(row).getByRole('button', { name: 'Delete' }));
  return panel;
}

describe("an enrollment's Delete", () => {
  it('lists the student, the course and the instalments still due, and deletes only from its button', async () => {
    const { user, api } = await openEnrollmentDelete({
      [`GET ${API.admin.enrollmentImpact(9)}`]: ok(impactOf()),
      [`DELETE ${API.admin.enrollment(9)}`]: { status: 204, body: null },
    });
    const unpaid = await within(alertDialog()).findByRole('list', { name: 'Unpaid instalments' });
    expect(unpaid).toHaveTextContent('instalment 2 of 3, ₹20,475.00, due 28 Dec 2026');
    expect(alertDialog()).toHaveTextContent(
      'Asha Verma (asha): Credit Analyst Program (program, batch Jan 2027, active)',
    );
    expect(api.callsTo(`DELETE ${API.admin.enrollment(9)}`)).toHaveLength(0);
    await user.click(within(alertDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${API.admin.enrollment(9)}`)).toHaveLength(1));
  });

  it('a paid-for enrollment says why it cannot be deleted and offers no Delete', async () => {
    const { api } = await openEnrollmentDelete({
      [`GET ${API.admin.enrollmentImpact(9)}`]: ok(impactOf({ delete_refused: OFFICE_MESSAGES.enrollmentHasMoney })),
    });
    expect(await within(alertDialog()).findByText(OFFICE_MESSAGES.enrollmentHasMoney)).toBeInTheDocument();
    expect(within(alertDialog()).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${API.admin.enrollment(9)}`)).toHaveLength(0);
  });

  it('offers no Delete while reading, nor when the read failed (Try again reads again)', async () => {
    const read = deferred();
    const { user, api } = await openEnrollmentDelete({ [`GET ${API.admin.enrollmentImpact(9)}`]: read.handler });
    expect(within(alertDialog()).getByRole('status')).toHaveTextContent('Reading what this delete touches');
    expect(within(alertDialog()).queryByRole('button', { name: 'Delete' })).toBeNull();
    read.release(fail(500, {}));
    expect(await within(alertDialog()).findByText(MESSAGES.adminLoadFailed)).toBeInTheDocument();
    expect(within(alertDialog()).queryByRole('button', { name: 'Delete' })).toBeNull();
    api.on(`GET ${API.admin.enrollmentImpact(9)}`, ok(impactOf({ unpaid_instalments: [], unpaid_total_paise: 0 })));
    await user.click(within(alertDialog()).getByRole('button', { name: 'Try again' }));
    expect(await within(alertDialog()).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${API.admin.enrollment(9)}`)).toHaveLength(0);
  });
});

const asha = {
  id: 12,
  username: 'asha',
  email: 'asha@example.in',
  first_name: 'Asha',
  last_name: 'Verma',
  email_verified: true,
  profile: { role: 'student', is_admin: false, is_instructor: false, is_student: true },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  mfa_enabled: false,
  last_login: null,
};
const userImpact: UserImpact = {
  user_id: 12,
  username: 'asha',
  active_enrollments: [
    { id: 9, course_type: 'program', title: 'Credit Analyst Program', status: 'active', batch: null },
  ],
  unpaid_instalments: [UNPAID],
  unpaid_total_paise: 2047500,
};

describe("a user's Deactivate", () => {
  it('lists their active enrollments and unpaid instalments, and deactivates only from its button', async () => {
    const { user, api } = adminPanel({
      [`GET ${API.admin.users}`]: list([asha]),
      [`GET ${API.admin.userImpact(12)}`]: ok(userImpact),
      [`PATCH ${API.admin.user(12)}`]: ok({ ...asha, is_active: false }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    const row = await screen.findByRole('row', { name: /asha@example.in/ });
    // Edit no longer takes access away unasked.
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(within(screen.getByRole('dialog')).queryByLabelText(/Active/)).toBeNull();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(row).getByRole('button', { name: 'View' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const enrollments = await within(alertDialog()).findByRole('list', { name: 'Active enrollments' });
    expect(enrollments).toHaveTextContent('Credit Analyst Program (program, active)');
    expect(within(alertDialog()).getByRole('list', { name: 'Unpaid instalments' })).toHaveTextContent('₹20,475.00');
    expect(api.callsTo(`PATCH ${API.admin.user(12)}`)).toHaveLength(0);
    await user.click(within(alertDialog()).getByRole('button', { name: 'Deactivate asha' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${API.admin.user(12)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${API.admin.user(12)}`)[0]!.body).toEqual({ is_active: false });
    expect(await screen.findByText('asha is deactivated: they can no longer sign in.')).toBeInTheDocument();
  });

  it("a refused deactivation stays in the dialog with the server's words", async () => {
    const { user } = adminPanel({
      [`GET ${API.admin.users}`]: list([asha]),
      [`GET ${API.admin.userImpact(12)}`]: ok({ ...userImpact, active_enrollments: [], unpaid_instalments: [] }),
      [`PATCH ${API.admin.user(12)}`]: fail(400, { detail: OFFICE_MESSAGES.lastAdmin }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    const row = await screen.findByRole('row', { name: /asha@example.in/ });
    await user.click(within(row).getByRole('button', { name: 'View' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(await within(alertDialog()).findByRole('button', { name: 'Deactivate asha' }));
    const error = await within(alertDialog()).findByText(OFFICE_MESSAGES.lastAdmin);
    expect(error.closest('[role="alert"]')).toHaveFocus();
  });
});

describe("an enrollment's Resolve to a status without access", () => {
  it('lists what it touches only once such a status is chosen, and resolves only from its button', async () => {
    const { user, api } = adminPanel({
      [`GET ${API.admin.enrollments}`]: list([enrollment()]),
      [`GET ${API.admin.enrollmentImpact(9)}`]: ok(impactOf()),
      [`POST ${API.admin.resolveEnrollment(9)}`]: ok(enrollment({ status: 'cancelled', is_active: false })),
    });
    await user.click(await screen.findByRole('tab', { name: 'Enrollments' }));
    const row = await screen.findByRole('row', { name: /Credit Analyst Program/ });
    await user.click(within(row).getByRole('button', { name: 'Resolve' }));
    const d = within(screen.getByRole('dialog'));
    expect(d.queryByRole('region', { name: 'What this resolve touches' })).toBeNull();
    expect(api.callsTo(`GET ${API.admin.enrollmentImpact(9)}`)).toHaveLength(0);
    await user.selectOptions(d.getByLabelText(/^Status/), 'cancelled');
    const touched = d.getByRole('region', { name: 'What this resolve touches' });
    expect(await within(touched).findByText(/loses access to Credit Analyst Program \(batch Jan 2027\)/)).toBeVisible();
    expect(within(touched).getByRole('list', { name: 'Unpaid instalments' })).toHaveTextContent(
      'instalment 2 of 3, ₹20,475.00, due 28 Dec 2026',
    );
    expect(touched).toHaveTextContent('stays due: refund the enrollment from the Instalments tab to cancel it.');
    expect(api.callsTo(`POST ${API.admin.resolveEnrollment(9)}`)).toHaveLength(0);
    await user.click(d.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.callsTo(`POST ${API.admin.resolveEnrollment(9)}`)).toHaveLength(1));
  });
});
