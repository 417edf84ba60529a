import { describe, expect } from 'vitest';
import {
  nextStages,
  OPENING_MESSAGES,
  OPENING_UI_MESSAGES,
  type Application,
  type ApplicationStage,
} from '../../contract/index.ts';
import {
  applicationStageModel,
  interviewRefusal,
  interviewWithoutDate,
  backToApplied,
  shortlist,
  stageFinalRefusal,
} from '../support/models/index.ts';
import { networkError } from '../support/samples.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

/** What a failed save shows, at which field: the server's field, its one sentence at the stage, else ours. */
const refusals = new Map<unknown, Record<string, string>>([
  [stageFinalRefusal, { stage: OPENING_MESSAGES.stageFinal }],
  [interviewRefusal, { interview_at: OPENING_MESSAGES.interviewDetails }],
  [networkError, { stage: OPENING_UI_MESSAGES.stageFailed }],
]);

describe('application stage machine, generated paths', () => {
  testGeneratedPaths(applicationStageModel, (step) => {
    const state = stateOf(step);
    const context = step.snapshot.context as { application: Application; errors: Record<string, string> };
    const before = step.previous?.context as { application: Application } | undefined;
    const event = step.event as { type: string; values?: unknown; output?: Application; error?: unknown };

    // Resolving and validating are transient; only a save in flight is busy.
    expect(['idle', 'editing', 'saving', 'final']).toContain(state);
    expect(step.snapshot.hasTag('busy')).toBe(state === 'saving');
    // A withdrawn application moves no more; every other one can.
    expect(state === 'final').toBe(context.application.stage === 'withdrawn');
    if (state === 'idle' || state === 'saving') expect(context.errors).toEqual({});
    // The stage is sent only from the form, with values the browser checked.
    if (event.type !== 'stage.save') expect(actorCalls(step.effects)).toEqual([]);

    switch (event.type) {
      case 'stage.edit':
        expect(state).toBe('editing');
        expect(context.errors).toEqual({});
        break;
      case 'stage.cancel':
        expect(state).toBe('idle');
        break;
      case 'stage.save': {
        const values = event.values as { stage: ApplicationStage };
        if (event.values === interviewWithoutDate) {
          // Refused in the browser: nothing sent, the message at the date-time.
          expect(state).toBe('editing');
          expect(context.errors).toEqual({ interview_at: OPENING_MESSAGES.interviewDetails });
          expect(actorCalls(step.effects)).toEqual([]);
        } else if (nextStages(before!.application.stage).includes(values.stage)) {
          expect(state).toBe('saving');
          expect(actorCalls(step.effects)).toEqual([
            { src: 'saveStage', input: { id: context.application.id, values: { stage: values.stage, note: '' } } },
          ]);
        } else {
          // A stage the server does not take from this one (the same again): refused at the stage.
          expect(event.values === backToApplied || event.values === shortlist).toBe(true);
          expect(state).toBe('editing');
          expect(context.errors).toEqual({ stage: OPENING_UI_MESSAGES.stageNotAllowed });
          expect(actorCalls(step.effects)).toEqual([]);
        }
        break;
      }
      case 'xstate.done.actor.saveStage':
        // The row shows the new stage and the app hears of it.
        expect(context.application).toEqual(event.output);
        expect(step.effects.actions).toEqual([{ name: 'stageSaved', params: { application: event.output } }]);
        break;
      case 'xstate.error.actor.saveStage':
        expect(state).toBe('editing');
        expect(context.application).toEqual(before!.application);
        expect(context.errors).toEqual(refusals.get(event.error));
        break;
    }
    if (event.type !== 'xstate.done.actor.saveStage') expect(actionNames(step.effects)).toEqual([]);
  });
});
