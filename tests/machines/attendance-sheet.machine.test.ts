import { describe, expect } from 'vitest';
import { TEACHING_MESSAGES } from '../../contract/index.ts';
import { ATTENDANCE_SHEET_TEXT } from '../../machines/index.ts';
import { attendanceSheetModel, notStarted, notYourBatch, sampleSheet, savedResult } from '../support/models/index.ts';
import { networkError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

const BUSY = ['loading', 'saving'];

describe('attendance sheet machine, generated paths', () => {
  testGeneratedPaths(attendanceSheetModel, (step) => {
    const state = stateOf(step);
    const { sheet, present, result, error } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; studentId?: number };
    const before = step.previous ? String(step.previous.value) : null;
    const was = step.previous?.context as typeof step.snapshot.context | undefined;

    expect(step.snapshot.hasTag('busy')).toBe(BUSY.includes(state));
    if (step.index === 0) {
      expect(state).toBe('loading');
      expect(actorCalls(step.effects)).toEqual([{ src: 'loadSheet', input: { sessionId: 7 } }]);
    }
    // The save button sends only from the ticks; other states ignore the user's events.
    switch (event.type) {
      case 'xstate.done.actor.loadSheet':
        // The marks already taken come ticked.
        expect([state, sheet, present, error]).toEqual(['marking', sampleSheet, [11], null]);
        break;
      case 'xstate.error.actor.loadSheet':
        // A refusal shows the server's own words.
        expect([state, error]).toEqual(['refused', TEACHING_MESSAGES.notYourBatch]);
        expect(notYourBatch).toBe(event.error);
        break;
      case 'student.toggle':
        if (before === 'marking') {
          expect(state).toBe('marking');
          expect(present.includes(12)).toBe(!was!.present.includes(12));
        } else expect([state, present]).toEqual([before, was!.present]);
        break;
      case 'sheet.allPresent':
        if (before === 'marking') expect([state, present]).toEqual(['marking', [11, 12]]);
        else expect([state, present]).toEqual([before, was!.present]);
        break;
      case 'sheet.save':
        if (before === 'marking') {
          expect([state, error]).toEqual(['saving', null]);
          expect(actorCalls(step.effects)).toEqual([
            { src: 'saveSheet', input: { sessionId: 7, present: was!.present } },
          ]);
        } else {
          expect(state).toBe(before);
          expect(actorCalls(step.effects)).toEqual([]);
        }
        break;
      case 'xstate.done.actor.saveSheet':
        // The answer stands: both present now, the sheet shows it.
        expect([state, result, present, error]).toEqual(['saved', savedResult, [11, 12], null]);
        expect(sheet!.students.map((s: { present: boolean | null }) => s.present)).toEqual([true, true]);
        break;
      case 'xstate.error.actor.saveSheet':
        expect(state).toBe('refused');
        // The ticks are kept for the retry.
        expect(present).toEqual(was!.present);
        expect(error).toBe(
          event.error === notStarted ? TEACHING_MESSAGES.notStarted : ATTENDANCE_SHEET_TEXT.saveFailed,
        );
        if (event.error !== notStarted) expect(networkError).toBe(event.error);
        break;
      case 'sheet.edit':
        if (before === 'saved') expect([state, present]).toEqual(['marking', [11, 12]]);
        else expect(state).toBe(before);
        break;
      case 'sheet.retry':
        if (before === 'refused') {
          // Back to the ticks when the sheet is here, else loading it again.
          expect(state).toBe(was!.sheet ? 'marking' : 'loading');
          expect(error).toBeNull();
          if (!was!.sheet) expect(actorCalls(step.effects)).toEqual([{ src: 'loadSheet', input: { sessionId: 7 } }]);
        } else expect(state).toBe(before);
        break;
    }
  });
});
