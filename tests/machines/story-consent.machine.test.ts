import { describe, expect } from 'vitest';
import { STORY_CONSENT_TEXT } from '../../machines/index.ts';
import { STORY_MESSAGES, type StudentStory } from '../../contract/index.ts';
import {
  beforeOfferRefusal,
  sampleStudentStory,
  savedStudentStory,
  storyConsentModel,
} from '../support/models/index.ts';
import { networkError } from '../support/samples.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

const BUSY = ['loading', 'saving'];
const NONE = { name: false, photo: false, company: false, ctc: false };

describe('story consent machine, generated paths', () => {
  testGeneratedPaths(storyConsentModel, (step) => {
    const state = stateOf(step);
    const { stories, selected, draft, error, notice } = step.snapshot.context;
    const event = step.event as { type: string; error?: unknown; output?: unknown; id?: number; item?: string };
    const before = step.previous ? String(step.previous.value) : null;
    const prior = step.previous?.context as typeof step.snapshot.context | undefined;

    expect(step.snapshot.hasTag('busy')).toBe(BUSY.includes(state));
    if (step.index === 0) {
      expect(state).toBe('loading');
      expect(actorCalls(step.effects)).toEqual([{ src: 'loadStories', input: undefined }]);
    }
    switch (event.type) {
      case 'xstate.done.actor.loadStories':
        expect([state, stories, error]).toEqual(['reviewing', [sampleStudentStory], null]);
        break;
      case 'xstate.error.actor.loadStories':
        expect([state, error]).toEqual(['loadFailed', STORY_CONSENT_TEXT.loadFailed]);
        expect(networkError).toBe(event.error);
        break;
      case 'stories.retry':
        if (before === 'loadFailed') {
          expect(state).toBe('loading');
          expect(actorCalls(step.effects)).toEqual([{ src: 'loadStories', input: undefined }]);
        } else expect(state).toBe(before);
        break;
      case 'story.choose':
        if (['reviewing', 'saved', 'failed'].includes(before!)) {
          // The items start as the story's current consent; nothing is sent yet.
          const current = stories.find((s: StudentStory) => s.preview.id === 5)!.consent;
          expect([state, selected, draft, error]).toEqual(['choosing', 5, current, null]);
          expect(actorCalls(step.effects)).toEqual([]);
        } else expect(state).toBe(before);
        break;
      case 'item.toggle':
        if (before === 'choosing') {
          expect(state).toBe('choosing');
          expect(draft.name).toBe(!prior!.draft.name);
          expect(actorCalls(step.effects)).toEqual([]);
        } else expect(state).toBe(before);
        break;
      case 'choice.save':
        if (before === 'choosing') {
          expect(state).toBe('saving');
          expect(actorCalls(step.effects)).toEqual([{ src: 'saveConsent', input: { id: 5, choice: prior!.draft } }]);
        } else expect(state).toBe(before);
        break;
      case 'story.withdraw':
        if (['reviewing', 'choosing', 'saved'].includes(before!)) {
          // Withdraw all: every item unticked, sent at once.
          expect(state).toBe('saving');
          expect(actorCalls(step.effects)).toEqual([{ src: 'saveConsent', input: { id: 5, choice: NONE } }]);
        } else expect(state).toBe(before);
        break;
      case 'choice.cancel':
        if (before === 'choosing' || before === 'failed') expect([state, error]).toEqual(['reviewing', null]);
        else expect(state).toBe(before);
        break;
      case 'save.retry':
        if (before === 'failed') {
          expect(state).toBe('saving');
          expect(actorCalls(step.effects)).toEqual([{ src: 'saveConsent', input: { id: 5, choice: prior!.draft } }]);
        } else expect(state).toBe(before);
        break;
      case 'xstate.done.actor.saveConsent':
        expect([state, stories, error, notice]).toEqual(['saved', [savedStudentStory], null, STORY_CONSENT_TEXT.saved]);
        break;
      case 'xstate.error.actor.saveConsent':
        // The server's refusal (consent before the offer date) is shown in its own words.
        expect([state, error]).toEqual(['failed', STORY_MESSAGES.beforeOffer('2026-12-05')]);
        expect(beforeOfferRefusal).toBe(event.error);
        break;
    }
  });
});
