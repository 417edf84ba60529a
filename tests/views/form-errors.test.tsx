import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  COUPON_PATHS,
  IDENTITY_PATHS,
  MFA_PATHS,
  PRIVACY_PATHS,
  SERVER_MESSAGES,
  type ConsentState,
} from '../../contract/index.ts';
import { adminPanel } from './support/admin-panel.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin, courseImpact, program, student } from './support/fixtures.ts';
import { expectRefusalAt, formOf } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * Every form's server refusal (decision 068): the words appear inside the form that was sent (or beside the
 * command's button) and take the keyboard focus, so the browser scrolls them into view and reads them out.
 * Before, the privacy page's erasure refusal sat in a banner at the top, 323 px above a phone's screen.
 */

const CONSENTS: ConsentState = {
  notice_version: '2026-01',
  purposes: [{ purpose: 'marketing_email', label: 'Marketing email', granted: false }],
  minor: false,
  history: [],
};

describe('A refused form shows why next to itself, focused', () => {
  it('Login: wrong password', async () => {
    const { user } = renderApp('/login', {
      routes: { [`POST ${API.token}`]: fail(401, { detail: SERVER_MESSAGES.badCredentials }) },
    });
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await expectRefusalAt(SERVER_MESSAGES.badCredentials, formOf('Login'));
  });

  it('Forgot password: the rate limit', async () => {
    const words = 'Too many requests. Try again in a minute.';
    const { user } = renderApp('/forgot-password', {
      routes: { [`POST ${API.passwordReset}`]: fail(429, { detail: words }) },
    });
    await user.type(await screen.findByLabelText(/Email/), 'a@example.in');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await expectRefusalAt(words, formOf(/Send/));
  });

  it('Privacy settings: Ask for erasure with a wrong password', async () => {
    const words = 'The password is not correct.';
    const { user } = renderApp('/account/privacy', {
      user: student,
      routes: {
        [`GET ${PRIVACY_PATHS.consents}`]: ok(CONSENTS),
        [`POST ${PRIVACY_PATHS.erasureRequest}`]: fail(403, { detail: words }),
      },
    });
    await user.type(await screen.findByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Ask for erasure' }));
    await expectRefusalAt(words, formOf('Ask for erasure'));
  });

  it('Privacy settings: a consent that could not be saved shows in the consents card', async () => {
    const { user } = renderApp('/account/privacy', {
      user: student,
      routes: {
        [`GET ${PRIVACY_PATHS.consents}`]: ok(CONSENTS),
        [`POST ${PRIVACY_PATHS.consents}`]: fail(503, { detail: 'The service is busy.' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Give consent' }));
    await expectRefusalAt(
      'The service is busy.',
      () => screen.getByRole('heading', { name: 'Your consents' }).parentElement!,
    );
  });

  it('Account: Change password with a wrong current password', async () => {
    const { user } = renderApp('/account', {
      user: student,
      routes: { [`POST ${MFA_PATHS.password}`]: fail(403, { detail: 'The password is not correct.' }) },
    });
    // The email section asks for the current password too: type into the password form's own field.
    const form = within((await screen.findByRole('button', { name: 'Change password' })).closest('form')!);
    await user.type(form.getByLabelText(/Current password/), 'wrong-one');
    await user.type(form.getByLabelText(/New password/), 'a-much-longer-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await expectRefusalAt('The password is not correct.', formOf('Change password'));
  });

  it('Account: Change email with a wrong current password', async () => {
    const { user } = renderApp('/account', {
      user: student,
      routes: { [`POST ${IDENTITY_PATHS.email}`]: fail(400, { detail: 'The password is not correct.' }) },
    });
    const form = within((await screen.findByRole('button', { name: 'Change email' })).closest('form')!);
    await user.type(form.getByLabelText(/New email address/), 'new-address@example.in');
    await user.type(form.getByLabelText(/Current password/), 'wrong-one');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    await expectRefusalAt('The password is not correct.', formOf('Change email'));
  });

  it('Admin: a refused Add New shows in its dialog', async () => {
    const { user } = renderApp('/admin?tab=coupons', {
      user: admin,
      routes: {
        [`GET ${API.adminStats}`]: ok({}),
        [`GET ${COUPON_PATHS.adminList}`]: ok([]),
        [`POST ${COUPON_PATHS.adminList}`]: fail(409, { detail: 'A coupon with this code exists.' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const form = within(await screen.findByRole('dialog'));
    await user.type(form.getByLabelText(/^Code/), 'NEWYEAR');
    await user.type(form.getByLabelText(/^Value/), '10');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-form-error'));
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('Admin: a refused delete shows above the list it was asked from, focused', async () => {
    const { user } = adminPanel({
      [`GET ${API.admin.programImpact(program().id)}`]: ok(courseImpact()),
      [`DELETE ${API.programs.remove(program().id)}`]: fail(409, { detail: 'This program has enrollments.' }),
    });
    const row = await screen.findByRole('row', { name: new RegExp(program().title) });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectRefusalAt('This program has enrollments.', () => screen.getByRole('tabpanel'));
  });

  it('Admin privacy: a refused command shows beside its button', async () => {
    const routes: Record<string, Handler> = {
      [`GET ${API.adminStats}`]: ok({}),
      [`GET ${PRIVACY_PATHS.adminRequests}`]: ok([
        {
          id: 3,
          user_id: 10,
          username: 'asha',
          kind: 'erasure',
          status: 'received',
          reason: '',
          refusal_reason: '',
          received_at: '2026-09-01T04:30:00.000Z',
          due_at: '2026-11-30T04:30:00.000Z',
          closed_at: null,
        },
      ]),
      [`GET ${PRIVACY_PATHS.adminIncidents}`]: ok([]),
      [`POST ${PRIVACY_PATHS.adminRequest(3)}`]: fail(409, { detail: 'This request was already verified.' }),
    };
    const { user } = renderApp('/admin?tab=privacy', { user: admin, routes });
    await user.click(await screen.findByRole('button', { name: 'Identity verified' }));
    await expectRefusalAt(
      'This request was already verified.',
      () => screen.getByRole('button', { name: 'Identity verified' }).parentElement!,
    );
  });
});
