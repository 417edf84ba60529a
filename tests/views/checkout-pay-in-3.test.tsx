import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, addDays, formatIstDate, istToday, type InstalmentPlan } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** Checkout with Pay in 3 chosen says what is paid today and the schedule (decision record 067). */
const PLAN: InstalmentPlan = {
  id: 7,
  program_id: 1,
  name: 'Pay in 3',
  instalments: [
    { amount: 19500, due_after_days: 0 },
    { amount: 19500, due_after_days: 30 },
    { amount: 19500, due_after_days: 60 },
  ],
  total: 58500,
  is_active: true,
};

describe('Checkout: Pay in 3 reads right', () => {
  it('the summary and the Pay button say what is paid today, then the schedule with its IST dates', async () => {
    const { user } = renderApp('/payment/program/1', {
      user: student,
      routes: { [`GET ${API.programs.detail(1)}`]: ok({ ...program({ price: 58500 }), plans: [PLAN] }) },
    });
    const summary = await screen.findByRole('region', { name: 'Price breakdown' });
    // Paying in full: the spec's Pay and the total payable.
    expect(within(summary).getByText('Total payable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: /Pay in 3/ }));
    const [second, third] = [30, 60].map((days) => formatIstDate(addDays(istToday(), days)));
    const plan = screen.getByRole('region', { name: 'Price breakdown' });
    expect(within(plan).queryByText('Total payable')).not.toBeInTheDocument();
    expect(within(plan).getByText('Pay today').nextElementSibling).toHaveTextContent('₹19,500');
    expect(within(plan).getByText('Then').nextElementSibling).toHaveTextContent(`2 × ₹19,500 (${second} and ${third})`);
    expect(within(plan).getByText('Plan total').nextElementSibling).toHaveTextContent('₹58,500.00');
    expect(
      within(plan).getByText(`Pay ₹19,500 today, then 2 × ₹19,500 (${second} and ${third}).`, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ₹19,500 today' })).toBeEnabled();

    // Back to paying in full: the button and the summary say so again.
    await user.click(screen.getByRole('radio', { name: /Pay in full/ }));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });
});
