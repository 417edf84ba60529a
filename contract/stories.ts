import { z } from 'zod';
import { Id } from './entity-fields.ts';
import { formatPaiseCompact, formatRupees } from './money.ts';

/**
 * Success stories under the CCPA's coaching-sector guidelines (decision record 079): a story tells a verified
 * offer; beside it the course the student took (title, duration, paid or free and the fee, the batch), read
 * from the record; and only the items the student consented to in writing, each separately.
 */

/** The items a student consents to, each separately. */
export const STORY_ITEMS = ['name', 'photo', 'company', 'ctc'] as const;
export type StoryItem = (typeof STORY_ITEMS)[number];

export const STORY_ITEM_LABELS: Record<StoryItem, string> = {
  name: 'My name',
  photo: 'My photo',
  company: 'The company I joined',
  ctc: 'My annual CTC',
};

/** The student's paths; the office's list of stories with their offer and published state. */
export const STORY_PATHS = {
  mine: '/classroom/stories/',
  consent: (id: number | string = ':id') => `/classroom/stories/${id}/consent/`,
  adminList: '/api/admin/success-stories/',
} as const;

/** The version of the consent statement below, recorded with every consent event. */
export const STORY_CONSENT_VERSION = 'story-consent-1';

export const STORY_MESSAGES = {
  offerNotVerified:
    'A success story must tell a verified offer: choose an offer the placement cell has verified (this one is claimed or rejected).',
  offerMissing: 'Choose the verified offer the story tells (by student and employer).',
  beforeOffer: (offerDate: string) =>
    `You can give consent from the offer date (${offerDate}) on: consent to publish is given after selection (CCPA coaching guidelines).`,
  choices: 'Say yes (true) or no (false) for each of name, photo, company and CTC.',
} as const;

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
  story: z.string(),
  is_featured: z.boolean(),
  /** The student consented to at least one item, on a verified offer. */
  published: z.boolean(),
});
export type AdminSuccessStory = z.infer<typeof AdminSuccessStory>;

/** "Paid, ₹45,000" or "Free (no fee paid)": how the course's fee reads beside a story. */
export const feeText = (course: StoryCourse) =>
  course.paid && course.fee_paise !== null
    ? `Paid course, fee ${formatPaiseCompact(course.fee_paise)}`
    : 'Free place (no fee paid)';

/**
 * The written consent statement for a choice of items: what the screen shows and what the consent record
 * keeps, word for word (the server records the statement it computes with this same function).
 */
export function storyConsentText(preview: PublicSuccessStory, choice: StoryConsentInput): string {
  const values: Record<StoryItem, string> = {
    name: `my name as "${preview.student_name ?? ''}"`,
    photo: 'my photo',
    company: `the company I joined, "${preview.placement_company_name ?? ''}"`,
    ctc: `my annual CTC of ${formatRupees(preview.annual_ctc ?? 0)}`,
  };
  const chosen = STORY_ITEMS.filter((item) => choice[item]).map((item) => values[item]);
  if (chosen.length === 0)
    return 'I withdraw my consent: the institute must not publish my success story or any item of it.';
  return (
    `I agree that the institute may publish my success story on its website, with the course I took ` +
    `(${preview.course.program_title}, ${preview.course.duration_weeks} weeks, ${preview.course.batch_name}, ` +
    `${feeText(preview.course)}) and ${chosen.join(', ')}. Nothing else about me is published. ` +
    'I can withdraw this consent at any time from my dashboard, and the story is then taken down at once.'
  );
}
