import { screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import {
  API,
  MFA_MESSAGES,
  MFA_PATHS,
  NOTIFY_PATHS,
  OPENING_MESSAGES,
  OPENING_PATHS,
  PLACEMENT_PATHS,
  TEACHING_PATHS,
  TEACHING_MESSAGES,
  type StudentOpening,
} from '../../contract/index.ts';
import { adminPanel } from './support/admin-panel.ts';
import { fail, ok } from './support/fake-api.ts';
import { admin, student } from './support/fixtures.ts';
import { expectRefusalAt, formOf } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * More forms' server refusals (decisions 068, 077), beside tests/views/form-errors.test.tsx: the words appear
 * inside the form (or dialog) that was sent and take the keyboard focus.
 */
const LIMITED = 'Too many attempts. Please try again in 5 minutes.';

describe('More refused forms show why next to themselves, focused', () => {
  it('Register: the sign-up limit', async () => {
    const { user } = renderApp('/register', { routes: { [`POST ${API.register}`]: fail(429, { detail: LIMITED }) } });
    await user.type(await screen.findByLabelText(/First name/), 'Arjun');
    await user.type(screen.getByLabelText(/Last name/), 'Mehta');
    await user.type(screen.getByLabelText(/Username/), 'arjun');
    await user.type(screen.getByLabelText(/Email/), 'arjun@example.in');
    await user.type(screen.getByLabelText(/Password/), 'long-enough');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await expectRefusalAt(LIMITED, formOf('Sign up'));
  });

  it('Contact: the counseling form’s limit', async () => {
    const { user } = renderApp('/contact', {
      routes: { [`POST ${API.counseling.create}`]: fail(429, { detail: LIMITED }) },
    });
    await user.type(await screen.findByLabelText(/Full name/), 'Neha');
    await user.type(screen.getByLabelText(/Email/), 'neha@example.in');
    await user.type(screen.getByLabelText(/Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Book Free Counseling' }));
    await expectRefusalAt(LIMITED, formOf('Book Free Counseling'));
  });

  it('Reset password: the limit on setting a new password', async () => {
    const { user } = renderApp('/reset-password#token=tok-123', {
      routes: { [`POST ${API.passwordResetConfirm}`]: fail(429, { detail: LIMITED }) },
    });
    await user.type(await screen.findByLabelText(/New password/), 'N3w-password!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await expectRefusalAt(LIMITED, formOf('Set new password'));
  });

  it('Login: a wrong second-factor code shows in the code form', async () => {
    const { user } = renderApp('/login', {
      routes: {
        [`POST ${API.token}`]: ok({ mfa_required: true, mfa_token: 'tok-1', passkey: false }),
        [`POST ${MFA_PATHS.tokenMfa}`]: fail(400, { error: MFA_MESSAGES.codeInvalid }),
      },
    });
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'student123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectRefusalAt(MFA_MESSAGES.codeInvalid, formOf('Verify'));
  });

  it("Admin: a user's Send password reset link refused shows in the user's View", async () => {
    const words = 'This account is deactivated: reactivate it before sending a password reset link.';
    const meera = {
      id: 9,
      username: 'meera',
      email: 'meera@example.in',
      first_name: 'Meera',
      last_name: 'Iyer',
      email_verified: true,
      profile: { role: 'instructor', is_admin: false, is_instructor: true, is_student: false },
      is_active: false,
      date_joined: '2026-11-01T10:00:00.000Z',
      mfa_enabled: false,
      last_login: null,
    };
    const { user } = adminPanel({
      [`GET ${API.admin.users}`]: ok({ count: 1, next: null, previous: null, results: [meera] }),
      [`POST ${API.admin.userPasswordReset(9)}`]: fail(400, { error: words }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await user.click(within(await screen.findByRole('row', { name: /meera/ })).getByRole('button', { name: 'View' }));
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    await expectRefusalAt(words, () => screen.getByRole('dialog', { name: 'View User' }));
  });

  it('Dashboard: Apply to an opening that closed meanwhile', async () => {
    const opening: StudentOpening = {
      id: 5,
      employer: 1,
      employer_name: 'HDFC Bank',
      title: 'Credit Analyst',
      location: '',
      ctc_min: 500_000,
      ctc_max: 700_000,
      programs: [3],
      batches: [],
      description: '',
      deadline: '2026-12-12',
      status: 'open',
      applications: 0,
      application: null,
    };
    const { user } = renderApp('/dashboard', {
      user: student,
      routes: {
        [`GET ${API.enrollments.list}`]: ok([]),
        [`GET ${API.payments.list}`]: ok([]),
        [`GET ${API.programs.list}`]: ok([]),
        [`GET ${PLACEMENT_PATHS.studentBatches}`]: ok([
          {
            batch: 7,
            batch_name: 'March',
            program_title: 'Credit',
            ends_on: '2026-03-15',
            opt_out: false,
            placed: false,
          },
        ]),
        [`GET ${OPENING_PATHS.studentOpenings}`]: ok([opening]),
        [`POST ${OPENING_PATHS.apply(5)}`]: fail(400, { error: OPENING_MESSAGES.closed }),
      },
    });
    await user.click(await screen.findByText('Apply'));
    await user.upload(screen.getByLabelText(/^Résumé/), new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await expectRefusalAt(OPENING_MESSAGES.closed, formOf('Send application'));
  });

  it('Announce to the batch: a refused announcement shows in its form', async () => {
    const batch = {
      id: 2,
      name: 'November batch',
      program: { id: 3, title: 'Credit Analysis & Lending' },
      starts_on: '2026-10-01',
      ends_on: '2027-01-31',
      state: 'running',
      mode: 'online',
      location: '',
      instructor: null,
      students: [],
      timetable: [],
      sessions: 0,
      sessions_held: 0,
      sessions_counted: 0,
      held_without_sheet: [],
      lessons: [],
    };
    const { user } = renderApp('/teach/batches/2', {
      user: admin,
      routes: {
        [`GET ${TEACHING_PATHS.batch(2)}`]: ok(batch),
        [`POST ${NOTIFY_PATHS.announcements(2)}`]: fail(403, { detail: TEACHING_MESSAGES.notYourBatch }),
      },
    });
    await user.type(await screen.findByLabelText(/^Title/), 'Class moved');
    await user.type(screen.getByLabelText(/^Message/), 'Thursday at 19:00 IST.');
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    await expectRefusalAt(TEACHING_MESSAGES.notYourBatch, formOf('Post announcement'));
  });
});
