import { assign, setup } from 'xstate';
import type { z } from 'zod';
import {
  ApiError,
  firstFieldErrors,
  nextStages,
  OPENING_UI_MESSAGES,
  StageInput,
  userMessage,
  type Application,
} from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * One application's stage in the office's Applications of an opening (decision record 078). `stage.edit`
 * opens the form, which offers only the stages the server allows from the current one (`nextStages`);
 * `stage.save` checks the values with the contract's StageInput (an interview needs its date-time and
 * mode) and that the stage is one of those, then `saveStage` sends them. The server's refusal comes back
 * at its field (a one-sentence refusal, e.g. "withdrawn: it cannot change", at the stage); a success
 * updates the row and tells the app (`stageSaved`). A withdrawn application moves no more (`final`).
 */
export type ApplicationStageInput = { application: Application };
export type StageValues = z.input<typeof StageInput>;
export type SaveStageInput = { id: number; values: z.output<typeof StageInput> };

export type ApplicationStageContext = {
  application: Application;
  /** The values of the last valid save, as the schema parsed them. */
  data: z.output<typeof StageInput> | null;
  /** The first message per field of the last refused save (the browser's check or the server's). */
  errors: Record<string, string>;
  /** Set after a save succeeded, until the form is opened again. */
  saved: boolean;
};

export type ApplicationStageEvent =
  { type: 'stage.edit' } | { type: 'stage.cancel' } | { type: 'stage.save'; values: StageValues };

/** A failed save's messages by field: the server's field errors, its one sentence at the stage, else ours. */
export function stageRefusal(error: unknown): Record<string, string> {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    if (Object.keys(fields).length > 0) return fields;
  }
  return { stage: userMessage(error, OPENING_UI_MESSAGES.stageFailed) };
}

export const applicationStageMachine = setup({
  types: {
    input: {} as ApplicationStageInput,
    context: {} as ApplicationStageContext,
    events: {} as ApplicationStageEvent,
  },
  actors: {
    /** POST /api/admin/placement/applications/{id}/stage/ → the application as it now is. */
    saveStage: notProvided<Application, SaveStageInput>('saveStage'),
  },
  actions: {
    /** The row is saved (the app updates the list it belongs to). */
    stageSaved: appAction<{ application: Application }>(),
    /** Opening the form, or closing it, starts afresh. */
    open: assign({ data: null, errors: {}, saved: false }),
    check: assign(({ context }, params: { values: StageValues }) => {
      const result = StageInput.safeParse(params.values);
      if (!result.success) return { data: null, errors: firstFieldErrors(result.error) };
      if (!nextStages(context.application.stage).includes(result.data.stage))
        return { data: null, errors: { stage: OPENING_UI_MESSAGES.stageNotAllowed } };
      return { data: result.data, errors: {} };
    }),
    setApplication: assign((_, params: { application: Application }) => ({
      application: params.application,
      data: null,
      saved: true,
    })),
    refuse: assign((_, params: { error: unknown }) => ({ errors: stageRefusal(params.error) })),
  },
  guards: {
    isValid: ({ context }) => context.data !== null,
    isFinal: ({ context }) => nextStages(context.application.stage).length === 0,
  },
}).createMachine({
  id: 'application-stage',
  context: ({ input }) => ({ application: input.application, data: null, errors: {}, saved: false }),
  initial: 'resolving',
  states: {
    /** Transient: a withdrawn application has no stage to move to. */
    resolving: {
      always: [{ guard: 'isFinal', target: 'final' }, { target: 'idle' }],
    },
    /** The row with its stage and the button that opens the form. */
    idle: {
      on: { 'stage.edit': { target: 'editing', actions: 'open' } },
    },
    /** The form: the next stage, and an interview's date-time (IST) and mode. */
    editing: {
      on: {
        'stage.save': {
          target: 'validating',
          actions: { type: 'check', params: ({ event }) => ({ values: event.values }) },
        },
        'stage.cancel': { target: 'idle', actions: 'open' },
      },
    },
    /** Transient: valid values are sent, else the form shows their messages. */
    validating: {
      always: [{ guard: 'isValid', target: 'saving' }, { target: 'editing' }],
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveStage',
        src: 'saveStage',
        input: ({ context }) => ({ id: context.application.id, values: context.data! }),
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'setApplication', params: ({ event }) => ({ application: event.output }) },
            { type: 'stageSaved', params: ({ event }) => ({ application: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Withdrawn: the row shows its stage and offers nothing. */
    final: {},
  },
});
export type ApplicationStageLogic = typeof applicationStageMachine;
