import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { planChoiceMachine, type PlanChoiceLogic } from '../../../../machines/plan-choice.machine.ts';

/**
 * The checkout's choice between paying in full and an instalment plan, from the plan-choice machine the
 * page is given; without one (a view test of the form alone) nothing is offered and the payment is in full.
 * `kept`: the plan submitted before the gateway's page, chosen again once the plans are read.
 */
export function usePlanChoice(
  logic: PlanChoiceLogic | undefined,
  courseType: string,
  courseId: string,
  kept?: number | null,
) {
  const [snapshot, send] = useMachine(logic ?? planChoiceMachine, {
    input: logic ? { courseType, courseId } : { courseType: 'workshop', courseId },
  });
  const offered = snapshot.matches('full') || snapshot.matches('plan');
  const restored = useRef(false);
  useEffect(() => {
    if (!offered || restored.current) return;
    restored.current = true;
    if (kept) send({ type: 'plan.choose', planId: kept });
  }, [offered, kept, send]);
  return {
    offered,
    plans: snapshot.context.plans,
    chosen: snapshot.context.chosen,
    choose: (planId: number | null) => send(planId === null ? { type: 'plan.full' } : { type: 'plan.choose', planId }),
  };
}
