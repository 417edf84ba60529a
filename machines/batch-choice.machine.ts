import { assign, enqueueActions, setup } from 'xstate';
import { DELIVERY_MESSAGES, type Batch } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * Which batch (cohort) a checkout pays for. A program with open batches needs a choice before the payment
 * starts (`choosing` until one is picked, then `chosen`); a workshop, or a program without open batches,
 * needs none (`none`). Submitting without a choice shows the required message (`batch.require`).
 * Run by the checkout machine as its child, it reports to it (`BatchChoiceReport`): whether batches are
 * offered once they are read, and each batch chosen; run on its own (its tests) it reports to no one.
 */
export type BatchChoiceInput = { courseType: string; courseId: string };
export type LoadBatchesInput = { courseId: number };

export type BatchChoiceContext = {
  courseId: number | null;
  isProgram: boolean;
  batches: Batch[];
  chosen: number | null;
  error: string | null;
};

/** What the batch choice tells the machine that runs it (the checkout). */
export type BatchChoiceReport = { type: 'batch.ready'; offered: boolean } | { type: 'batch.chosen'; batchId: number };

export type BatchChoiceEvent =
  { type: 'batch.choose'; batchId: number } | { type: 'batch.require' } | { type: 'batch.retry' };

const choose = [
  {
    guard: { type: 'isOffered', params: ({ event }: { event: BatchChoiceEvent }) => ({ event }) },
    target: 'chosen',
    actions: [{ type: 'choose', params: ({ event }: { event: BatchChoiceEvent }) => ({ event }) }, 'reportChosen'],
  },
] as const;

export const batchChoiceMachine = setup({
  types: {
    input: {} as BatchChoiceInput,
    context: {} as BatchChoiceContext,
    events: {} as BatchChoiceEvent,
  },
  actors: {
    /** GET /classroom/programs/{id}/batches/: open, not ended, soonest first. */
    loadBatches: notProvided<Batch[], LoadBatchesInput>('loadBatches'),
  },
  actions: {
    setBatches: assign((_, params: { batches: Batch[] }) => ({ batches: params.batches })),
    choose: assign((_, params: { event: BatchChoiceEvent }) => ({
      chosen: params.event.type === 'batch.choose' ? params.event.batchId : null,
      error: null,
    })),
    showRequired: assign({ error: DELIVERY_MESSAGES.batchRequired }),
    /** Batches offered or none, to the machine that runs this one, if any. */
    reportReady: enqueueActions(({ self, enqueue }, params: { offered: boolean }) => {
      if (self._parent) enqueue.sendParent({ type: 'batch.ready', offered: params.offered });
    }),
    reportChosen: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent && context.chosen !== null)
        enqueue.sendParent({ type: 'batch.chosen', batchId: context.chosen });
    }),
  },
  guards: {
    needsBatches: ({ context }) => context.isProgram && context.courseId !== null,
    hasBatches: (_, params: { batches: Batch[] }) => params.batches.length > 0,
    isOffered: ({ context }, params: { event: BatchChoiceEvent }) =>
      params.event.type === 'batch.choose' &&
      context.batches.some((b) => b.id === (params.event as { batchId: number }).batchId && b.seats_left > 0),
  },
}).createMachine({
  id: 'batchChoice',
  context: ({ input }) => ({
    courseId: /^[1-9]\d{0,15}$/.test(input.courseId) ? Number(input.courseId) : null,
    isProgram: input.courseType === 'program',
    batches: [],
    chosen: null,
    error: null,
  }),
  initial: 'resolving',
  states: {
    // Transient: only a program's checkout asks for a batch.
    resolving: {
      always: [{ guard: 'needsBatches', target: 'loading' }, { target: 'none' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBatches',
        src: 'loadBatches',
        input: ({ context }) => ({ courseId: context.courseId! }),
        onDone: [
          {
            guard: { type: 'hasBatches', params: ({ event }) => ({ batches: event.output }) },
            target: 'choosing',
            actions: [
              { type: 'setBatches', params: ({ event }) => ({ batches: event.output }) },
              { type: 'reportReady', params: { offered: true } },
            ],
          },
          { target: 'none' },
        ],
        // Unreadable batches ask nothing here: the payment start still refuses a missing batch (400, with
        // the required message) before any payment exists, and the failure text shows it.
        onError: { target: 'none' },
      },
    },
    /** No batch to choose: the payment starts without one. */
    none: {
      entry: { type: 'reportReady', params: { offered: false } },
    },
    /** Batches shown, none picked: a submit is held back with the required message. */
    choosing: {
      on: { 'batch.choose': choose, 'batch.require': { actions: 'showRequired' } },
    },
    chosen: {
      on: { 'batch.choose': choose },
    },
  },
});

export type BatchChoiceLogic = typeof batchChoiceMachine;
