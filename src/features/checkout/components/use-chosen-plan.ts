import { useMemo } from 'react';
import {
  payTodayWording,
  planSchedule,
  type CouponCheck,
  type InstalmentPlan,
  type PayTodayWording,
  type PricingRules,
  type ScheduledInstalment,
} from '../../../../contract/index.ts';

/** The plan chosen at checkout, its schedule as the server will charge it, and how the page words it. */
export type ChosenPlan = { plan: InstalmentPlan; instalments: ScheduledInstalment[]; wording: PayTodayWording };

/**
 * The instalment plan chosen (null: paying in full, or the pricing not known yet): its schedule by the one
 * schedule rule (each amount less its share of the discount, taxed for the billing state), and the words
 * "Pay ₹19,500 today, then 2 × ₹19,500 (…)" for the summary and the Pay button (decision record 067).
 */
export function useChosenPlan(
  choice: { plans: InstalmentPlan[]; chosen: number | null },
  price: number,
  pricing: PricingRules | null,
  stateCode: string,
  discount: CouponCheck['rule'] | null,
): ChosenPlan | null {
  const { plans, chosen } = choice;
  return useMemo(() => {
    const plan = plans.find((p) => p.id === chosen);
    if (!plan || !pricing || price <= 0) return null;
    const { instalments } = planSchedule(plan.instalments, pricing, stateCode, undefined, discount);
    const wording = payTodayWording(instalments);
    return wording ? { plan, instalments, wording } : null;
  }, [plans, chosen, price, pricing, stateCode, discount]);
}
