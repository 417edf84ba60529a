import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { admin, payment } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The Payments tab shows what was charged (decision record 066): an instalment of ₹22,750 paid with a 10%
 * coupon reads ₹20,475.00, and its View names the list price, the discount and its code, the plan, which
 * instalment it was and the gateway's payment id.
 */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 20475 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

const instalment = payment({
  status: 'completed',
  completed_at: '2026-11-22T10:00:00Z',
  amount: 22750,
  total_paise: 2_047_500,
  discount_paise: 227_500,
  coupon_code: 'WELCOME10',
  plan_name: 'Pay in 3',
  instalment_number: 2,
  instalment_count: 3,
  gateway_payment_id: 'pay_Office0Charged1',
});

describe('Admin Payments tab: what was charged', () => {
  it('lists the amount charged, and the View gives list price, discount, coupon, plan, instalment and gateway id', async () => {
    const { user } = renderApp('/admin?tab=payments', {
      user: admin,
      routes: {
        [`GET ${API.adminStats}`]: ok(STATS),
        [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
        [`GET ${API.admin.payments}`]: ok(page([instalment])),
      },
    });
    const row = await screen.findByRole('row', { name: /Credit Analyst Program/ });
    expect(within(row).getByRole('cell', { name: '₹20,475.00' })).toBeInTheDocument();
    expect(within(row).queryByRole('cell', { name: '₹22,750' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = within(await screen.findByRole('dialog'));
    const value = (term: string) => dialog.getByText(term).nextElementSibling?.textContent;
    expect(value('Amount charged')).toBe('₹20,475.00');
    expect(value('List price')).toBe('₹22,750');
    expect(value('Discount')).toBe('₹2,275.00 (coupon WELCOME10)');
    expect(value('Plan')).toBe('Pay in 3');
    expect(value('Instalment')).toBe('2 of 3');
    expect(value('Gateway payment id')).toBe('pay_Office0Charged1');
  });

  it('shows an erased student’s payment as "account erased"', async () => {
    const erased = payment({
      id: 43,
      student: {
        id: 77,
        username: 'erased-77',
        first_name: 'Erased',
        last_name: 'Person',
        email: 'erased-77@erased.invalid',
      },
    });
    renderApp('/admin?tab=payments', {
      user: admin,
      routes: {
        [`GET ${API.adminStats}`]: ok(STATS),
        [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
        [`GET ${API.admin.payments}`]: ok(page([erased])),
      },
    });
    const row = await screen.findByRole('row', { name: /Credit Analyst Program/ });
    expect(within(row).getByRole('cell', { name: 'account erased' })).toBeInTheDocument();
    expect(row).not.toHaveTextContent('erased.invalid');
  });
});
