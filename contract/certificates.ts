import { z } from 'zod';

/**
 * Verifiable certificates (decision record 052): the paths, the messages a person sees, and the shapes of
 * the answers. A certificate has a consecutive number and an unguessable code; anyone can verify it at
 * `/certificates/{code}`.
 */

type Id = number | string;

export const CERTIFICATE_PATHS = {
  issue: (id: Id = ':id') => `/api/instructor/enrollments/${id}/certificate/`,
  verify: (code: string = ':code') => `/api/certificates/${code}/`,
  pdf: (code: string = ':code') => `/classroom/certificates/${code}/pdf`,
  mine: '/classroom/certificates/',
  adminList: '/api/admin/certificates/',
  revoke: (code: string = ':code') => `/api/admin/certificates/${code}/revoke/`,
} as const;

/** The public page of a certificate (server-rendered, noindex). */
export const certificatePagePath = (code: string) => `/certificates/${code}`;

/** `Certificate 42.pdf`: what the download and the email attachment are named. */
export const certificateFileName = (number: number) => `Certificate ${number}.pdf`;

export const CERTIFICATE_MESSAGES = {
  noBatch: 'A certificate is for a student of a batch, and this enrollment has no batch.',
  notProgram: 'Only a program enrollment gets a certificate.',
  accessEnded: 'This enrollment was cancelled or refunded, so it gets no certificate.',
  notYours: 'This certificate belongs to another student.',
  revokedDownload: 'This certificate was revoked, so it can no longer be downloaded.',
  alreadyRevoked: 'This certificate is already revoked.',
  reasonRequired: 'Give the reason for revoking this certificate.',
  downloadFailed: 'The certificate could not be downloaded. Try again.',
} as const;

/** Where a student stands with a test that is a certificate rule (decision record 071's addendum). */
export const CERTIFICATE_TEST_STATES = ['passed', 'not_passed', 'not_taken', 'result_pending'] as const;
export type CertificateTest = {
  id: number;
  title: string;
  pass_percent: number;
  /** not_taken: no submitted attempt; result_pending: submitted, its result not published yet. */
  state: (typeof CERTIFICATE_TEST_STATES)[number];
  met: boolean;
};

/** Each rule a certificate needs, in words; joined into one sentence when some are not met. */
export type EligibilityRules = {
  lessons: { done: number; total: number; met: boolean };
  attendance: { percentage: number; required: number; held_sessions: number; met: boolean };
  assignments: {
    total: number;
    pass_percent: number;
    not_graded: string[];
    below_pass: string[];
    met: boolean;
  };
  /** Each test of the batch that is a certificate rule: a passed attempt of it is needed. */
  tests: CertificateTest[];
};

/** "Not yet eligible for a certificate: 2 lessons left; attendance 70% of the 75% needed; ..." */
export function eligibilitySentence(rules: EligibilityRules): string | null {
  const parts: string[] = [];
  const left = rules.lessons.total - rules.lessons.done;
  if (!rules.lessons.met) parts.push(`${left} ${left === 1 ? 'lesson' : 'lessons'} left`);
  if (!rules.attendance.met)
    parts.push(`attendance ${formatPercent(rules.attendance.percentage)}% of the ${rules.attendance.required}% needed`);
  if (rules.assignments.not_graded.length > 0)
    parts.push(`assignments not graded: ${rules.assignments.not_graded.join(', ')}`);
  if (rules.assignments.below_pass.length > 0)
    parts.push(
      `assignments below the ${rules.assignments.pass_percent}% pass mark: ${rules.assignments.below_pass.join(', ')}`,
    );
  const tests = rules.tests.filter((t) => !t.met);
  if (tests.length > 0) parts.push(`tests not passed yet: ${tests.map((t) => t.title).join(', ')}`);
  return parts.length ? `Not yet eligible for a certificate: ${parts.join('; ')}.` : null;
}

/** 74.99… → "74.9" (rounded down to one decimal, so a shortfall never reads as the threshold). */
export const formatPercent = (value: number): string => String(Math.floor(value * 10) / 10);

const Ids = z.number().int().positive();
const Percent = z.number().min(0).max(100);

export const Eligibility = z.object({
  eligible: z.boolean(),
  /** One sentence naming every rule not met; null when eligible. */
  summary: z.string().nullable(),
  lessons: z.object({ done: z.number().int(), total: z.number().int(), met: z.boolean() }),
  attendance: z.object({
    percentage: Percent,
    required: Percent,
    held_sessions: z.number().int(),
    met: z.boolean(),
  }),
  assignments: z.object({
    total: z.number().int(),
    pass_percent: Percent,
    not_graded: z.array(z.string()),
    below_pass: z.array(z.string()),
    met: z.boolean(),
  }),
  tests: z.array(
    z.object({
      id: Ids,
      title: z.string(),
      pass_percent: Percent,
      state: z.enum(CERTIFICATE_TEST_STATES),
      met: z.boolean(),
    }),
  ),
});
export type Eligibility = z.infer<typeof Eligibility>;

/** What the course page and the issue endpoint show of an issued certificate. */
export const CertificateRef = z.object({
  code: z.string(),
  number: Ids,
  /** The public verification page. */
  url: z.string(),
});
export type CertificateRef = z.infer<typeof CertificateRef>;

export const IssuedCertificate = z.object({ code: z.string(), url: z.string() });

/** GET /classroom/certificates/: the caller's valid certificates, by enrollment (the dashboard's cards). */
export const MyCertificate = CertificateRef.extend({ enrollment: Ids });
export type MyCertificate = z.infer<typeof MyCertificate>;

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;

/** GET /api/certificates/{code}/: what anyone may see (never the revocation's reason). */
export const PublicCertificate = z.object({
  code: z.string(),
  number: Ids,
  student_name: z.string(),
  program: z.string(),
  batch: z.object({ name: z.string(), starts_on: z.string(), ends_on: z.string() }),
  hours: z.number().int(),
  instructor_name: z.string(),
  issued_on: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** IST calendar day of the revocation; null while valid. */
  revoked_on: z.string().nullable(),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

/** The administrators' list: the public fields and who, why and when. */
export const AdminCertificate = PublicCertificate.extend({
  id: Ids,
  enrollment: Ids,
  student: Ids,
  issued_by: Ids.nullable(),
  revoked_reason: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof AdminCertificate>;

export const RevokeInput = z.object({
  reason: z
    .string({ error: CERTIFICATE_MESSAGES.reasonRequired })
    .trim()
    .min(1, CERTIFICATE_MESSAGES.reasonRequired)
    .max(500, 'The reason must be at most 500 characters.'),
});
export type RevokeInput = z.infer<typeof RevokeInput>;
