import type { PlacementDocument } from '../../../contract/placement-documents.ts';
import type { Application, Opening } from '../../../contract/placement-openings.ts';
import { OPENING_PATHS, PLACEMENT_PATHS } from '../../../contract/placement-paths.ts';
import type { Offer } from '../../../contract/placement.ts';
import { nameOrErased } from '../../../contract/privacy.ts';
import type { openingsRepository, placementRepository } from './repository.ts';

/**
 * Rows to answers: an offer, an opening, an application. An answer names its PDF (an offer letter, a
 * résumé) with the path its reader downloads it from: the student's own, or the office's.
 */

export type Audience = 'student' | 'office';
type OfferView = NonNullable<Awaited<ReturnType<ReturnType<typeof placementRepository>['offer']>>>;
type OpeningView = NonNullable<Awaited<ReturnType<ReturnType<typeof openingsRepository>['opening']>>>;
type ApplicationView = NonNullable<Awaited<ReturnType<ReturnType<typeof openingsRepository>['application']>>>;

function document(
  stored: string | null,
  name: string | null,
  size: number | null,
  url: string,
): PlacementDocument | null {
  return stored ? { file_name: name ?? 'document.pdf', size_bytes: Number(size ?? 0), url } : null;
}

export function toOffer(row: OfferView, audience: Audience): Offer {
  return {
    id: row.id,
    student: row.student_id,
    student_name: nameOrErased(`${row.first_name} ${row.last_name}`.trim() || row.username, row.student_email),
    batch: row.batch_id,
    batch_name: row.batch_name,
    program: row.program_id,
    program_title: row.program_title,
    employer: row.employer_id,
    employer_name: row.employer_name,
    designation: row.designation,
    annual_ctc: row.annual_ctc,
    offer_date: row.offer_date,
    joining_date: row.joining_date,
    status: row.status,
    verified_via: row.verified_via,
    verified_at: row.verified_at,
    consent_to_publish: row.consent_to_publish === 1,
    offer_letter: document(
      row.offer_letter,
      row.offer_letter_name,
      row.offer_letter_size,
      audience === 'office' ? PLACEMENT_PATHS.officeOfferLetter(row.id) : PLACEMENT_PATHS.offerLetter(row.id),
    ),
    created_at: row.created_at,
  };
}

export const toOpening = (row: OpeningView): Opening => ({
  id: row.id,
  employer: row.employer_id,
  employer_name: row.employer_name,
  title: row.title,
  location: row.location,
  ctc_min: row.ctc_min,
  ctc_max: row.ctc_max,
  programs: JSON.parse(row.programs) as number[],
  batches: JSON.parse(row.batches) as number[],
  description: row.description,
  deadline: row.deadline,
  status: row.status,
  applications: Number(row.applications ?? 0),
});

export const toApplication = (row: ApplicationView, audience: Audience): Application => ({
  id: row.id,
  opening: row.opening_id,
  opening_title: row.opening_title,
  employer_name: row.employer_name,
  student: row.student_id,
  student_name: nameOrErased(`${row.first_name} ${row.last_name}`.trim() || row.username, row.email),
  student_email: row.email ?? '',
  stage: row.stage,
  interview_at: row.interview_at,
  interview_mode: row.interview_mode,
  cover_note: row.cover_note,
  resume: document(
    row.resume,
    row.resume_name,
    row.resume_size,
    audience === 'office' ? OPENING_PATHS.officeResume(row.id) : OPENING_PATHS.resume(row.id),
  ),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Whether an opening is open to a student of these program enrollments. */
export function eligible(opening: Opening, enrolled: { course_id: number; batch_id: number | null }[]): boolean {
  return enrolled.some(
    (e) => opening.programs.includes(e.course_id) || (e.batch_id !== null && opening.batches.includes(e.batch_id)),
  );
}
