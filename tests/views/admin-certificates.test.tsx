import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  CERTIFICATE_PATHS,
  CERTIFICATE_MESSAGES,
  certificatePagePath,
  type AdminCertificate,
} from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Certificates tab (decision record 052): the list, the public page, and Revoke with a reason. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const cert = (over: Partial<AdminCertificate>): AdminCertificate => ({
  id: 1,
  code: 'K7QX2M9PLR4T',
  number: 41,
  student_name: 'Asha Rao',
  program: 'Credit Analyst Program',
  batch: { name: 'November weekend', starts_on: '2026-08-01', ends_on: '2026-11-15' },
  hours: 120,
  instructor_name: 'Ravi Menon',
  issued_on: '2026-11-20',
  status: 'valid',
  revoked_on: null,
  enrollment: 9,
  student: 12,
  issued_by: 2,
  revoked_reason: null,
  ...over,
});
const VALID = cert({});
const REVOKED = cert({
  id: 2,
  code: 'Z9RT5W2QMN8B',
  number: 42,
  student_name: 'Vikram Shah',
  status: 'revoked',
  revoked_on: '2026-11-22',
  revoked_reason: 'Issued in error',
});

function certificatesTab(routes: Record<string, Handler> = {}) {
  return renderApp('/admin?tab=certificates', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${CERTIFICATE_PATHS.adminList}`]: ok([VALID, REVOKED]),
      ...routes,
    },
  });
}

describe('Certificates tab', () => {
  it('lists certificates with their public page; a revoked one shows revoked and cannot be revoked again', async () => {
    certificatesTab();
    const valid = await screen.findByRole('row', { name: /Asha Rao/ });
    expect(within(valid).getByText('41')).toBeInTheDocument();
    expect(within(valid).getByText('November weekend')).toBeInTheDocument();
    expect(within(valid).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(within(valid).getByText('Valid')).toBeInTheDocument();
    expect(within(valid).getByRole('link', { name: VALID.code })).toHaveAttribute(
      'href',
      certificatePagePath(VALID.code),
    );
    const revoked = screen.getByRole('row', { name: /Vikram Shah/ });
    expect(within(revoked).getByText('Revoked 22 Nov 2026')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(within(valid).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });

  it("revokes with a reason, and shows the server's refusal", async () => {
    const REVOKE = `POST ${CERTIFICATE_PATHS.revoke(VALID.code)}`;
    let answers = 0;
    const { user, api } = certificatesTab({
      [REVOKE]: () => {
        answers += 1;
        return answers === 1
          ? fail(400, { error: CERTIFICATE_MESSAGES.alreadyRevoked })
          : ok({ ...VALID, status: 'revoked', revoked_on: '2026-11-25', revoked_reason: 'Plagiarism' });
      },
    });
    await user.click(
      within(await screen.findByRole('row', { name: /Asha Rao/ })).getByRole('button', { name: 'Revoke' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke' }));
    // What revoking touches is said before anything is sent (decision 077).
    expect(dialog.getByText(/Certificate No\. 41 of/)).toHaveTextContent(
      `Certificate No. 41 of Asha Rao for Credit Analyst Program`,
    );
    expect(dialog.getByText(/public page \(K7QX2M9PLR4T\) says it is revoked/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await dialog.findByText(CERTIFICATE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(REVOKE)).toHaveLength(0);

    await user.type(dialog.getByLabelText(/^Reason/), 'Plagiarism');
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await dialog.findByText(CERTIFICATE_MESSAGES.alreadyRevoked)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(REVOKE).at(-1)!.body).toEqual({ reason: 'Plagiarism' });
  });
});
