import { formatPaiseCompact, formatRupees } from './money.ts';
import type { PublicSuccessStory, StoryConsentInput, StoryCourse } from './stories.ts';

/**
 * The success stories' plain values (decision record 079), without zod, so the public Placement page's card
 * and the dashboard's consent screen use them without the schemas (decision record 058).
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
  /** A story's uploaded photo: to anyone once its student consented to the photo (else 404). */
  photo: (id: number | string = ':id') => `/classroom/success-stories/${id}/photo/`,
  /** The office uploads (or replaces) a story's photo: multipart, the image in `photo`. */
  adminPhoto: (id: number | string = ':id') => `/api/admin/success-stories/${id}/photo/`,
} as const;

/** What a story photo's input offers (the server decides from the bytes: JPEG, PNG or WebP). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The version of the consent statement below, recorded with every consent event. */
export const STORY_CONSENT_VERSION = 'story-consent-1';

export const STORY_MESSAGES = {
  offerNotVerified:
    'A success story must tell a verified offer: choose an offer the placement cell has verified (this one is claimed or rejected).',
  offerMissing: 'Choose the verified offer the story tells (by student and employer).',
  beforeOffer: (offerDate: string) =>
    `You can give consent from the offer date (${offerDate}) on: consent to publish is given after selection (CCPA coaching guidelines).`,
  choices: 'Say yes (true) or no (false) for each of name, photo, company and CTC.',
  photoMissing: 'Choose the photo (a JPEG, PNG or WebP image).',
  photoType: 'The photo must be a JPEG, PNG or WebP image. Save it as one of those and upload that.',
  noPhoto: 'This story has no photo to show.',
} as const;

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
