import type { Generated, Selectable } from 'kysely';
import type { EmployerSector, OfferStatus } from '../../../contract/placement.ts';

/** The placement domain's tables (migration 030, decision record 070). */

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
