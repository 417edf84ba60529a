import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, MULTI_LINE, optionalLine, optionalText, requiredText } from './fields.ts';
import { withPlacementWording } from './placement.ts';
import { PLACEMENT_DOCUMENT_MESSAGES as D, PlacementDocument, pdfFile } from './placement-documents.ts';
import { formatIstDateTime } from './time.ts';
export { OPENING_PATHS } from './placement-paths.ts';

/**
 * Placement openings and applications (decision record 078): an employer's opening the office manages, and
 * a student's application moving through its stages. A CTC is whole rupees a year, like an offer's.
 */

export const OPENING_STATUSES = ['open', 'closed'] as const;
export type OpeningStatus = (typeof OPENING_STATUSES)[number];
/** The stages the office moves an application through (the names). */
export const APPLICATION_STAGES = [
  'applied',
  'shortlisted',
  'interview_scheduled',
  'offered',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];
export const INTERVIEW_MODES = ['online', 'in_person', 'phone'] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number];

export const STAGE_LABELS: Record<ApplicationStage, string> = {
  applied: 'Applied',
  shortlisted: 'Shortlisted',
  interview_scheduled: 'Interview scheduled',
  offered: 'Offered',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

export const INTERVIEW_MODE_LABELS: Record<InterviewMode, string> = {
  online: 'online',
  in_person: 'in person',
  phone: 'phone',
};

/**
 * The stages the office may move an application to from `stage`: the server takes any stage but from
 * withdrawn (openings.ts); the screens offer the other stages, and an interview again (a new date or mode).
 */
export function nextStages(stage: ApplicationStage): ApplicationStage[] {
  if (stage === 'withdrawn') return [];
  return APPLICATION_STAGES.filter((s) => s !== stage || s === 'interview_scheduled');
}

/** An application's stage as a person reads it: "Interview on 3 Dec 2026, 11:00 am IST · online". */
export function applicationStageText(a: {
  stage: ApplicationStage;
  interview_at: string | null;
  interview_mode: InterviewMode | null;
}): string {
  if (a.stage !== 'interview_scheduled' || !a.interview_at) return STAGE_LABELS[a.stage];
  const mode = a.interview_mode ? ` · ${INTERVIEW_MODE_LABELS[a.interview_mode]}` : '';
  return `Interview on ${formatIstDateTime(a.interview_at)}${mode}`;
}

/** The screens' own words (the dashboard's Openings, the office's Applications). */
export const OPENING_UI_MESSAGES = {
  loadFailed: 'The openings could not be loaded. Check your connection and try again.',
  applyFailed: 'Your application could not be sent. Try again.',
  applied: 'Application sent. The placement office will tell you of every step by email.',
  withdrawFailed: 'Your application could not be withdrawn. Try again.',
  stageFailed: 'The stage could not be saved. Try again.',
  stageNotAllowed: 'Choose one of the stages offered: this application cannot move to that one.',
} as const;

export const OPENING_MESSAGES = {
  ctcRange: 'The CTC range is whole rupees a year, ₹10,000 to ₹10,00,00,000, the lowest first.',
  deadline: 'Give the deadline as YYYY-MM-DD.',
  eligibleRequired: 'Choose at least one program or batch the opening is open to.',
  unknownEmployer: 'Choose an employer from the list.',
  notEligible: 'This opening is not open to your batches.',
  closed: 'This opening no longer takes applications.',
  alreadyApplied: 'You have already applied to this opening.',
  coverNote: 'Keep the cover note within 2,000 characters.',
  interviewDetails: 'An interview needs its date and time, and its mode (online, in person or phone).',
  stageFinal: 'This application is withdrawn or closed: its stage cannot change any more.',
  stage: 'Stage must be applied, shortlisted, interview scheduled, offered, rejected or withdrawn.',
  notWithdrawable: 'Only an application still in progress can be withdrawn.',
  hasApplications: 'This opening has applications: close it instead of deleting it.',
} as const;

const ctc = z.number({ error: OPENING_MESSAGES.ctcRange }).int(OPENING_MESSAGES.ctcRange).min(10_000).max(100_000_000);
const ids = z.array(z.number().int().positive()).max(200).default([]);

export const OpeningInput = z
  .object({
    employer: z.number({ error: OPENING_MESSAGES.unknownEmployer }).int().positive(),
    title: withPlacementWording(requiredText('Title')),
    location: optionalLine(200).default(''),
    ctc_min: ctc,
    ctc_max: ctc,
    programs: ids,
    batches: ids,
    description: withPlacementWording(optionalText(5000).default('')),
    deadline: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, OPENING_MESSAGES.deadline),
    status: z.enum(OPENING_STATUSES).default('open'),
  })
  .refine((o) => o.ctc_min <= o.ctc_max, { message: OPENING_MESSAGES.ctcRange, path: ['ctc_max'] })
  .refine((o) => o.programs.length + o.batches.length > 0, {
    message: OPENING_MESSAGES.eligibleRequired,
    path: ['programs'],
  });

export const Opening = z.object({
  id: z.number().int(),
  employer: z.number().int(),
  employer_name: z.string(),
  title: z.string(),
  location: z.string(),
  ctc_min: z.number().int(),
  ctc_max: z.number().int(),
  programs: z.array(z.number().int()),
  batches: z.array(z.number().int()),
  description: z.string(),
  deadline: z.string(),
  status: z.enum(OPENING_STATUSES),
  /** Applications so far (the office's list); 0 on a student's. */
  applications: z.number().int(),
});
export type Opening = z.infer<typeof Opening>;

export const ApplicationInput = z.object({
  cover_note: z
    .string()
    .trim()
    .regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE)
    .max(2000, OPENING_MESSAGES.coverNote)
    .default(''),
});

/**
 * The dashboard's Apply: the cover note and the résumé, a PDF (multipart `resume`; the server reads its
 * bytes and refuses another type, or one over UPLOAD_MAX_BYTES).
 */
export const ApplicationForm = ApplicationInput.extend({ resume: pdfFile(D.resumeMissing, D.resumeType) });

export const StageInput = z
  .object({
    stage: z.enum(APPLICATION_STAGES, { error: OPENING_MESSAGES.stage }),
    interview_at: z.string().datetime({ offset: true, error: OPENING_MESSAGES.interviewDetails }).nullish(),
    interview_mode: z.enum(INTERVIEW_MODES, { error: OPENING_MESSAGES.interviewDetails }).nullish(),
    note: optionalLine(500).default(''),
  })
  .refine((s) => s.stage !== 'interview_scheduled' || (s.interview_at && s.interview_mode), {
    message: OPENING_MESSAGES.interviewDetails,
    path: ['interview_at'],
  });

export const Application = z.object({
  id: z.number().int(),
  opening: z.number().int(),
  opening_title: z.string(),
  employer_name: z.string(),
  student: z.number().int(),
  student_name: z.string(),
  /** The student's email (the office's list; an erased student's is pseudonymised). */
  student_email: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  interview_at: z.string().nullable(),
  interview_mode: z.enum(INTERVIEW_MODES).nullable(),
  cover_note: z.string(),
  /** The résumé sent with the application (a PDF), downloaded by the student and by the office. */
  resume: PlacementDocument.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof Application>;

/** A student's view of an opening they may apply to, with their application if any. */
export const StudentOpening = Opening.extend({ application: Application.nullable() });
export type StudentOpening = z.infer<typeof StudentOpening>;
