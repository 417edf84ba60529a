import { formatDate } from '../../../utils/format.ts';
import {
  formatPaiseCompact,
  formatRupees,
  planSchedule,
  type CouponCheck,
  type InstalmentPlan,
  type PricingRules,
} from '../../../../contract/index.ts';

type Props = {
  plans: InstalmentPlan[];
  chosen: number | null;
  /** The full price in whole rupees. */
  price: number;
  pricing: PricingRules | null;
  stateCode: string;
  disabled: boolean;
  onChoose: (planId: number | null) => void;
  /** The coupon's or scholarship's rule applied at checkout: it comes off each plan's total (decision 054). */
  discount?: CouponCheck['rule'];
};

/**
 * Pay in full or by an instalment plan: each plan's schedule with its IST dates and what each instalment
 * charges, its total, and how much more it costs than paying in full (decision record 054).
 */
export function PlanChoice({ plans, chosen, price, pricing, stateCode, disabled, onChoose, discount = null }: Props) {
  // The same schedule rule the server charges by: each amount less its share of the discount, taxed.
  const scheduleOf = (steps: InstalmentPlan['instalments']) =>
    pricing ? planSchedule(steps, pricing, stateCode, undefined, discount) : null;
  const full = scheduleOf([{ amount: price, due_after_days: 0 }])?.totalPaise ?? null;
  return (
    <fieldset className="group plan-choice">
      <legend>How would you like to pay?</legend>
      {discount ? (
        <p className="meta">Your discount comes off each plan&rsquo;s total, then off its instalments in proportion.</p>
      ) : null}
      <label className="check batch-option">
        <input
          type="radio"
          name="plan"
          value=""
          checked={chosen === null}
          disabled={disabled}
          onChange={() => onChoose(null)}
        />
        Pay in full
        <span className="meta batch-meta">{full !== null ? formatPaiseCompact(full) : formatRupees(price)} today</span>
      </label>
      {plans.map((plan) => {
        const schedule = scheduleOf(plan.instalments);
        const total = schedule ? formatPaiseCompact(schedule.totalPaise) : formatRupees(plan.total);
        const more = schedule && full !== null ? schedule.totalPaise - full : null;
        return (
          <label key={plan.id} className="check batch-option">
            <input
              type="radio"
              name="plan"
              value={plan.id}
              checked={chosen === plan.id}
              disabled={disabled}
              onChange={() => onChoose(plan.id)}
            />
            {plan.name}: {total} in {plan.instalments.length} instalments
            {more !== null && more > 0 ? ` (${formatPaiseCompact(more)} more than paying in full)` : ''}
            <span className="meta batch-meta">
              {(schedule?.instalments ?? []).map((s, i) => (
                <span key={s.number}>
                  {i > 0 ? ' · ' : ''}
                  {formatPaiseCompact(s.split.total)} {i === 0 ? 'today' : `on ${formatDate(s.due_on)}`}
                </span>
              ))}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
