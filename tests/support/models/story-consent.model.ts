import { ApiError, STORY_MESSAGES, type StudentStory } from '../../../contract/index.ts';
import { storyConsentMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError } from '../samples.ts';

/** A story about the student, consented to in full (decision record 079). */
export const sampleStudentStory: StudentStory = {
  preview: {
    id: 5,
    story: 'The mock interviews made the difference.',
    designation: 'Credit Analyst',
    is_featured: true,
    student_name: 'Rahul Verma',
    photo: '',
    placement_company_name: 'Axis Bank',
    annual_ctc: 720_000,
    course: {
      program_title: 'Credit Analyst Foundation Program',
      duration_weeks: 12,
      batch_name: 'Foundation · 2026 cohort',
      batch_starts_on: '2026-08-01',
      batch_ends_on: '2026-12-01',
      paid: true,
      fee_paise: 4_500_000,
    },
  },
  consent: { name: true, photo: false, company: true, ctc: true },
  published: true,
  offer_date: '2026-11-08',
  consented_at: '2026-11-10T06:30:00.000Z',
};
/** The same story after a save that kept only the company. */
export const savedStudentStory: StudentStory = {
  ...sampleStudentStory,
  consent: { name: false, photo: false, company: true, ctc: false },
  consented_at: '2026-11-28T10:00:00.000Z',
};
/** The server's refusal of a consent before the offer date (its words are shown as they are). */
export const beforeOfferRefusal = new ApiError(400, { non_field_errors: [STORY_MESSAGES.beforeOffer('2026-12-05')] });

export const storyConsentModel: MachineModel = {
  name: 'story-consent',
  machine: storyConsentMachine,
  actors: ['loadStories', 'saveConsent'],
  appActions: [],
  events: [
    { type: 'stories.retry' },
    { type: 'story.choose', id: 5 },
    { type: 'item.toggle', item: 'name' },
    { type: 'choice.save' },
    { type: 'choice.cancel' },
    { type: 'story.withdraw', id: 5 },
    { type: 'save.retry' },
    { type: 'xstate.done.actor.loadStories', output: [sampleStudentStory] },
    { type: 'xstate.error.actor.loadStories', error: networkError },
    { type: 'xstate.done.actor.saveConsent', output: savedStudentStory },
    { type: 'xstate.error.actor.saveConsent', error: beforeOfferRefusal },
  ],
};
