import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InstalmentPlan } from '../../contract/index.ts';
import { PlanChoice } from '../../src/features/checkout/components/plan-choice.tsx';

const PLAN: InstalmentPlan = {
  id: 7,
  program_id: 1,
  name: 'Pay in 3',
  instalments: [
    { amount: 25000, due_after_days: 0 },
    { amount: 22000, due_after_days: 30 },
    { amount: 22000, due_after_days: 60 },
  ],
  total: 69000,
  is_active: true,
};
const PRICING = { pricesIncludeGst: true, instituteStateCode: '27' };

function show(discount: { kind: 'percent' | 'fixed'; value: number } | null, onChoose = vi.fn()) {
  render(
    <PlanChoice
      plans={[PLAN]}
      chosen={null}
      price={65000}
      pricing={PRICING}
      stateCode="27"
      disabled={false}
      onChoose={onChoose}
      discount={discount}
    />,
  );
  return onChoose;
}

describe('Checkout: pay in full or by a plan', () => {
  it('shows each instalment with its date, the plan total and what it costs more than paying in full', async () => {
    const onChoose = show(null);
    const plan = screen.getByRole('radio', { name: /Pay in 3/ });
    expect(plan.closest('label')!.textContent).toContain('₹69,000 in 3 instalments (₹4,000 more than paying in full)');
    expect(plan.closest('label')!.textContent).toMatch(/₹25,000 today · ₹22,000 on .+ · ₹22,000 on /);
    await userEvent.click(plan);
    expect(onChoose).toHaveBeenCalledWith(7);
  });

  it('with a coupon, takes it off the plan total and then off each instalment in proportion, as the server charges', () => {
    // ₹1,000 off ₹69,000: 362.32 + 318.84 + 318.84 (tests/api/instalments.test.ts charges the same).
    show({ kind: 'fixed', value: 100000 });
    expect(screen.getByText(/Your discount comes off each plan/)).toBeInTheDocument();
    const label = screen.getByRole('radio', { name: /Pay in 3/ }).closest('label')!.textContent!;
    expect(label).toContain('₹68,000 in 3 instalments (₹4,000 more than paying in full)');
    expect(label).toMatch(/₹24,637\.68 today · ₹21,681\.16 on .+ · ₹21,681\.16 on /);
    expect(screen.getByRole('radio', { name: /Pay in full/ }).closest('label')!.textContent).toContain('₹64,000 today');
  });
});
