import { useMachine } from '@xstate/react';
import { planChoiceMachine, type PlanChoiceLogic } from '../../../../machines/plan-choice.machine.ts';

/**
 * The checkout's choice between paying in full and an instalment plan, from the plan-choice machine the
 * page is given; without one (a view test of the form alone) nothing is offered and the payment is in full.
 */
export function usePlanChoice(logic: PlanChoiceLogic | undefined, courseType: string, courseId: string) {
  const [snapshot, send] = useMachine(logic ?? planChoiceMachine, {
    input: logic ? { courseType, courseId } : { courseType: 'workshop', courseId },
  });
  return {
    offered: snapshot.matches('full') || snapshot.matches('plan'),
    plans: snapshot.context.plans,
    chosen: snapshot.context.chosen,
    choose: (planId: number | null) => send(planId === null ? { type: 'plan.full' } : { type: 'plan.choose', planId }),
  };
}
