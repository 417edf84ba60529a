import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { InstalmentPlan } from '../../../../contract/index.ts';
import type { PlanChoiceLogic } from '../../../../machines/plan-choice.machine.ts';

const NO_PLANS: InstalmentPlan[] = [];

/**
 * What the page shows of the choice between paying in full and an instalment plan, run by the checkout
 * machine as its child (none offered for a workshop, or before the course is loaded), and the choice sent
 * to it. The checkout machine keeps the plan chosen.
 */
export function usePlanChoice(ref: ActorRefFrom<PlanChoiceLogic> | undefined) {
  const offered = useSelector(ref, (s) => s !== undefined && (s.matches('full') || s.matches('plan')));
  const plans = useSelector(ref, (s) => s?.context.plans ?? NO_PLANS);
  const chosen = useSelector(ref, (s) => s?.context.chosen ?? null);
  return {
    offered,
    plans,
    chosen,
    choose: (planId: number | null) =>
      ref?.send(planId === null ? { type: 'plan.full' } : { type: 'plan.choose', planId }),
  };
}
