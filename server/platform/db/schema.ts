import type { Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type {
  CounselingStatus,
  CourseType,
  FailureReason,
  PaymentMethod,
  PaymentStatus,
  Role,
  Status,
} from '../../../contract/index.ts';
import type {
  EmployersTable,
  OfferConfirmationsTable,
  PlacementApplicationsTable,
  PlacementOffersTable,
  PlacementOpeningsTable,
} from '../../domains/placement/tables.ts';
import type {
  AttemptAnswersTable,
  AttemptEventsTable,
  AttemptResultsTable,
  AttemptsTable,
  QuestionsTable,
  TestQuestionsTable,
  TestSectionsTable,
  TestsTable,
} from '../../domains/assessments/tables.ts';
import type { NotificationTables } from '../../domains/notifications/tables.ts';

/**
 * The tables, as Kysely sees them. Portable across SQLite and PostgreSQL: booleans are 0/1 integers,
 * date-times are ISO 8601 UTC text (they sort as strings), money is integer rupees.
 */
type Bool = number;
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: Role;
  created_at: Timestamp;
  /** 0: deactivated (cannot log in; tokens refused). Migration 005_1. */
  is_active: Generated<Bool>;
  last_login: Timestamp | null;
  /** 1: an authenticator app or a passkey is confirmed (migration 012). */
  mfa_enabled: Generated<Bool>;
  /** The latest second-factor proof (step-up), migration 012. */
  step_up_at: Generated<Timestamp | null>;
  /** The login (refresh family) that gave that proof: it counts for that login only (migration 018). */
  step_up_login: Generated<string | null>;
  /** Migration 022: name, username and e-mail address in one lower-case text, made by the database (search). */
  search_text: GeneratedAlways<string>;
  /** Migration 022: the student's payments and enrollments, kept by triggers (a search's count adds them). */
  payment_count: Generated<number>;
  enrollment_count: Generated<number>;
  /** Migration 024: when the current address was confirmed from its emailed link; null until then. */
  email_verified_at: Generated<Timestamp | null>;
  /** Migration 034: the Indian mobile number (10 digits) given with WhatsApp or SMS consent; null if none. */
  phone: Generated<string | null>;
}

/** Migration 024: each address confirmed for an account, from then until changed away (decision record 063). */
export interface VerifiedEmailsTable {
  id: Generated<number>;
  user_id: number;
  /** Lower case. */
  email: string;
  verified_at: Timestamp;
  released_at: Timestamp | null;
}

/** Migration 024: emailed confirmation and undo links, stored as token hashes and nonces. */
export interface EmailLinksTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'confirm' | 'undo';
  email: string;
  restore_verified_at: Timestamp | null;
  token_hash: string;
  link_nonce: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Authenticator-app secrets, encrypted (AES-256-GCM), one per user; migration 012. */
export interface TotpCredentialsTable {
  user_id: number;
  secret_encrypted: string;
  /** Null while set up but not yet confirmed with a code. */
  confirmed_at: Timestamp | null;
  /** RFC 6238 time step of the latest accepted code. */
  last_step: number | null;
  created_at: Timestamp;
}

/** One-time recovery codes (SHA-256), migration 012. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Short-lived single-use challenges (login second step, WebAuthn ceremonies), migration 012. */
export interface AuthChallengesTable {
  token_hash: string;
  purpose: string;
  user_id: number | null;
  challenge: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Passkeys, migration 012. */
export interface WebauthnCredentialsTable {
  /** The credential id, base64url. */
  id: string;
  user_id: number;
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** Comma-separated AuthenticatorTransport values. */
  transports: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** One row per login (a refresh-token family, migration 009): its tokens are its generations. */
export interface RefreshFamiliesTable {
  /** The login's key: the jti of its first refresh token (generation 0); later ones are `<family>.<n>`. */
  family: string;
  user_id: number;
  /** How many times the login was refreshed: only the token of this generation refreshes. */
  generation: number;
  created_at: Timestamp;
  /** When the current generation's token expires (each refresh moves it on). */
  expires_at: Timestamp;
  /** When the current generation was issued by a refresh (presenting an earlier one is reuse). */
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface RateEventsTable {
  id: Generated<number>;
  key: string;
  created_at: Timestamp;
}

export interface FacultyTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  expertise: string;
  experience_years: number;
  previous_companies: string;
  bio: string;
  linkedin_url: string;
  is_featured: Bool;
  created_at: Timestamp;
}

export interface ProgramsTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  description: string;
  level: string;
  category: string;
  target_audience: string;
  price: number;
  original_price: number | null;
  duration_weeks: number;
  avg_salary: string;
  is_featured: Bool;
  is_flagship: Bool;
  is_active: Bool;
  instructor_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkshopsTable {
  id: Generated<number>;
  title: string;
  description: string;
  instructor_id: number | null;
  date: Timestamp;
  duration_hours: number;
  price: number;
  is_live: Bool;
  current_participants: number;
  max_participants: number;
  is_active: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SuccessStoriesTable {
  id: Generated<number>;
  student_name: string;
  placement_company_name: string;
  designation: string;
  salary: string;
  story: string;
  is_featured: Bool;
  created_at: Timestamp;
  /** Migration 036: the verified offer the story tells (null only on stories older than the link: never published). */
  offer_id?: number | null;
  /** Migration 036: a photo's URL, published only with the student's consent. */
  photo?: Generated<string>;
  /** Migration 036: the last change of the text, name, photo or offer; consents older than it do not count. */
  changed_at?: string | null;
  /** Migration 038: the uploaded photo's random name in the file store's story-photos/ (null: none). */
  photo_file?: string | null;
}

export interface ResourcesTable {
  id: Generated<number>;
  title: string;
  description: string;
  author_id: number | null;
  resource_type: string;
  external_url: string | null;
  file: string | null;
  is_featured: Bool;
  created_at: Timestamp;
}

export interface TestimonialsTable {
  id: Generated<number>;
  title: string;
  name: string;
  description: string;
  is_featured: Bool;
  created_at: Timestamp;
}

export interface EnrollmentsTable {
  id: Generated<number>;
  student_id: number;
  course_type: CourseType;
  course_id: number;
  status: Status;
  is_active: Bool;
  progress_percentage: number;
  issue_description: string;
  admin_notes: string;
  is_urgent: Bool;
  enrolled_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 011: the batch (cohort) the student belongs to; null for workshops and batchless programs. */
  batch_id: Generated<number | null>;
  /** Migration 011: the calendar feed's generation; its secret URL is an HMAC of it (reset: + 1). */
  calendar_generation: Generated<number>;
  /** Migration 030: the student does not seek placement (IPRS counts those who do). */
  placement_opt_out: Generated<number>;
  /** Migration 038: when the student last opted out or back in (the summary's as_of follows it); null: never. */
  placement_opt_out_at?: string | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  student_id: number;
  course_type: CourseType;
  course_id: number;
  status: PaymentStatus;
  amount: number;
  payment_method: PaymentMethod;
  billing_first_name: string | null;
  billing_last_name: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  billing_state_code: string | null;
  billing_address: string | null;
  billing_gstin: string | null;
  billing_gstin_name: string | null;
  /** What is charged, in paise (migration 004); null on older rows: amount × 100. */
  total_paise: number | null;
  failure_reason: FailureReason | null;
  admin_notes: string;
  is_urgent: Bool;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  updated_at: Timestamp;
  /** Migration 003: the payment's one live gateway order, and the gateway payment that paid it. */
  gateway_order_id: Generated<string | null>;
  gateway_payment_id: Generated<string | null>;
  order_claimed_at: Generated<Timestamp | null>;
  /** Whole rupees refunded so far. */
  refunded_amount: Generated<number>;
  /** Migration 011: the batch the student chose at checkout; completion enrolls into it. */
  batch_id: Generated<number | null>;
  /** Migration 016: the coupon or scholarship quoted, the code as printed, and the discount in paise. */
  coupon_id: Generated<number | null>;
  coupon_code: Generated<string | null>;
  discount_paise: Generated<number>;
  /** Migration 017: the instalment plan chosen at checkout (its first instalment), and the instalment paid. */
  plan_id: Generated<number | null>;
  instalment_id: Generated<number | null>;
  /** Migration 023: the token of the request that may store the gateway order (decision record 062). */
  order_claim: Generated<string | null>;
  /** Migration 023: paise refunded so far, of what was charged (`refunded_amount`: its list-price rupees). */
  refunded_paise: Generated<number>;
}

/** Migration 016: a coupon (with a code) or a scholarship (no code, one student); decision record 053. */
export interface CouponsTable {
  id: Generated<number>;
  code: string | null;
  /** The code in lower case (unique): codes are unique without regard to case. */
  code_key: string | null;
  kind: 'percent' | 'fixed';
  /** percent: 1–100; fixed: paise. */
  value: number;
  /** JSON: [{course_type, course}], empty for every course. */
  courses: string;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  max_uses_per_student: number;
  min_amount_paise: number | null;
  is_active: Bool;
  student_id: number | null;
  reason: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GatewayFlag =
  | 'unknown_order'
  | 'amount_mismatch'
  | 'capture_after_failure'
  | 'capture_after_cancel'
  | 'paid_twice'
  | 'not_granted'
  | 'refund_failed'
  | 'unknown_refund';

/** Every gateway event once (migration 003), with the office's flag and resolution. */
export interface GatewayEventsTable {
  id: Generated<number>;
  event_id: string;
  source: 'webhook' | 'verify' | 'sync';
  event: string;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  payment_id: number | null;
  /** Paise. */
  amount: number | null;
  outcome: 'processed' | 'ignored' | 'flagged';
  flag: GatewayFlag | null;
  detail: string;
  payload: string;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  resolution: 'granted' | 'refunded' | 'resolved' | null;
  resolution_note: string;
  created_at: Timestamp;
  /** Migration 023: a webhook's signed event, entity id and status (unique); null for findings of our own. */
  body_key: Generated<string | null>;
}

export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  idempotency_key: string;
  /** Whole rupees: the refund's share of the list price (revenue's kept totals count it). */
  amount: number;
  /** Migration 023: paise given back, of what was charged (tax included, discount net); null: amount × 100. */
  amount_paise: number | null;
  reason: string;
  revoke_access: Bool;
  status: 'pending' | 'processed' | 'failed';
  gateway_refund_id: string | null;
  error: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CounselingRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  preferred_date: string | null;
  interest: string;
  message: string;
  created_at: Timestamp;
  /** The pipeline (migration 005_2). */
  status: Generated<CounselingStatus>;
  assignee_id: number | null;
  /** An IST calendar day, YYYY-MM-DD. */
  next_follow_up: string | null;
}

export interface CounselingNotesTable {
  id: Generated<number>;
  request_id: number;
  author_id: number | null;
  text: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  /** JSON text. */
  changes: string;
  created_at: Timestamp;
}

/** Row counts (and payment amounts) by entity, status and urgency, kept by triggers (migration 002). */
export interface TotalsTable {
  entity: 'payment' | 'enrollment' | 'user';
  /** The status (payments, enrollments) or the role (users). */
  status: string;
  is_urgent: number;
  n: number;
  amount: number;
}

/** Counseling requests by status and assignee (0: nobody), kept by triggers (migration 021). */
export interface CounselingTotalsTable {
  status: CounselingStatus;
  assignee_id: number;
  n: number;
}

/**
 * Revenue kept by triggers (migration 010): completed payments and their gross by the IST day of
 * completion, refunds by the IST day they were asked for, per course; `grain` 'day' (period YYYY-MM-DD),
 * 'month' (YYYY-MM) or 'all' (period '').
 */
export interface RevenueTotalsTable {
  grain: 'day' | 'month' | 'all';
  period: string;
  course_type: 'program' | 'workshop';
  course_id: number;
  payments: number;
  gross: number;
  refunded: number;
  /** Migration 027: the discounts of the payments counted, in paise (decision record 066). */
  discount_paise: Generated<number>;
}

/**
 * Payments and enrollments counted by triggers (migration 020) by IST day, month and in all of their
 * creation, status, course, urgency and (payments) whether anything was refunded: the admin lists' counts.
 */
export interface RecordTotalsTable {
  entity: 'payment' | 'enrollment';
  grain: 'day' | 'month' | 'all';
  period: string;
  status: string;
  course_type: 'program' | 'workshop';
  course_id: number;
  is_urgent: number;
  refunded: number;
  n: number | string;
}

/**
 * A write counter: one row (id 1) bumped by triggers. `catalogue_version` counts catalogue writes
 * (migration 007); `payments_version`, SQLite only, writes to what the admin Payments list shows (008).
 */
export interface VersionCounterTable {
  id: number;
  version: number;
}

export interface DocumentCountersTable {
  series: string;
  financial_year: string;
  last_number: number;
}

export interface TaxDocumentsTable {
  id: Generated<number>;
  kind: 'invoice' | 'credit_note';
  number: string;
  payment_id: number;
  refund_id: number | null;
  invoice_id: number | null;
  student_id: number;
  financial_year: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  /** JSON: the TaxDocumentData printed on the PDF. */
  data: string;
  issued_at: Timestamp;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'nowhere' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  message_id: string;
  template: string;
  /** JSON array of addresses. */
  recipients: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON array of {filename, content_type, content_base64}. */
  attachments: Generated<string>;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
  /** The nonce the emailed token is derived from (server/platform/lib/reset-links.ts); null before migration 014. */
  link_nonce: string | null;
}

/** Data protection (migration 013, decision record 046). */
export interface ConsentEventsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  purpose: string;
  granted: Bool;
  notice_version: string;
  source: string;
  created_at: Timestamp;
  /** Migration 032: the number a WhatsApp opt-in (or a STOP) was for. */
  phone?: string | null;
  /** Migration 036: the exact statement shown when the consent was given or withdrawn (a story's items). */
  shown_text?: string | null;
}

export interface AgeRecordsTable {
  user_id: number;
  date_of_birth: string | null;
  is_adult: Bool;
  parent_name: string | null;
  parent_email: string | null;
  token_hash: string | null;
  /** The parent's link is HMAC(key, link_nonce), written only into the email as it is sent (migration 026). */
  link_nonce: string | null;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PrivacyRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: 'erasure';
  status: 'received' | 'verified' | 'done' | 'refused';
  reason: string;
  refusal_reason: string;
  received_at: Timestamp;
  due_at: Timestamp;
  verified_at: Timestamp | null;
  closed_at: Timestamp | null;
  handled_by: number | null;
}

export interface IncidentsTable {
  id: Generated<number>;
  aware_at: Timestamp;
  data_categories: string;
  people_affected: number;
  description: string;
  notice_text: string;
  /** JSON array of addresses; empty: every account. */
  affected_emails: string;
  notified_at: Timestamp | null;
  notified_count: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
}

/** A program's cohort (migration 011). Dates are IST calendar days, YYYY-MM-DD. */
export interface BatchesTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  starts_on: string;
  ends_on: string;
  seats: number;
  /** Taken by a conditional UPDATE (seats_taken < seats) and checked by a CHECK constraint. */
  seats_taken: Generated<number>;
  mode: 'online' | 'classroom' | 'hybrid';
  location: string;
  /** A user (role instructor or admin: decision record 050), or null. */
  instructor_id: number | null;
  is_open: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A live class of a batch (migration 011). */
export interface BatchSessionsTable {
  id: Generated<number>;
  batch_id: number;
  title: string;
  /** UTC ISO date-time. */
  starts_at: Timestamp;
  duration_minutes: number;
  location: string;
  meeting_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CourseModulesTable {
  id: Generated<number>;
  program_id: number;
  title: string;
  position: number;
}

export interface LessonsTable {
  id: Generated<number>;
  module_id: number;
  /** The module's program, kept on the lesson so progress counts one table. */
  program_id: number;
  title: string;
  kind: 'video' | 'document' | 'text' | 'link';
  body: string;
  url: string;
  /** The stored file's random name under the upload directory's lessons/ folder, and its original name. */
  file: string | null;
  file_name: string | null;
  duration_minutes: number | null;
  is_preview: Bool;
  position: number;
}

export interface LessonCompletionsTable {
  lesson_id: number;
  student_id: number;
  completed_at: Timestamp;
}

/** One row per reminder sent (session, student, hours before): its primary key makes it once. */
export interface SessionRemindersTable {
  session_id: number;
  student_id: number;
  offset_hours: number;
  sent_at: Timestamp;
}

/** One student's mark for one live session (migration 015): the last mark stands. */
export interface SessionAttendanceTable {
  session_id: number;
  student_id: number;
  present: Bool;
  marked_by: number | null;
  marked_at: Timestamp;
}

/** An assignment of a batch (migration 015). */
export interface AssignmentsTable {
  id: Generated<number>;
  batch_id: number;
  title: string;
  /** Markdown. */
  instructions: string;
  /** UTC ISO date-time. */
  due_at: Timestamp;
  max_marks: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A student's one submission of an assignment (migration 015): resubmitted until graded. */
export interface AssignmentSubmissionsTable {
  id: Generated<number>;
  assignment_id: number;
  student_id: number;
  text: string;
  /** The stored file's random name under the upload directory's submissions/ folder. */
  file: string | null;
  file_name: string | null;
  /** The media type decided from the file's content. */
  file_type: string | null;
  file_size: number | null;
  submitted_at: Timestamp;
  is_late: Bool;
  /** Null until graded. */
  marks: number | null;
  feedback: string;
  graded_by: number | null;
  graded_at: Timestamp | null;
}

/** An issued certificate (migration 015): what it says is copied at issue. */
export interface CertificatesTable {
  id: Generated<number>;
  /** Consecutive from 1. */
  number: number;
  /** Unguessable; the verification URL's last part. */
  code: string;
  enrollment_id: number;
  student_id: number;
  program_id: number;
  batch_id: number;
  student_name: string;
  program_title: string;
  batch_name: string;
  starts_on: string;
  ends_on: string;
  hours: number;
  instructor_name: string;
  /** IST calendar day, YYYY-MM-DD. */
  issued_on: string;
  issued_at: Timestamp;
  /** Null when the housekeeping job issued it at the batch's end. */
  issued_by: number | null;
  status: 'valid' | 'revoked';
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  revoked_by: number | null;
}

/** Migration 017 (decision record 054): a program's instalment plans. `schedule` is JSON. */
export interface InstalmentPlansTable {
  id: Generated<number>;
  program_id: number;
  name: string;
  schedule: string;
  total: number;
  is_active: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One scheduled due of an enrollment paid in instalments (amount in whole rupees, due_on an IST date). */
export interface InstalmentsTable {
  id: Generated<number>;
  enrollment_id: number;
  plan_id: number;
  number: number;
  amount: number;
  due_on: string;
  status: 'due' | 'paid' | 'cancelled';
  paid_at: Timestamp | null;
  suspended_at: Timestamp | null;
  /** Its share (paise) of the discount on the plan's total, split in proportion; the code printed. */
  discount_paise: number;
  coupon_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Once-only markers of instalment reminders (before, due, suspended): the primary key makes them once. */
export interface InstalmentRemindersTable {
  instalment_id: number;
  kind: 'before' | 'due' | 'suspended';
  sent_at: Timestamp;
}

export interface Database extends NotificationTables {
  coupons: CouponsTable;
  instalment_plans: InstalmentPlansTable;
  instalments: InstalmentsTable;
  instalment_reminders: InstalmentRemindersTable;
  session_attendance: SessionAttendanceTable;
  assignments: AssignmentsTable;
  assignment_submissions: AssignmentSubmissionsTable;
  certificates: CertificatesTable;
  consent_events: ConsentEventsTable;
  age_records: AgeRecordsTable;
  privacy_requests: PrivacyRequestsTable;
  incidents: IncidentsTable;
  batches: BatchesTable;
  batch_sessions: BatchSessionsTable;
  course_modules: CourseModulesTable;
  lessons: LessonsTable;
  lesson_completions: LessonCompletionsTable;
  session_reminders: SessionRemindersTable;
  catalogue_version: VersionCounterTable;
  payments_version: VersionCounterTable;
  document_counters: DocumentCountersTable;
  tax_documents: TaxDocumentsTable;
  outbox: OutboxTable;
  password_resets: PasswordResetsTable;
  verified_emails: VerifiedEmailsTable;
  email_links: EmailLinksTable;
  users: UsersTable;
  settings: SettingsTable;
  refresh_families: RefreshFamiliesTable;
  rate_events: RateEventsTable;
  totp_credentials: TotpCredentialsTable;
  recovery_codes: RecoveryCodesTable;
  auth_challenges: AuthChallengesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  faculty: FacultyTable;
  programs: ProgramsTable;
  workshops: WorkshopsTable;
  success_stories: SuccessStoriesTable;
  resources: ResourcesTable;
  testimonials: TestimonialsTable;
  enrollments: EnrollmentsTable;
  payments: PaymentsTable;
  gateway_events: GatewayEventsTable;
  refunds: RefundsTable;
  counseling_requests: CounselingRequestsTable;
  counseling_notes: CounselingNotesTable;
  audit_log: AuditLogTable;
  totals: TotalsTable;
  revenue_totals: RevenueTotalsTable;
  record_totals: RecordTotalsTable;
  counseling_totals: CounselingTotalsTable;
  employers: EmployersTable;
  placement_offers: PlacementOffersTable;
  offer_confirmations: OfferConfirmationsTable;
  placement_openings: PlacementOpeningsTable;
  placement_applications: PlacementApplicationsTable;
  questions: QuestionsTable;
  tests: TestsTable;
  test_sections: TestSectionsTable;
  test_questions: TestQuestionsTable;
  attempts: AttemptsTable;
  attempt_answers: AttemptAnswersTable;
  attempt_events: AttemptEventsTable;
  attempt_results: AttemptResultsTable;
}

export type UserRow = Selectable<UsersTable>;
export type FacultyRow = Selectable<FacultyTable>;
export type TestimonialRow = Selectable<TestimonialsTable>;
export type EnrollmentRow = Selectable<EnrollmentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type CouponRow = Selectable<CouponsTable>;
export type GatewayEventRow = Selectable<GatewayEventsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type NewEnrollment = Insertable<EnrollmentsTable>;
export type TaxDocumentRow = Selectable<TaxDocumentsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type BatchRow = Selectable<BatchesTable>;
export type BatchSessionRow = Selectable<BatchSessionsTable>;
export type LessonRow = Selectable<LessonsTable>;
export type AssignmentRow = Selectable<AssignmentsTable>;
export type SubmissionRow = Selectable<AssignmentSubmissionsTable>;
export type CertificateRow = Selectable<CertificatesTable>;
export type InstalmentPlanRow = Selectable<InstalmentPlansTable>;
export type InstalmentRow = Selectable<InstalmentsTable>;
