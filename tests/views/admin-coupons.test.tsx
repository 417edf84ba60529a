import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, COUPON_MESSAGES, COUPON_PATHS, type AdminUser, type Coupon } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { admin, program, workshop } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Coupons tab and a student's Grant scholarship (decision record 053). */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const DIWALI: Coupon = {
  id: 4,
  code: 'DIWALI500',
  kind: 'fixed',
  value: 500,
  courses: [{ course_type: 'program', course: 3 }],
  starts_at: null,
  ends_at: null,
  max_uses: 10,
  max_uses_per_student: 1,
  min_amount: null,
  is_active: true,
  uses: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const ASHA: AdminUser = {
  id: 12,
  username: 'asha',
  email: 'asha@example.in',
  first_name: 'Asha',
  last_name: 'Rao',
  email_verified: true,
  profile: { role: 'student', is_admin: false, is_instructor: false, is_student: true },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  last_login: null,
  mfa_enabled: false,
};
const base = {
  [`GET ${API.adminStats}`]: ok(STATS),
  [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
};

describe('Coupons tab', () => {
  it('lists coupons with their uses, and Add New sends rupees, the courses and the limits', async () => {
    const { user, api } = renderApp('/admin?tab=coupons', {
      user: admin,
      routes: {
        ...base,
        [`GET ${COUPON_PATHS.adminList}`]: ok([DIWALI]),
        [`POST ${COUPON_PATHS.adminList}`]: { status: 201, body: { ...DIWALI, id: 5, code: 'NEWYEAR' } },
        [`GET ${API.programs.list}`]: ok([
          program({ id: 3, title: 'Data Science' }),
          program({ id: 8, title: 'Tally' }),
        ]),
        [`GET ${API.workshops.list}`]: ok([workshop({ id: 7, title: 'Excel for analysts' })]),
        [`GET ${API.faculty.list}`]: ok([]),
        [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
      },
    });
    const row = await screen.findByRole('row', { name: /DIWALI500/ });
    expect(within(row).getByText('₹500 off')).toBeInTheDocument();
    expect(within(row).getByText('3 of 10')).toBeInTheDocument();
    // The courses read by title, not by id.
    expect(await within(row).findByText('Program · Data Science')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Code/), 'NEWYEAR');
    await user.selectOptions(dialog.getByLabelText(/^Kind/), 'fixed');
    await user.type(dialog.getByLabelText(/^Value/), '750');
    // The courses are chosen by title: a search narrows the programs and workshops, a tick chooses one.
    const courses = within(dialog.getByRole('group', { name: /^Courses/ }));
    await user.type(courses.getByLabelText('Search by title'), 'excel');
    expect(courses.queryByLabelText('Program · Data Science')).not.toBeInTheDocument();
    await user.click(courses.getByLabelText('Workshop · Excel for analysts'));
    await user.clear(courses.getByLabelText('Search by title'));
    await user.click(courses.getByLabelText('Program · Data Science'));
    await user.click(courses.getByLabelText('Program · Tally'));
    await user.click(courses.getByRole('button', { name: 'Remove Program · Tally' }));
    expect(courses.getByLabelText('Program · Tally')).not.toBeChecked();
    // Its dates say their zone.
    expect(dialog.getAllByText('India Standard Time (IST, UTC+05:30)')).toHaveLength(2);
    await user.type(dialog.getByLabelText(/^Uses in all/), '100');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${COUPON_PATHS.adminList}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${COUPON_PATHS.adminList}`)[0]!.body).toMatchObject({
      code: 'NEWYEAR',
      kind: 'fixed',
      value: 750,
      courses: [
        { course_type: 'workshop', course: 7 },
        { course_type: 'program', course: 3 },
      ],
      max_uses: 100,
      max_uses_per_student: 1,
      is_active: true,
    });
  });
});

describe('Users: Grant scholarship (View dialog of a student)', () => {
  it('checks the fields, then grants it and says so', async () => {
    const GRANT = `POST ${COUPON_PATHS.scholarships(ASHA.id)}`;
    const { user, api } = renderApp('/admin?tab=users', {
      user: admin,
      routes: {
        ...base,
        [`GET ${API.admin.users}`]: ok({ count: 1, next: null, previous: null, results: [ASHA] }),
        [GRANT]: { status: 201, body: {} },
      },
    });
    await user.click(within(await screen.findByRole('row', { name: /asha/ })).getByRole('button', { name: 'View' }));
    const dialog = within(screen.getByRole('dialog', { name: 'View User' }));
    await user.click(dialog.getByRole('button', { name: 'Grant scholarship' }));
    expect(dialog.getByText(COUPON_MESSAGES.reason)).toBeInTheDocument();
    expect(api.callsTo(GRANT)).toHaveLength(0);

    await user.type(dialog.getByLabelText(/Program or workshop ID/), '3');
    await user.type(dialog.getByLabelText(/^Value/), '25');
    await user.type(dialog.getByLabelText(/^Reason/), 'Merit');
    await user.click(dialog.getByRole('button', { name: 'Grant scholarship' }));
    expect(await dialog.findByText(/Scholarship granted: 25% off/)).toBeInTheDocument();
    expect(api.callsTo(GRANT)[0]!.body).toEqual({
      course_type: 'program',
      course: 3,
      kind: 'percent',
      value: 25,
      reason: 'Merit',
    });
  });
});
