import { assign, setup } from 'xstate';
import { userMessage } from '../contract/index.ts';
import type { StoryConsentInput, StoryItem, StudentStory } from '../contract/stories.ts';
import { notProvided } from './placeholders.ts';

/**
 * The student's consent to publish their success stories (decision record 079): the stories about them are
 * loaded and reviewed as they would appear; choosing one opens its items (name, photo, company, CTC), each
 * ticked separately, with the written statement that will be recorded; saving sends the choice (all unticked
 * withdraws) and shows it saved, or the server's refusal (a consent before the offer date) with Try again.
 * Withdraw all sends every item unticked at once, from the review or while choosing. One save at a time.
 */
export const STORY_CONSENT_TEXT = {
  loadFailed: 'Could not load your success stories. Please try again.',
  saveFailed: 'Could not save your choice. Please try again.',
  saved: 'Saved. The public Placement page shows the story with the items you ticked, and nothing else.',
  withdrawn: 'Consent withdrawn. The story is no longer on the public Placement page.',
} as const;

export type StoryConsentContext = {
  stories: StudentStory[];
  /** The story being chosen for (or last saved), by id; null before any. */
  selected: number | null;
  /** The items ticked while choosing; what saving sends. */
  draft: StoryConsentInput;
  error: string | null;
  notice: string | null;
};

export type StoryConsentEvent =
  | { type: 'stories.retry' }
  | { type: 'story.choose'; id: number }
  | { type: 'item.toggle'; item: StoryItem }
  | { type: 'choice.save' }
  | { type: 'choice.cancel' }
  | { type: 'story.withdraw'; id: number }
  | { type: 'save.retry' };

export type ConsentSave = { id: number; choice: StoryConsentInput };

const NONE: StoryConsentInput = { name: false, photo: false, company: false, ctc: false };

export const storyConsentMachine = setup({
  types: {
    context: {} as StoryConsentContext,
    events: {} as StoryConsentEvent,
  },
  actors: {
    /** GET /classroom/stories/. */
    loadStories: notProvided<StudentStory[]>('loadStories'),
    /** PUT /classroom/stories/{id}/consent/ {name, photo, company, ctc}. */
    saveConsent: notProvided<StudentStory, ConsentSave>('saveConsent'),
  },
  actions: {
    setStories: assign((_, params: { stories: StudentStory[] }) => ({ stories: params.stories, error: null })),
    choose: assign(({ context }, params: { id: number }) => ({
      selected: params.id,
      draft: { ...(context.stories.find((s) => s.preview.id === params.id)?.consent ?? NONE) },
      error: null,
      notice: null,
    })),
    toggle: assign(({ context }, params: { item: StoryItem }) => ({
      draft: { ...context.draft, [params.item]: !context.draft[params.item] },
    })),
    withdrawAll: assign((_, params: { id: number }) => ({
      selected: params.id,
      draft: { ...NONE },
      error: null,
      notice: null,
    })),
    setSaved: assign(({ context }, params: { story: StudentStory }) => ({
      stories: context.stories.map((s) => (s.preview.id === params.story.preview.id ? params.story : s)),
      error: null,
      notice: params.story.published ? STORY_CONSENT_TEXT.saved : STORY_CONSENT_TEXT.withdrawn,
    })),
    clear: assign({ error: null, notice: null }),
    fail: assign((_, params: { error: unknown; text: string }) => ({ error: userMessage(params.error, params.text) })),
  },
}).createMachine({
  id: 'story-consent',
  context: { stories: [], selected: null, draft: { ...NONE }, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStories',
        src: 'loadStories',
        onDone: {
          target: 'reviewing',
          actions: { type: 'setStories', params: ({ event }) => ({ stories: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: STORY_CONSENT_TEXT.loadFailed }),
          },
        },
      },
    },
    loadFailed: {
      on: { 'stories.retry': { target: 'loading', actions: 'clear' } },
    },
    /** Each story as it appears now (its consented items only), with Change and Withdraw all. */
    reviewing: {
      on: {
        'story.choose': { target: 'choosing', actions: { type: 'choose', params: ({ event }) => event } },
        'story.withdraw': { target: 'saving', actions: { type: 'withdrawAll', params: ({ event }) => event } },
      },
    },
    /** One story's items ticked one by one, the preview and the statement following the ticks. */
    choosing: {
      on: {
        'item.toggle': { actions: { type: 'toggle', params: ({ event }) => event } },
        'choice.save': { target: 'saving' },
        'choice.cancel': { target: 'reviewing', actions: 'clear' },
        'story.withdraw': { target: 'saving', actions: { type: 'withdrawAll', params: ({ event }) => event } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveConsent',
        src: 'saveConsent',
        input: ({ context }) => ({ id: context.selected!, choice: context.draft }),
        onDone: {
          target: 'saved',
          actions: { type: 'setSaved', params: ({ event }) => ({ story: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, text: STORY_CONSENT_TEXT.saveFailed }),
          },
        },
      },
    },
    /** The choice is recorded: the review again, with what was saved said. */
    saved: {
      on: {
        'story.choose': { target: 'choosing', actions: { type: 'choose', params: ({ event }) => event } },
        'story.withdraw': { target: 'saving', actions: { type: 'withdrawAll', params: ({ event }) => event } },
      },
    },
    /** The save was refused or failed: its words, Try again (the same choice) or back to choosing. */
    failed: {
      on: {
        'save.retry': { target: 'saving', actions: 'clear' },
        'choice.cancel': { target: 'reviewing', actions: 'clear' },
        'story.choose': { target: 'choosing', actions: { type: 'choose', params: ({ event }) => event } },
      },
    },
  },
});

/** The story consent machine (what a view that runs one needs). */
export type StoryConsentLogic = typeof storyConsentMachine;
