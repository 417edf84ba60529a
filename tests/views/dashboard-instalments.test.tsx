import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, INSTALMENT_PATHS, MESSAGES, type Instalment } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { enrollment, payment, program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** A program paid by Pay in 3 on the student's dashboard (decision records 054 and 067). */
const schedule: Instalment[] = [
  {
    id: 11,
    number: 1,
    amount: 19500,
    total_paise: 1_950_000,
    due_on: '2026-11-28',
    status: 'paid',
    paid_on: '2026-11-28',
    payment: 41,
    invoice: 'CCI/26-27/00001',
  },
  // Paid early: on 3 Dec, although due on 28 Dec.
  {
    id: 12,
    number: 2,
    amount: 19500,
    total_paise: 1_950_000,
    due_on: '2026-12-28',
    status: 'paid',
    paid_on: '2026-12-03',
    payment: 42,
    invoice: 'CCI/26-27/00002',
  },
  {
    id: 13,
    number: 3,
    amount: 19500,
    total_paise: 1_950_000,
    due_on: '2027-01-27',
    status: 'due',
    paid_on: null,
    payment: null,
    invoice: null,
  },
];

function dashboard(state?: { flash: string }) {
  const app = renderApp(state ? '/about' : '/dashboard', {
    user: student,
    routes: {
      [`GET ${API.enrollments.list}`]: ok([enrollment({ id: 9, course: 1 })]),
      [`GET ${API.payments.list}`]: ok([payment({ id: 41, course: 1, status: 'completed', amount: 19500 })]),
      [`GET ${API.programs.list}`]: ok([program({ price: 58500 })]),
      [`GET ${INSTALMENT_PATHS.enrollmentInstalments(9)}`]: ok(schedule),
    },
  });
  // As the checkout does: another page navigates here with the success text.
  if (state) void app.router.navigate('/dashboard', { state, replace: true });
  return app;
}

describe('Dashboard: a program paid by instalments', () => {
  it('shows what was paid and what is due instead of the full price, and when an early instalment was paid', async () => {
    dashboard();
    const list = await screen.findByRole('region', { name: 'Instalments' });
    const card = list.closest('article')!;
    expect(within(card).getByText(/^Paid ₹39,000/)).toBeInTheDocument();
    expect(within(card).getByText(/₹19,500 due \(next 27 Jan 2027\)/)).toBeInTheDocument();
    expect(within(card).queryByText('₹58,500')).not.toBeInTheDocument();
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[1]).toContain('Paid 3 Dec 2026');
    expect(rows[1]).not.toMatch(/was due/);
    expect(rows[2]).toContain('due 27 Jan 2027 · Due');
  });

  it('shows the checkout success text once when it arrives from the checkout', async () => {
    dashboard({ flash: MESSAGES.checkoutSuccess });
    expect(await screen.findByText(MESSAGES.checkoutSuccess)).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Instalments' });
    expect(screen.getAllByText(MESSAGES.checkoutSuccess)).toHaveLength(1);
  });
});
