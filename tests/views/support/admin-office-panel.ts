import { screen, within } from '@testing-library/react';
import { API, type CounselingRequest } from '../../../contract/index.ts';
import { ok, type FakeRequest, type Handler } from './fake-api.ts';
import { admin, faculty, program } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { ISSUES, STATS } from './admin-panel.ts';

/** The admin panel as the office screens' view files open it: staff users, a staff select and any routes a test adds. */

export const staffUser = (id: number, username: string, first: string, last: string, role: 'admin' | 'instructor') => ({
  id,
  username,
  email: `${username}@example.in`,
  first_name: first,
  last_name: last,
  email_verified: true,
  profile: { role, is_admin: role === 'admin', is_instructor: role === 'instructor', is_student: false },
  is_active: true,
  date_joined: '2026-11-01T10:00:00.000Z',
  mfa_enabled: false,
  last_login: null,
});
export const MEERA = staffUser(9, 'meera', 'Meera', 'Iyer', 'instructor');
export const ADMIN_USER = staffUser(1, 'admin', 'Institute', 'Admin', 'admin');
export const page = (results: unknown[]) => ok({ count: results.length, next: null, previous: null, results });
/** GET /api/admin/users/ as the staff select asks it: by role. */
export const usersByRole = (request: FakeRequest) =>
  page(
    request.query.get('role') === 'admin' ? [ADMIN_USER] : request.query.get('role') === 'instructor' ? [MEERA] : [],
  );

export function openPanel(url: string, routes: Record<string, Handler> = {}) {
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

export const dialog = () => within(screen.getByRole('dialog'));

export const lead = (overrides: Partial<CounselingRequest> = {}): CounselingRequest => ({
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
