import { z } from 'zod';
import { line, optionalLine, optionalText, requiredEmail, requiredText } from './fields.ts';
import { PLACEMENT_DOCUMENT_MESSAGES as D, PlacementDocument, pdfFile } from './placement-documents.ts';
export { PLACEMENT_PATHS } from './placement-paths.ts';
export * from './placement-documents.ts';

/**
 * Placement (decision record 070): employers, offers and the figures computed from verified offers only.
 * A CTC is whole rupees a year (like the spec's `price`); the figures are computed by the server and read
 * by every public page, never typed into one.
 */

export const EMPLOYER_SECTORS = ['bank', 'nbfc', 'rating_agency', 'research', 'other'] as const;
export type EmployerSector = (typeof EMPLOYER_SECTORS)[number];
export const OFFER_STATUSES = ['claimed', 'verified', 'rejected'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const PLACEMENT_MESSAGES = {
  sector: 'Sector must be bank, NBFC, rating agency, research or other.',
  website: 'Give the employer’s website, such as https://www.hdfcbank.com.',
  employerTaken: 'Another employer already has this name.',
  employerInUse: 'This employer has offers, so it cannot be deleted.',
  partnerReason: 'Say why this employer is shown as a hiring partner without a verified offer.',
  ctc: 'Annual CTC is whole rupees a year, from ₹10,000 to ₹10,00,00,000.',
  offerDate: 'Give the offer date as YYYY-MM-DD, not in the future.',
  joiningDate: 'Give the joining date as YYYY-MM-DD, on or after the offer date.',
  note: 'Say what you checked (at least 10 characters).',
  notEnrolled: 'You can report an offer for a batch you studied in only.',
  unknownEmployer: 'Choose an employer from the list, or type its name.',
  notClaimed: 'Only a claimed offer can be verified or rejected.',
  notInBatch: 'You did not study in this batch.',
  placedCannotOptOut: 'You have a verified offer from this batch, so you count as placed: you cannot opt out of it.',
  optedOut: 'You are opted out of placement for this batch: you are not counted among the students seeking a job.',
  optedIn: 'You are seeking placement for this batch again.',
  loadFailed: 'Your placement record could not be loaded.',
  reportFailed: 'Your offer could not be reported. Please try again.',
  optOutFailed: 'Your choice could not be saved. Please try again.',
  offerReported: 'Offer reported. It counts in the placement figures once the employer or the office verifies it.',
  contactNotOnDomain: (domain: string) =>
    `The confirmation goes only to an HR contact on the employer’s own domain (${domain}). Add one to the employer first.`,
  noWebsite: 'Give the employer a website first: the confirmation goes only to an address on its domain.',
  linkInvalid: 'This confirmation link is not valid. Ask the institute for a new one.',
  linkUsed: 'This confirmation link has already been used.',
  linkExpired: 'This confirmation link has expired (links last 24 hours). Ask the institute for a new one.',
  confirmed: 'Thank you. The offer is confirmed.',
  corrected: 'Thank you. The offer is confirmed with your corrections.',
  denied: 'Thank you. The offer is recorded as not made by your organisation.',
  /** The wording rule (CCPA coaching-advertisement guidelines, 2024): decision record 070. */
  wording: (word: string) =>
    `“${word}” cannot be used: a placement or job may not be promised (CCPA guidelines for coaching ` +
    'advertisements, 2024). Describe the service instead, such as “placement assistance”.',
} as const;

/** Words the CCPA's 2024 coaching-advertisement guidelines make a promise of a job or a result. */
const FORBIDDEN_WORDING: RegExp[] = [
  /\bguaranteed\b/i,
  // "A job guarantee", "guarantees placement": a promise. "Bank guarantees" (an instrument) is allowed.
  /\b(?:job|placement|salary|selection)s?\s+guarantees?\b/i,
  /\bguarantees?\s+(?:(?:a|an|your|you)\s+)?(?:job|placement|salary|selection)s?\b/i,
  /\bassured\b/i,
  /\b100\s*%\s*(?:placement|job)s?\b(?!\s+assistance)/i,
  /\b100\s*(?:per\s*cent|percent)\s+(?:placement|job)s?\b(?!\s+assistance)/i,
];

/** The forbidden word or phrase a text holds, or null. "100% placement assistance" (a service) is allowed. */
export function forbiddenPlacementWording(text: string): string | null {
  for (const pattern of FORBIDDEN_WORDING) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}

/** A text field that refuses the wording rule's words with the rule's message. */
export const withPlacementWording = <T extends z.ZodType<string | undefined>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const word = typeof value === 'string' ? forbiddenPlacementWording(value) : null;
    if (word) ctx.addIssue({ code: 'custom', message: PLACEMENT_MESSAGES.wording(word) });
  });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PLACEMENT_MESSAGES.offerDate);
const ctc = z
  .number({ error: PLACEMENT_MESSAGES.ctc })
  .int(PLACEMENT_MESSAGES.ctc)
  .min(10_000, PLACEMENT_MESSAGES.ctc)
  .max(100_000_000, PLACEMENT_MESSAGES.ctc);

export const HrContact = z.object({ name: requiredText('Name'), email: requiredEmail() });
export type HrContact = z.infer<typeof HrContact>;

export const EmployerInput = z.object({
  name: requiredText('Name'),
  sector: z.enum(EMPLOYER_SECTORS, { error: PLACEMENT_MESSAGES.sector }),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: PLACEMENT_MESSAGES.website })]).default(''),
  hr_contacts: z.array(HrContact).max(20).default([]),
  /** Shown as a hiring partner before any verified offer: needs a reason (audited). */
  is_partner: z.boolean().default(false),
  partner_reason: optionalLine(300).default(''),
});
export const EmployerPatch = EmployerInput.partial();

export const Employer = z.object({
  id: z.number().int(),
  name: z.string(),
  sector: z.enum(EMPLOYER_SECTORS),
  website: z.string(),
  hr_contacts: z.array(HrContact),
  is_partner: z.boolean(),
  partner_reason: z.string(),
  verified_offers: z.number().int(),
  /** Shown on the public pages as a hiring partner: at least one verified offer, or marked with a reason. */
  is_hiring_partner: z.boolean(),
});
export type Employer = z.infer<typeof Employer>;

/** An offer a student reports themselves (status claimed until verified). */
export const StudentOfferInput = z.object({
  batch: z.number().int().positive(),
  employer: z.number().int().positive().optional(),
  employer_name: optionalLine(200),
  designation: requiredText('Designation'),
  annual_ctc: ctc,
  offer_date: isoDay,
  joining_date: isoDay.nullish(),
});

/**
 * The dashboard's Report an offer: the offer and, if the student has it, its letter (multipart
 * `offer_letter`; the fields as StudentOfferInput's). The letter may also come later, while the offer is
 * claimed.
 */
export const StudentOfferForm = StudentOfferInput.extend({
  offer_letter: pdfFile(D.offerLetterMissing, D.offerLetterType).nullish(),
});

/** Add or replace a claimed offer's letter from the dashboard: the PDF chosen (the server reads its bytes). */
export const OfferLetterForm = z.object({ offer_letter: pdfFile(D.offerLetterMissing, D.offerLetterType) });

/** An offer the office records (a student of the batch; status claimed until verified). */
export const OfficeOfferInput = StudentOfferInput.extend({ student: z.number().int().positive() });
/** The office's Add offer as the admin panel checks it: the fields and the offer letter if the office has it. */
export const OfficeOfferForm = OfficeOfferInput.extend({
  offer_letter: pdfFile(D.offerLetterMissing, D.offerLetterType).nullish(),
});

export const OfferDecisionInput = z.object({ note: line().trim().min(10, PLACEMENT_MESSAGES.note).max(1000) });
export const ConfirmationRequestInput = z.object({ contact_email: requiredEmail() });
export const ConfirmationTokenInput = z.object({ token: z.string().min(20).max(200) });
export const ConfirmationAnswerInput = ConfirmationTokenInput.extend({
  decision: z.enum(['confirm', 'correct', 'deny']),
  designation: optionalLine(200),
  annual_ctc: ctc.optional(),
  note: optionalText(1000),
});

/** A program batch of the caller's, as the placement screen shows it (decision record 078). */
export const StudentPlacementBatch = z.object({
  batch: z.number().int(),
  batch_name: z.string(),
  program_title: z.string(),
  ends_on: z.string(),
  /** Opted out of placement (higher studies, own business, ...): not among the students seeking placement. */
  opt_out: z.boolean(),
  /** A verified offer from this batch: placed, so the opt-out cannot be chosen any more. */
  placed: z.boolean(),
});
export type StudentPlacementBatch = z.infer<typeof StudentPlacementBatch>;
export const PlacementOptOutInput = z.object({
  opt_out: z.boolean({ error: 'Say whether you opt out (true or false).' }),
});

export const Offer = z.object({
  id: z.number().int(),
  student: z.number().int(),
  student_name: z.string(),
  batch: z.number().int(),
  batch_name: z.string(),
  program: z.number().int(),
  program_title: z.string(),
  employer: z.number().int(),
  employer_name: z.string(),
  designation: z.string(),
  annual_ctc: z.number().int(),
  offer_date: z.string(),
  joining_date: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  verified_via: z.enum(['employer', 'document']).nullable(),
  verified_at: z.string().nullable(),
  consent_to_publish: z.boolean(),
  /** The offer letter the student attached (a PDF), downloaded by the student and by the office. */
  offer_letter: PlacementDocument.nullable(),
  created_at: z.string(),
});
export type Offer = z.infer<typeof Offer>;

/** What the employer's confirmation link shows (no other student data). */
export const ConfirmationView = z.object({
  employer_name: z.string(),
  student_name: z.string(),
  designation: z.string(),
  annual_ctc: z.number().int(),
  offer_date: z.string(),
  expires_at: z.string(),
});
export type ConfirmationView = z.infer<typeof ConfirmationView>;

/** The IPRS-style figures of one group of students (a batch, a program, or all). */
export const PlacementFigures = z.object({
  /** Students of the ended batches who completed the program. */
  completed: z.number().int(),
  /** Of those, students who opted out of placement (higher studies, own business, ...). */
  opted_out: z.number().int(),
  /** Students seeking placement: completed less opted out. */
  eligible: z.number().int(),
  /** Eligible students with at least one verified offer. */
  placed: z.number().int(),
  /** placed / eligible, in percent with one decimal; null when nobody was eligible. */
  placement_rate: z.number().nullable(),
  /** Over each placed student's highest verified offer, whole rupees a year; null when nobody was placed. */
  median_ctc: z.number().int().nullable(),
  highest_ctc: z.number().int().nullable(),
  lowest_ctc: z.number().int().nullable(),
  /** Distinct employers of those offers. */
  employers: z.number().int(),
});
export type PlacementFigures = z.infer<typeof PlacementFigures>;

export const PlacementSummary = z.object({
  /** IST day of the latest change among what the figures count (verified offers, opt-outs, batch ends, partners). */
  as_of: z.string().nullable(),
  /** First and last year in which the counted batches ended (null when none has). */
  batches_from: z.number().int().nullable(),
  batches_to: z.number().int().nullable(),
  methodology_url: z.string(),
  overall: PlacementFigures,
  programs: z.array(
    PlacementFigures.extend({
      program: z.number().int(),
      program_title: z.string(),
      batches: z.array(
        PlacementFigures.extend({ batch: z.number().int(), batch_name: z.string(), ends_on: z.string() }),
      ),
    }),
  ),
  partners: z.array(
    z.object({ name: z.string(), sector: z.enum(EMPLOYER_SECTORS), verified_offers: z.number().int() }),
  ),
});
export type PlacementSummary = z.infer<typeof PlacementSummary>;
