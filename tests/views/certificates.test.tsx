import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, CERTIFICATE_PATHS, DELIVERY_PATHS, type CertificateTest, type Course } from '../../contract/index.ts';
import { sampleCourse } from '../support/models/index.ts';
import { ok } from './support/fake-api.ts';
import { enrollment, program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The certificate on the course page and the dashboard (decision record 052). */

const COURSE = `GET ${DELIVERY_PATHS.course(5)}`;
const CERTIFICATE = {
  code: 'Zq3v9X_aBcD-efGhIjKlMnOp',
  number: 7,
  url: 'https://cci.example.in/certificates/Zq3v9X_aBcD-efGhIjKlMnOp',
};

const eligibility: NonNullable<Course['eligibility']> = {
  eligible: false,
  summary: 'Not yet eligible for a certificate: 1 lesson left; attendance 70% of the 75% needed.',
  lessons: { done: 1, total: 2, met: false },
  attendance: { percentage: 70, required: 75, held_sessions: 10, met: false },
  assignments: { total: 1, pass_percent: 40, not_graded: [], below_pass: [], met: true },
  tests: [],
};

const coursePage = (course: Course) => renderApp('/learn/5', { user: student, routes: { [COURSE]: ok(course) } });

describe('The certificate', () => {
  it('on the course page, before it is earned: each rule and whether it is met', async () => {
    coursePage({ ...sampleCourse, eligibility });
    const panel = within(await screen.findByRole('region', { name: 'Certificate' }));
    expect(panel.getByText(/Lessons complete: 1 of 2/)).toHaveTextContent('(not yet met)');
    expect(panel.getByText(/Attendance: 70% \(75% needed\)/)).toHaveTextContent('(not yet met)');
    expect(panel.getByText(/Assignments: all 1 graded at 40% or more/)).toHaveTextContent('(met)');
    expect(panel.queryByRole('link', { name: 'Download certificate' })).not.toBeInTheDocument();
  });

  it('before any class with attendance taken or any assignment set: "not counted yet", not ✓ (decision 066)', async () => {
    coursePage({
      ...sampleCourse,
      eligibility: {
        ...eligibility,
        attendance: { percentage: 100, required: 75, held_sessions: 0, met: true },
        assignments: { total: 0, pass_percent: 40, not_graded: [], below_pass: [], met: true },
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Certificate' }));
    const attendance = panel.getByText(/^Attendance:/).closest('li')!;
    expect(attendance).toHaveTextContent(
      'Attendance: not counted yet, no live class with attendance taken (75% needed)',
    );
    const assignments = panel.getByText(/^Assignments:/).closest('li')!;
    expect(assignments).toHaveTextContent('Assignments: not counted yet, none set');
    for (const rule of [attendance, assignments]) {
      expect(rule).not.toHaveTextContent('✓');
      expect(rule).not.toHaveTextContent('(met)');
    }
  });

  it('lists each test that is a certificate rule: passed, not passed, not taken yet, result not published', async () => {
    const test = (id: number, title: string, state: CertificateTest['state']) => ({
      id,
      title,
      pass_percent: 50,
      state,
      met: state === 'passed',
    });
    coursePage({
      ...sampleCourse,
      eligibility: {
        ...eligibility,
        tests: [
          test(1, 'Module 1 quiz', 'passed'),
          test(2, 'Mock test 1', 'not_passed'),
          test(3, 'Mock test 2', 'not_taken'),
          test(4, 'Final test', 'result_pending'),
        ],
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Certificate' }));
    const line = (title: string) => panel.getByText(new RegExp(`^Test “${title}”`)).closest('li')!;
    expect(line('Module 1 quiz')).toHaveTextContent('✓ Test “Module 1 quiz”: passed (met)');
    expect(line('Mock test 1')).toHaveTextContent('○ Test “Mock test 1”: not passed yet (50% to pass) (not yet met)');
    expect(line('Mock test 2')).toHaveTextContent('○ Test “Mock test 2”: not taken yet (50% to pass) (not yet met)');
    expect(line('Final test')).toHaveTextContent('Test “Final test”: taken, result not published yet (not yet met)');
  });

  it('on the course page, once issued: its number, the download and the verification page', async () => {
    coursePage({ ...sampleCourse, eligibility: { ...eligibility, eligible: true }, certificate: CERTIFICATE });
    const panel = within(await screen.findByRole('region', { name: 'Your certificate' }));
    expect(panel.getByText(/Certificate number 7 is yours/)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Download certificate' })).toHaveAttribute(
      'href',
      CERTIFICATE_PATHS.pdf(CERTIFICATE.code),
    );
    expect(panel.getByRole('link', { name: 'Verification page' })).toHaveAttribute('href', CERTIFICATE.url);
  });

  it('on the dashboard: the enrolled card with a certificate has Download certificate', async () => {
    renderApp('/dashboard', {
      user: student,
      routes: {
        [`GET ${API.enrollments.list}`]: ok([enrollment({ id: 5, course: 3 })]),
        [`GET ${API.payments.list}`]: ok([]),
        [`GET ${API.programs.list}`]: ok([program({ id: 3 })]),
        [`GET ${CERTIFICATE_PATHS.mine}`]: ok([{ enrollment: 5, ...CERTIFICATE }]),
      },
    });
    expect(await screen.findByRole('link', { name: 'Download certificate' })).toHaveAttribute(
      'href',
      CERTIFICATE_PATHS.pdf(CERTIFICATE.code),
    );
  });
});
