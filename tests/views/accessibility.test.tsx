import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { API, NOTIFY_PATHS } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { admin, faculty, payment, program, resource, story, student, workshop } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** axe-core on the rendered pages (colour contrast needs a real layout engine: the e2e suite's job). */
async function violations(container: HTMLElement) {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const routes = {
  [`GET ${API.programs.list}`]: ok([program()]),
  [`GET ${API.programs.detail(1)}`]: ok(program()),
  [`GET ${API.faculty.list}`]: ok([faculty()]),
  [`GET ${API.workshops.list}`]: ok([workshop()]),
  [`GET ${API.resources.list}`]: ok([resource()]),
  [`GET ${API.successStories.list}`]: ok([story()]),
  [`GET ${API.enrollments.list}`]: ok([]),
  [`GET ${API.payments.list}`]: ok([payment()]),
  [`GET ${API.adminStats}`]: ok({
    total_students: 1,
    total_programs: 1,
    total_faculty: 1,
    total_workshops: 1,
    total_revenue: 125000,
  }),
  [`GET ${API.admin.issueSummary}`]: ok({ total_issues: 0, failed_payments: 0, pending_enrollments: 0 }),
  [`GET ${NOTIFY_PATHS.preferences}`]: ok({
    phone: null,
    whatsapp_opted_in: false,
    sms_stopped: false,
    kinds: [
      { kind: 'payments', label: 'Payments and instalments', channels: { email: true, whatsapp: false, sms: false } },
    ],
  }),
};

const pages: [string, string, typeof student | null][] = [
  ['/', 'From Classroom to Credit Markets', null],
  ['/programs', 'Credit Analyst Program', null],
  ['/faculty', 'Rajesh Iyer', null],
  ['/workshops', 'Reading a Credit Memo', null],
  ['/resources', 'CMA Data Template', null],
  ['/placement', 'Ananya Rao', null],
  ['/about', 'Our mission', null],
  ['/contact', 'Book Free Counseling', null],
  ['/login', 'Login', null],
  ['/register', 'Create your student account', null],
  ['/forgot-password', 'Forgot password', null],
  ['/reset-password#token=abc', 'Set a new password', null],
  ['/dashboard', 'Credit Analyst Program', student],
  ['/admin', 'Admin Dashboard', admin],
  ['/payment/program/1', 'Complete your enrollment', student],
  ['/notifications', 'What reaches you where', student],
];

describe('accessibility (axe-core)', () => {
  for (const [path, heading, user] of pages) {
    it(`${path} has no axe violations`, async () => {
      const { container } = renderApp(path, { user, routes, demo: true });
      await screen.findAllByRole('heading', { name: heading });
      expect(await violations(container)).toEqual([]);
    });
  }

  it('the admin dialog has no axe violations', async () => {
    const { container, user } = renderApp('/admin', { user: admin, routes });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await screen.findByRole('dialog');
    expect(await violations(container)).toEqual([]);
  });
});
