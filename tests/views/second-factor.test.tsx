import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, MFA_MESSAGES, MFA_PATHS } from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin, payment, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

/** Two-step verification in the SPA: the login's second step, the step-up modal, the account page's set-up. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 125000 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const STEP_UP = fail(403, { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' });
const completed = payment({ status: 'completed', completed_at: '2026-11-22T10:00:00Z', refunded_amount: 0 });

function adminAt(url: string, routes: Record<string, Handler> = {}) {
  return renderApp(url, {
    user: admin,
    routes: { [`GET ${API.adminStats}`]: ok(STATS), [`GET ${API.admin.issueSummary}`]: ok(ISSUES), ...routes },
  });
}

async function refundWithStepUp(routes: Record<string, Handler>) {
  const view = adminAt('/admin?tab=payments', { [`GET ${API.admin.payments}`]: ok(page([completed])), ...routes });
  await view.user.click(await screen.findByRole('button', { name: 'Refund' }));
  const refund = within(screen.getByRole('dialog', { name: 'Refund Payment' }));
  await view.user.type(refund.getByLabelText(/^Reason/), 'Batch moved');
  await view.user.click(refund.getByLabelText(/^Keep access/));
  await view.user.click(refund.getByRole('button', { name: 'Refund' }));
  return { ...view, refund };
}

describe('the step-up modal', () => {
  it('asks for a code when a refund needs one, then retries the refund with the same Idempotency-Key', async () => {
    let refunds = 0;
    const { user, api } = await refundWithStepUp({
      [`POST ${API.admin.refundPayment(41)}`]: () =>
        ++refunds === 1 ? STEP_UP : ok({ ...completed, refunded_amount: 125000 }),
      [`POST ${MFA_PATHS.stepUp}`]: (request) =>
        (request.body as { code: string }).code === '123456'
          ? ok({ step_up_until: '2026-11-25T10:05:00.000Z' })
          : fail(400, { error: MFA_MESSAGES.codeInvalid }),
    });
    const modal = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(modal.getByLabelText(/Authentication code/), '000000');
    await user.click(modal.getByRole('button', { name: 'Confirm' }));
    expect(await modal.findByText(MFA_MESSAGES.codeInvalid)).toBeInTheDocument();
    await user.type(modal.getByLabelText(/Authentication code/), '123456');
    await user.click(modal.getByRole('button', { name: 'Confirm' }));
    await expectSuccessNotice(MESSAGES.adminRefunded);
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    const sent = api.callsTo(`POST ${API.admin.refundPayment(41)}`);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(api.callsTo(`POST ${MFA_PATHS.stepUp}`).map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('Cancel gives the refund up with the server’s words, and nothing is retried', async () => {
    const { user, api, refund } = await refundWithStepUp({ [`POST ${API.admin.refundPayment(41)}`]: STEP_UP });
    const modal = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(await refund.findByText(/needs a fresh second-factor check/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.admin.refundPayment(41)}`)).toHaveLength(1);
    expect(api.callsTo(`POST ${MFA_PATHS.stepUp}`)).toHaveLength(0);
  });

  it('sends an administrator without a second factor to the account page to set one up', async () => {
    const { router } = adminAt('/admin', {
      [`GET ${API.adminStats}`]: fail(403, { detail: MFA_MESSAGES.setupRequired, code: 'mfa_setup_required' }),
      [`GET ${MFA_PATHS.status}`]: ok({
        totp_enabled: false,
        recovery_codes_left: 0,
        passkeys: 0,
        step_up_until: null,
      }),
      [`GET ${MFA_PATHS.sessions}`]: ok([]),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.search).toBe('?setup=required');
    expect(await screen.findByText(/Administrators need two-step verification/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
  });
});

describe('the account page', () => {
  it('shows its sections and sets up an authenticator app: QR code, first code, recovery codes once', async () => {
    let enabled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const { user, api } = renderApp('/account', {
      user: student,
      routes: {
        [`GET ${MFA_PATHS.status}`]: () =>
          ok({ totp_enabled: enabled, recovery_codes_left: enabled ? 10 : 0, passkeys: 0, step_up_until: null }),
        [`GET ${MFA_PATHS.sessions}`]: ok([
          { id: 'a1', signed_in_at: '2026-11-25T09:00:00Z', expires_at: '2026-11-26T09:00:00Z' },
        ]),
        [`POST ${MFA_PATHS.totpSetup}`]: ok({
          otpauth_url: 'otpauth://totp/CCI:student?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=CCI',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
        }),
        [`POST ${MFA_PATHS.totpConfirm}`]: () => {
          enabled = true;
          return ok({ recovery_codes: codes });
        },
      },
    });
    for (const name of ['Profile', 'Password', 'Two-step verification', 'Signed-in devices'])
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    // The email section reads the address once (a fresh submit function each render once fetched it forever).
    expect(await screen.findByText(student.email)).toBeInTheDocument();
    const reads = api.callsTo(`GET ${API.me}`).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.callsTo(`GET ${API.me}`)).toHaveLength(reads);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // The first second factor sends the current password along (issue 32).
    await user.type(await screen.findByLabelText(/Your password/), 'password123');
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(api.callsTo(`POST ${MFA_PATHS.totpSetup}`)[0]!.body).toEqual({ password: 'password123' });
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.callsTo(`POST ${MFA_PATHS.totpConfirm}`)[0]!.body).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText(/Two-step verification is on. Recovery codes left: 10/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });
});

describe('the login second step', () => {
  it('asks for the code after the right password and signs in with it', async () => {
    const { user, api, router } = renderApp('/login', {
      routes: {
        [`POST ${API.token}`]: ok({ mfa_required: true, mfa_token: 'tok-1', passkey: false }),
        [`POST ${MFA_PATHS.tokenMfa}`]: ok({ access: 'a2', refresh: 'r2' }),
        [`GET ${API.me}`]: (request) => (request.auth === 'Bearer a2' ? ok(student) : fail(401, { detail: 'x' })),
      },
    });
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'student123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Authentication code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your app.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${MFA_PATHS.tokenMfa}`)).toHaveLength(0);
    await user.type(screen.getByLabelText(/Authentication code/), '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(`POST ${MFA_PATHS.tokenMfa}`)[0]!.body).toEqual({ mfa_token: 'tok-1', code: '123456' });
  });
});
