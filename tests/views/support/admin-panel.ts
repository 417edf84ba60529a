import { screen } from '@testing-library/react';
import { API } from '../../../contract/index.ts';
import { ok, type Handler } from './fake-api.ts';
import { admin, faculty, program } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

/** The admin panel as the admin view files render it: stat tiles, issue summary, a program and a faculty member, and any routes a test adds. */

export const STATS = {
  total_students: 120,
  total_programs: 6,
  total_faculty: 8,
  total_workshops: 4,
  total_revenue: 1245000,
};
export const ISSUES = { total_issues: 7, failed_payments: 3, pending_enrollments: 2 };

export function adminPanel(routes: Record<string, Handler> = {}) {
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

export const dialog = () => screen.getByRole('dialog');
