import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { API, INSTALMENT_PATHS, INSTALMENT_MESSAGES, type AdminInstalment } from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Instalments tab (decision record 054): every schedule, Move due date, and an enrollment's refund. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };

const row = (over: Partial<AdminInstalment>): AdminInstalment => ({
  id: 1,
  number: 1,
  amount: 50000,
  total_paise: 5_000_000,
  due_on: '2026-11-20',
  status: 'due',
  paid_on: null,
  payment: null,
  invoice: null,
  enrollment_id: 9,
  student: 'Asha Rao',
  program: 'Credit Analyst Program',
  ...over,
});
const OVERDUE = row({ id: 2, number: 2, due_on: '2026-11-01', status: 'overdue' });
const DUE = row({ id: 3, number: 3, due_on: '2026-12-20', status: 'due' });
const PAID = row({ id: 1, number: 1, due_on: '2026-10-01', status: 'paid', payment: 41, invoice: 'INV-1' });

function adminAt(url: string, routes: Record<string, Handler> = {}) {
  return renderApp(url, {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${INSTALMENT_PATHS.adminInstalments}`]: ok([OVERDUE, DUE, PAID]),
      ...routes,
    },
  });
}

describe('Instalments tab', () => {
  it('labels the list amount and what was charged: list ₹22,750 · charged ₹20,475.00 with a 10% coupon', async () => {
    adminAt('/admin?tab=instalments', {
      [`GET ${INSTALMENT_PATHS.adminInstalments}`]: ok([
        row({ id: 5, number: 2, amount: 22750, total_paise: 2_047_500, due_on: '2026-12-28' }),
      ]),
    });
    const due = await screen.findByRole('row', { name: /28 Dec 2026/ });
    expect(within(due).getByText('list ₹22,750 · charged ₹20,475.00')).toBeInTheDocument();
    expect(within(due).queryByText(/with GST/)).not.toBeInTheDocument();
  });

  it('lists every instalment with its amount, IST due date and status, and filters by status', async () => {
    const { user, api } = adminAt('/admin?tab=instalments');
    const overdue = await screen.findByRole('row', { name: /1 Nov 2026/ });
    expect(within(overdue).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(overdue).getByText('Credit Analyst Program')).toBeInTheDocument();
    expect(within(overdue).getByText('list ₹50,000 · charged ₹50,000')).toBeInTheDocument();
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /20 Dec 2026/ })).getByText('Due')).toBeInTheDocument();
    const paid = screen.getByRole('row', { name: /1 Oct 2026/ });
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    // A paid instalment cannot be moved; it offers the enrollment's refund instead.
    expect(within(paid).queryByRole('button', { name: 'Move due date' })).not.toBeInTheDocument();
    expect(within(overdue).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.callsTo(`GET ${INSTALMENT_PATHS.adminInstalments}`).at(-1)!.query.get('status')).toBe('overdue'),
    );
  });

  it('moves a due date with a reason, and shows the server refusal at the date', async () => {
    let answers = 0;
    const { user, api } = adminAt('/admin?tab=instalments', {
      [`PATCH ${INSTALMENT_PATHS.adminInstalment(2)}`]: () => {
        answers += 1;
        return answers === 1 ? fail(400, { error: INSTALMENT_MESSAGES.dueInPast }) : ok(OVERDUE);
      },
    });
    const overdue = await screen.findByRole('row', { name: /1 Nov 2026/ });
    await user.click(within(overdue).getByRole('button', { name: 'Move due date' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move due date' }));
    await user.click(dialog.getByRole('button', { name: 'Move due date' }));
    expect(await dialog.findByText('Reason is required.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${INSTALMENT_PATHS.adminInstalment(2)}`)).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/^New due date/));
    await user.type(dialog.getByLabelText(/^New due date/), '2026-10-01');
    await user.type(dialog.getByLabelText(/^Reason/), 'Salary delayed');
    await user.click(dialog.getByRole('button', { name: 'Move due date' }));
    expect(await dialog.findByText(INSTALMENT_MESSAGES.dueInPast)).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(/^New due date/));
    await user.type(dialog.getByLabelText(/^New due date/), '2026-12-05');
    await user.click(dialog.getByRole('button', { name: 'Move due date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PATCH ${INSTALMENT_PATHS.adminInstalment(2)}`).at(-1)!.body).toEqual({
      due_on: '2026-12-05',
      reason: 'Salary delayed',
    });
  });

  it("refunds a paid row's enrollment with a reason, the access choice and an Idempotency-Key", async () => {
    const REFUND = `POST ${INSTALMENT_PATHS.adminEnrollmentRefund(9)}`;
    const { user, api } = adminAt('/admin?tab=instalments', { [REFUND]: ok([]) });
    const paid = await screen.findByRole('row', { name: /1 Oct 2026/ });
    await user.click(within(paid).getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund Instalment' }));
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    expect(dialog.getByText(/every instalment paid is refunded in full/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(dialog.getByText('Choose whether the student keeps access.')).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(0);

    await user.type(dialog.getByLabelText(/^Reason/), 'Left the course');
    await user.click(dialog.getByLabelText(/^Revoke access/));
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.callsTo(REFUND)).toHaveLength(1));
    expect(api.callsTo(REFUND)[0]!.body).toEqual({ reason: 'Left the course', revoke_access: true });
    expect(api.callsTo(REFUND)[0]!.idempotencyKey).toBeTruthy();
  });
});
