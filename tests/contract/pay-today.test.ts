import { describe, expect, it } from 'vitest';
import { payTodayWording, planSchedule, scheduleTotals } from '../../contract/index.ts';

const RULES = { pricesIncludeGst: true, instituteStateCode: '27' };

describe('Pay in 3 wording (decision record 067)', () => {
  it('counts equal later instalments and lists their IST dates', () => {
    const steps = [0, 30, 60].map((due_after_days) => ({ amount: 19500, due_after_days }));
    const { instalments } = planSchedule(steps, RULES, '27', '2026-11-28');
    expect(payTodayWording(instalments)).toEqual({
      today: '₹19,500',
      button: 'Pay ₹19,500 today',
      then: '2 × ₹19,500 (28 Dec 2026 and 27 Jan 2027)',
      summary: 'Pay ₹19,500 today, then 2 × ₹19,500 (28 Dec 2026 and 27 Jan 2027).',
    });
  });

  it('lists unequal later instalments each with its date, and a one-part plan is just today', () => {
    const steps = [
      { amount: 25000, due_after_days: 0 },
      { amount: 22000, due_after_days: 30 },
      { amount: 20000, due_after_days: 60 },
    ];
    const { instalments } = planSchedule(steps, RULES, '27', '2026-11-28');
    expect(payTodayWording(instalments)?.then).toBe('₹22,000 on 28 Dec 2026, ₹20,000 on 27 Jan 2027');
    expect(payTodayWording(instalments.slice(0, 1))?.summary).toBe('Pay ₹25,000 today.');
    expect(payTodayWording([])).toBeNull();
  });

  it('adds up what a schedule has paid and has due (cancelled dues in neither)', () => {
    const row = (status: string, total_paise: number) => ({ status, total_paise });
    expect(
      scheduleTotals([row('paid', 1_950_000), row('overdue', 1_950_000), row('due', 1_000), row('cancelled', 5)]),
    ).toEqual({ paidPaise: 1_950_000, duePaise: 1_951_000 });
  });
});
