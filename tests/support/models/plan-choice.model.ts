import type { InstalmentPlan } from '../../../contract/index.ts';
import { planChoiceMachine, type PlanChoiceInput } from '../../../machines/plan-choice.machine.ts';
import type { MachineModel } from '../machine-model.ts';

export const samplePlan: InstalmentPlan = {
  id: 7,
  program_id: 3,
  name: 'Pay in 3',
  instalments: [
    { amount: 25000, due_after_days: 0 },
    { amount: 22000, due_after_days: 30 },
    { amount: 22000, due_after_days: 60 },
  ],
  total: 69000,
  is_active: true,
};
export const otherPlan: InstalmentPlan = { ...samplePlan, id: 8, name: 'Pay in 2', total: 70000 };

export const planChoiceModel: MachineModel<PlanChoiceInput> = {
  name: 'plan-choice',
  machine: planChoiceMachine,
  actors: ['loadPlans'],
  appActions: [],
  inputs: [
    { courseType: 'program', courseId: '3' },
    { courseType: 'workshop', courseId: '2' },
  ],
  events: [
    { type: 'xstate.done.actor.loadPlans', output: [samplePlan, otherPlan] },
    { type: 'xstate.done.actor.loadPlans', output: [] },
    { type: 'xstate.error.actor.loadPlans', error: new Error('offline') },
    { type: 'plan.choose', planId: samplePlan.id },
    { type: 'plan.choose', planId: otherPlan.id },
    { type: 'plan.choose', planId: 999 },
    { type: 'plan.full' },
  ],
};
