import type { Generated, Selectable } from 'kysely';
import type { EmployerSector, OfferStatus } from '../../../contract/placement.ts';
import type { ApplicationStage, InterviewMode, OpeningStatus } from '../../../contract/placement-openings.ts';

/** The placement domain's tables (migrations 030, 035 and 037, decision records 070 and 078). */

export interface EmployersTable {
  id: Generated<number>;
  name: string;
  /** The name in lower case, trimmed: unique. */
  name_key: string;
  sector: EmployerSector;
  website: string;
  /** JSON array of {name, email}. */
  hr_contacts: string;
  /** Marked a hiring partner by an administrator, with a reason, before any verified offer (audited). */
  is_partner: number;
  partner_reason: string;
  created_at: string;
  updated_at: string;
}

export interface PlacementOffersTable {
  id: Generated<number>;
  student_id: number;
  batch_id: number;
  employer_id: number;
  designation: string;
  /** Whole rupees a year. */
  annual_ctc: number;
  offer_date: string;
  joining_date: string | null;
  status: Generated<OfferStatus>;
  verified_via: 'employer' | 'document' | null;
  verified_at: string | null;
  verified_by: number | null;
  decision_note: Generated<string>;
  consent_to_publish: Generated<number>;
  reported_by: number | null;
  /** The offer letter (migration 037): its stored name in `offer-letters/`, the student's file name, bytes. */
  offer_letter: Generated<string | null>;
  offer_letter_name: Generated<string | null>;
  offer_letter_size: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface OfferConfirmationsTable {
  id: Generated<number>;
  offer_id: number;
  /** SHA-256 (hex) of the link's token: the token itself is never stored. */
  token_hash: string;
  /** Random; the token is HMAC(key, nonce), so no stored copy gives the link back (decision record 042). */
  link_nonce: string;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
  created_at: string;
}

export type EmployerRow = Selectable<EmployersTable>;

export interface PlacementOpeningsTable {
  id: Generated<number>;
  employer_id: number;
  title: string;
  location: string;
  /** Whole rupees a year. */
  ctc_min: number;
  ctc_max: number;
  /** JSON arrays of program ids and batch ids the opening is open to (a student of either may apply). */
  programs: string;
  batches: string;
  description: string;
  /** IST day, the last on which a student may apply. */
  deadline: string;
  status: OpeningStatus;
  created_at: string;
  updated_at: string;
}

export interface PlacementApplicationsTable {
  id: Generated<number>;
  opening_id: number;
  student_id: number;
  stage: Generated<ApplicationStage>;
  interview_at: string | null;
  interview_mode: InterviewMode | null;
  cover_note: Generated<string>;
  /** The résumé (migration 037): its stored name in `resumes/`, the student's file name, bytes. */
  resume: Generated<string | null>;
  resume_name: Generated<string | null>;
  resume_size: Generated<number | null>;
  created_at: string;
  updated_at: string;
}
