import { assign, enqueueActions, setup } from 'xstate';
import type { InstalmentPlan } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * How a checkout pays (decision record 054): in full, or by one of the program's active instalment plans.
 * A program with plans offers the choice (`full` until a plan is picked, then `plan`; back to `full` any
 * time); a workshop, a program without plans, or plans that cannot be read offer none (`none`: in full).
 * Run by the checkout machine as its child, it reports to it (`PlanChoiceReport`): whether plans are
 * offered once they are read, and each choice (a plan, or null for paying in full); run on its own (its
 * tests) it reports to no one.
 */
export type PlanChoiceInput = { courseType: string; courseId: string };
export type LoadPlansInput = { courseId: number };

export type PlanChoiceContext = {
  courseId: number | null;
  isProgram: boolean;
  plans: InstalmentPlan[];
  /** The plan chosen; null pays in full. */
  chosen: number | null;
};

/** What the plan choice tells the machine that runs it (the checkout). */
export type PlanChoiceReport =
  { type: 'plan.ready'; offered: boolean } | { type: 'plan.chosen'; planId: number | null };

export type PlanChoiceEvent = { type: 'plan.choose'; planId: number } | { type: 'plan.full' };

const choose = [
  {
    guard: { type: 'isOffered', params: ({ event }: { event: PlanChoiceEvent }) => ({ event }) },
    target: 'plan',
    actions: [{ type: 'choose', params: ({ event }: { event: PlanChoiceEvent }) => ({ event }) }, 'reportChosen'],
  },
] as const;

export const planChoiceMachine = setup({
  types: {
    input: {} as PlanChoiceInput,
    context: {} as PlanChoiceContext,
    events: {} as PlanChoiceEvent,
  },
  actors: {
    /** The program's active plans (GET /classroom/programs/{id}/ carries them). */
    loadPlans: notProvided<InstalmentPlan[], LoadPlansInput>('loadPlans'),
  },
  actions: {
    setPlans: assign((_, params: { plans: InstalmentPlan[] }) => ({ plans: params.plans })),
    choose: assign((_, params: { event: PlanChoiceEvent }) => ({
      chosen: params.event.type === 'plan.choose' ? params.event.planId : null,
    })),
    payInFull: assign({ chosen: null }),
    /** Plans offered or none, to the machine that runs this one, if any. */
    reportReady: enqueueActions(({ self, enqueue }, params: { offered: boolean }) => {
      if (self._parent) enqueue.sendParent({ type: 'plan.ready', offered: params.offered });
    }),
    reportChosen: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'plan.chosen', planId: context.chosen });
    }),
  },
  guards: {
    needsPlans: ({ context }) => context.isProgram && context.courseId !== null,
    hasPlans: (_, params: { plans: InstalmentPlan[] }) => params.plans.length > 0,
    isOffered: ({ context }, params: { event: PlanChoiceEvent }) =>
      params.event.type === 'plan.choose' &&
      context.plans.some((p) => p.id === (params.event as { planId: number }).planId && p.is_active),
  },
}).createMachine({
  id: 'planChoice',
  context: ({ input }) => ({
    courseId: /^[1-9]\d{0,15}$/.test(input.courseId) ? Number(input.courseId) : null,
    isProgram: input.courseType === 'program',
    plans: [],
    chosen: null,
  }),
  initial: 'resolving',
  states: {
    // Transient: only a program's checkout offers plans.
    resolving: {
      always: [{ guard: 'needsPlans', target: 'loading' }, { target: 'none' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        input: ({ context }) => ({ courseId: context.courseId! }),
        onDone: [
          {
            guard: { type: 'hasPlans', params: ({ event }) => ({ plans: event.output }) },
            target: 'full',
            actions: [
              { type: 'setPlans', params: ({ event }) => ({ plans: event.output }) },
              { type: 'reportReady', params: { offered: true } },
            ],
          },
          { target: 'none' },
        ],
        // Unreadable plans: the checkout pays in full, as before plans existed.
        onError: { target: 'none' },
      },
    },
    /** No plan offered: the payment is in full. */
    none: {
      entry: { type: 'reportReady', params: { offered: false } },
    },
    /** Plans offered, "Pay in full" chosen (the default). */
    full: {
      on: { 'plan.choose': choose },
    },
    /** A plan chosen: the payment is its first instalment. */
    plan: {
      on: { 'plan.choose': choose, 'plan.full': { target: 'full', actions: ['payInFull', 'reportChosen'] } },
    },
  },
});

export type PlanChoiceLogic = typeof planChoiceMachine;
