import { describe, expect, it } from 'vitest';
import {
  InstalmentPlanInput,
  planDiscountShares,
  planSchedule,
  priceSplit,
  rupeesToPaise,
} from '../../contract/index.ts';
import { payInThree } from '../../server/domains/pricing/seed.ts';

/** A small seeded generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

const RULES = [
  { pricesIncludeGst: true, instituteStateCode: '27' },
  { pricesIncludeGst: false, instituteStateCode: '27' },
];

describe('every plan split adds up to the paisa (property, 2,000 random plans)', () => {
  it('each instalment taxed alone: its parts make its total, the totals make the plan total, the dates climb', () => {
    const next = random(54);
    for (let run = 0; run < 2000; run++) {
      const count = 2 + next(11);
      let day = 0;
      const steps = Array.from({ length: count }, (_, i) => {
        day = i === 0 ? 0 : day + 1 + next(90);
        return { amount: 1 + next(2_00_000), due_after_days: day };
      });
      expect(InstalmentPlanInput.safeParse({ name: 'p', instalments: steps }).success).toBe(true);
      const rules = RULES[next(2)]!;
      const state = next(2) === 0 ? '27' : '29';
      const { instalments, totalPaise } = planSchedule(steps, rules, state, '2026-11-25');
      expect(instalments.reduce((sum, i) => sum + i.split.total, 0)).toBe(totalPaise);
      for (const [i, s] of instalments.entries()) {
        expect(s.split.taxable + s.split.cgst + s.split.sgst + s.split.igst).toBe(s.split.total);
        expect(s.split).toEqual(priceSplit(steps[i]!.amount, rules, state));
        if (i > 0) expect(s.due_on > instalments[i - 1]!.due_on).toBe(true);
      }
      if (rules.pricesIncludeGst) {
        expect(totalPaise).toBe(rupeesToPaise(steps.reduce((sum, s) => sum + s.amount, 0)));
      }
    }
    // 2,000 plans: a guard against a hang on a loaded CI machine, not a time limit.
  }, 60_000);

  it('the demo "Pay in 3" costs a little more than the full price and adds up to its own total', () => {
    const next = random(3);
    for (let run = 0; run < 1000; run++) {
      const price = 3 + next(5_00_000);
      const steps = payInThree(price);
      const total = steps.reduce((sum, s) => sum + s.amount, 0);
      expect(total).toBe(Math.round(price * 1.05));
      expect(total).toBeGreaterThanOrEqual(price);
      expect(steps.every((s) => s.amount > 0)).toBe(true);
    }
  });

  it('dates are IST calendar days after the start: 30 days after 25 Nov 2026 is 25 Dec 2026', () => {
    const { instalments } = planSchedule(
      [
        { amount: 100, due_after_days: 0 },
        { amount: 100, due_after_days: 30 },
        { amount: 100, due_after_days: 97 },
      ],
      RULES[0]!,
      '27',
      '2026-11-25',
    );
    expect(instalments.map((i) => i.due_on)).toEqual(['2026-11-25', '2026-12-25', '2027-03-02']);
  });

  it('a discount comes off the plan total, then off its instalments in proportion: shares add up to it exactly', () => {
    const next = random(77);
    for (let run = 0; run < 2000; run++) {
      const count = 2 + next(6);
      const steps = Array.from({ length: count }, (_, i) => ({ amount: 1 + next(1_00_000), due_after_days: i * 30 }));
      const totalPaise = rupeesToPaise(steps.reduce((sum, s) => sum + s.amount, 0));
      const discount =
        next(2) === 0
          ? { kind: 'percent' as const, value: 1 + next(100) }
          : { kind: 'fixed' as const, value: next(totalPaise + 100_000) };
      const shares = planDiscountShares(steps, discount);
      const expected = discount.kind === 'fixed' ? Math.min(discount.value, totalPaise) : null;
      const sum = shares.reduce((a, b) => a + b, 0);
      if (expected !== null) expect(sum).toBe(expected);
      expect(
        shares.every((share, i) => Number.isInteger(share) && share >= 0 && share <= rupeesToPaise(steps[i]!.amount)),
      ).toBe(true);
      const rules = RULES[next(2)]!;
      const { instalments } = planSchedule(steps, rules, '27', '2026-11-25', discount);
      for (const [i, s] of instalments.entries()) {
        expect(s.discount).toBe(shares[i]);
        expect(s.split.taxable + s.split.cgst + s.split.sgst + s.split.igst).toBe(s.split.total);
        if (rules.pricesIncludeGst) expect(s.split.total).toBe(rupeesToPaise(s.amount) - shares[i]!);
      }
    }
    // The API test's plan: ₹1,000 off 25,000 + 22,000 + 22,000 is 362.32 + 318.84 + 318.84.
    expect(
      planDiscountShares([{ amount: 25000 }, { amount: 22000 }, { amount: 22000 }], { kind: 'fixed', value: 100000 }),
    ).toEqual([36232, 31884, 31884]);
  });
});
