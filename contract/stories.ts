import { z } from 'zod';
import { Id } from './entity-fields.ts';
import { STORY_MESSAGES } from './story-text.ts';

export * from './story-text.ts';

/**
 * Success stories under the CCPA's coaching-sector guidelines (decision record 079): a story tells a verified
 * offer; beside it the course the student took (title, duration, paid or free and the fee, the batch), read
 * from the record; and only the items the student consented to in writing, each separately.
 */

/** The course beside a story, read from the offer's batch and the student's enrollment and payments. */
export const StoryCourse = z.object({
  program_title: z.string(),
  duration_weeks: z.number().int(),
  batch_name: z.string(),
  batch_starts_on: z.string(),
  batch_ends_on: z.string(),
  /** A completed payment for the program; false for a scholarship or a free place. */
  paid: z.boolean(),
  /** What the student paid, in paise; null when nothing was paid. */
  fee_paise: z.number().int().nullable(),
});
export type StoryCourse = z.infer<typeof StoryCourse>;

/** A published story: the consented items only; an item not consented is absent, not empty. */
export const PublicSuccessStory = z.object({
  id: Id,
  story: z.string(),
  designation: z.string(),
  is_featured: z.boolean(),
  course: StoryCourse,
  student_name: z.string().optional(),
  photo: z.string().optional(),
  placement_company_name: z.string().optional(),
  /** Whole rupees a year, from the verified offer. */
  annual_ctc: z.number().int().optional(),
});
export type PublicSuccessStory = z.infer<typeof PublicSuccessStory>;

export const StoryConsentInput = z.object({
  name: z.boolean({ error: STORY_MESSAGES.choices }),
  photo: z.boolean({ error: STORY_MESSAGES.choices }),
  company: z.boolean({ error: STORY_MESSAGES.choices }),
  ctc: z.boolean({ error: STORY_MESSAGES.choices }),
});
export type StoryConsentInput = z.infer<typeof StoryConsentInput>;

/** A story about the student: all of it as it would appear, each item's consent, and when it was given. */
export const StudentStory = z.object({
  /** The story with every item, as it would appear if all were consented to. */
  preview: PublicSuccessStory,
  consent: StoryConsentInput,
  published: z.boolean(),
  offer_date: z.string(),
  /** The latest consent event's time; null before any. */
  consented_at: z.string().nullable(),
});
export type StudentStory = z.infer<typeof StudentStory>;

/** The office's view of a story: what it typed, the offer it tells, and whether it is published. */
export const AdminSuccessStory = z.object({
  id: Id,
  offer_id: Id.nullable(),
  /** "Student · Employer · Designation" of the offer, or "" without one. */
  offer_label: z.string(),
  student_name: z.string(),
  placement_company_name: z.string(),
  designation: z.string(),
  salary: z.string(),
  photo: z.string(),
  /** An uploaded photo is held (migration 041): published instead of \`photo\`, with the student's consent. */
  photo_uploaded: z.boolean(),
  story: z.string(),
  is_featured: z.boolean(),
  /** The student consented to at least one item, on a verified offer. */
  published: z.boolean(),
});
export type AdminSuccessStory = z.infer<typeof AdminSuccessStory>;
