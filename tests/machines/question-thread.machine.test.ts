import { describe, expect } from 'vitest';
import { QUESTION_THREAD_TEXT, type ThreadDraft } from '../../machines/index.ts';
import {
  emptyThreadText,
  questionThreadModel,
  threadAfterChange,
  threadQuestions,
  threadText,
} from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

type Context = {
  questions: { id: number; answered: boolean }[];
  error: string | null;
  draft: ThreadDraft | null;
  fieldError: string | null;
  failure: string | null;
};

/** The change a valid text sends from each form (the lesson's id from the input). */
function changeFor(draft: ThreadDraft) {
  if (draft.kind === 'ask') return { kind: 'ask', lessonId: 3, body: threadText };
  if (draft.kind === 'reply') return { kind: 'reply', questionId: draft.questionId, body: threadText };
  return { kind: 'hide', what: draft.what, id: draft.id, reason: threadText };
}

const FIELD_ERRORS = { ask: 'Write your question.', reply: 'Write your reply.', hide: 'Say why it is hidden.' };

describe('question-thread machine, generated paths', () => {
  testGeneratedPaths(questionThreadModel, (step) => {
    const state = stateOf(step);
    const c = step.snapshot.context as Context;
    const before = step.previous;
    const was = before?.context as Context | undefined;
    const event = step.event as { type: string; text?: string; output?: unknown; draft?: ThreadDraft };
    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading' || state === 'saving');
    expect(['loading', 'failed', 'list', 'composing', 'saving']).toContain(state);
    // A form is open exactly while composing (and while its text is being sent).
    if (state === 'list' || state === 'loading' || state === 'failed') expect(c.draft).toBeNull();
    if (state === 'composing') expect(c.draft).not.toBeNull();
    if (step.index === 0) {
      expect(state).toBe('loading');
      expect(actorCalls(step.effects)).toEqual([{ src: 'loadQuestions', input: { lessonId: 3 } }]);
      return;
    }
    switch (event.type) {
      case 'xstate.done.actor.loadQuestions':
      case 'xstate.done.actor.saveChange': {
        // Answered questions first, then in the server's order.
        const sent = event.output === threadQuestions ? threadQuestions : threadAfterChange;
        expect(state).toBe('list');
        expect(c.questions.map((q) => q.id)).toEqual([
          ...sent.filter((q) => q.answered).map((q) => q.id),
          ...sent.filter((q) => !q.answered).map((q) => q.id),
        ]);
        expect([c.error, c.failure, c.fieldError]).toEqual([null, null, null]);
        break;
      }
      case 'xstate.error.actor.loadQuestions':
        expect([state, c.error]).toEqual(['failed', QUESTION_THREAD_TEXT.loadFailed]);
        break;
      case 'thread.retry':
        expect(state).toBe('loading');
        expect(actorCalls(step.effects)).toEqual([{ src: 'loadQuestions', input: { lessonId: 3 } }]);
        break;
      case 'thread.compose':
        expect([state, c.draft, c.failure, c.fieldError]).toEqual(['composing', event.draft, null, null]);
        break;
      case 'thread.cancel':
        expect([state, c.draft]).toEqual(['list', null]);
        expect(c.questions).toEqual(was!.questions);
        break;
      case 'thread.submit':
        if (event.text === emptyThreadText) {
          // Refused in the browser with the server's own words; nothing sent, the form stays open.
          expect([state, c.fieldError]).toEqual(['composing', FIELD_ERRORS[was!.draft!.kind]]);
          expect(actorCalls(step.effects)).toEqual([]);
        } else {
          expect(state).toBe('saving');
          expect(actorCalls(step.effects)).toEqual([
            { src: 'saveChange', input: { lessonId: 3, change: changeFor(was!.draft!) } },
          ]);
        }
        break;
      case 'thread.accept':
        expect(state).toBe('saving');
        expect(actorCalls(step.effects)).toEqual([
          { src: 'saveChange', input: { lessonId: 3, change: { kind: 'accept', questionId: 11, replyId: 31 } } },
        ]);
        break;
      case 'xstate.error.actor.saveChange':
        // The server's words: in the form that sent it (still open), or above the list for an accept.
        expect(c.failure).toBe('You are not in this question’s batch.');
        expect(state).toBe(was!.draft ? 'composing' : 'list');
        expect(c.questions).toEqual(was!.questions);
        break;
    }
    if (!['thread.retry', 'thread.submit', 'thread.accept'].includes(event.type)) {
      expect(actorCalls(step.effects)).toEqual([]);
    }
  });
});
