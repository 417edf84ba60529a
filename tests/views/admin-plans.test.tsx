import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { API, INSTALMENT_PATHS, INSTALMENT_MESSAGES, MESSAGES, type InstalmentPlan } from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The Plans tab (decision record 054): a program's instalment plans, added, edited and deleted. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const PROGRAM = program({ id: 3, title: 'Credit Analyst Program', price: 150000 });
const THREE: InstalmentPlan = {
  id: 7,
  program_id: 3,
  name: 'Three parts',
  instalments: [
    { amount: 52000, due_after_days: 0 },
    { amount: 52000, due_after_days: 30 },
    { amount: 52000, due_after_days: 60 },
  ],
  total: 156000,
  is_active: true,
};

function plansTab(routes: Record<string, Handler> = {}) {
  return renderApp('/admin?tab=plans', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.programs.list}`]: ok([PROGRAM]),
      [`GET ${INSTALMENT_PATHS.adminProgramPlans(3)}`]: ok([THREE]),
      ...routes,
    },
  });
}

describe('Plans tab', () => {
  it("lists a program's plans with the total against the full price, and adds one", async () => {
    const CREATE = `POST ${INSTALMENT_PATHS.adminProgramPlans(3)}`;
    const { user, api } = plansTab({ [CREATE]: { status: 201, body: { ...THREE, id: 8, name: 'Two parts' } } });
    await user.selectOptions(await screen.findByLabelText(/^Program/), '3');
    const row = await screen.findByRole('row', { name: /Three parts/ });
    expect(within(row).getByText('₹1,56,000')).toBeInTheDocument();
    expect(within(row).getByText('₹6,000 more than the full price ₹1,50,000')).toBeInTheDocument();
    expect(within(row).getByText(/₹52,000 at checkout; ₹52,000 after 30 days/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Plan' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Two parts');
    await user.type(dialog.getByLabelText(/^Instalments/), '75000, 10{Enter}75000, 40');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(INSTALMENT_MESSAGES.firstDueNow)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Instalments/));
    await user.type(dialog.getByLabelText(/^Instalments/), '75000, 0{Enter}75000, 40');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      name: 'Two parts',
      instalments: [
        { amount: 75000, due_after_days: 0 },
        { amount: 75000, due_after_days: 40 },
      ],
      is_active: true,
    });
  });

  it('deactivates a plan by Edit, and shows why a plan in use cannot be deleted', async () => {
    const PATCH = `PATCH ${INSTALMENT_PATHS.adminPlan(7)}`;
    const DELETE = `DELETE ${INSTALMENT_PATHS.adminPlan(7)}`;
    const { user, api } = plansTab({
      [PATCH]: ok({ ...THREE, is_active: false }),
      [DELETE]: fail(400, { error: INSTALMENT_MESSAGES.planInUse }),
    });
    await user.selectOptions(await screen.findByLabelText(/^Program/), '3');
    const row = await screen.findByRole('row', { name: /Three parts/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Plan' }));
    expect(dialog.getByLabelText(/^Instalments/)).toHaveValue('52000, 0\n52000, 30\n52000, 60');
    await user.click(dialog.getByLabelText(/^Active/));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toMatchObject({ is_active: false });

    await user.click(
      within(await screen.findByRole('row', { name: /Three parts/ })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(`${MESSAGES.adminDeleteFailed} ${INSTALMENT_MESSAGES.planInUse}`),
    ).toBeInTheDocument();
  });

  it('the program choice and the plans list have no axe violations', async () => {
    const { container, user } = plansTab();
    await user.selectOptions(await screen.findByLabelText(/^Program/), '3');
    await screen.findByRole('row', { name: /Three parts/ });
    const results = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
