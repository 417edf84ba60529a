import { BatchRef } from './delivery.ts';
import { z } from 'zod';
import {
  Category,
  CounselingStatus,
  CourseType,
  FailureReason,
  Level,
  PaymentMethod,
  PaymentStatus,
  ResourceType,
  Role,
  Status,
  TargetAudience,
} from './enums.ts';

/** Entities as the API answers them (spec section 3). Field names are the spec's, snake_case. */

const Id = z.number().int().positive();
/** ISO 8601 date-time, e.g. 2026-11-22T10:30:00.000Z. */
const DateTime = z.string();

export const PersonName = z.object({ first_name: z.string(), last_name: z.string() });
export type PersonName = z.infer<typeof PersonName>;

export const Profile = z.object({
  /** Spec section 3: role defaults to student when missing. */
  role: Role.default('student'),
  is_admin: z.boolean(),
  is_instructor: z.boolean(),
  is_student: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

/** GET /classroom/auth/me/ */
export const User = z.object({
  id: Id,
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile: Profile,
});
export type User = z.infer<typeof User>;

export const Program = z.object({
  id: Id,
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  level: Level,
  category: Category,
  target_audience: TargetAudience,
  /** Whole rupees. */
  price: z.number().int().nonnegative(),
  original_price: z.number().int().nonnegative().nullable(),
  /** Stored once; duration_months is derived from it (see durationMonths). */
  duration_weeks: z.number().int().positive(),
  duration_months: z.number().int().positive(),
  /** Display text such as "6-8L". */
  avg_salary: z.string(),
  is_featured: z.boolean(),
  is_flagship: z.boolean(),
  is_active: z.boolean(),
  instructor: PersonName.nullable(),
  /** The instructor's faculty id, for the admin form (the server always sends it). */
  instructor_id: Id.nullable().optional(),
});
export type Program = z.infer<typeof Program>;

/** The one rule that turns a program's weeks into the months public pages show. */
export function durationMonths(weeks: number): number {
  return Math.max(1, Math.round((weeks * 12) / 52));
}

export const Faculty = z.object({
  id: Id,
  user: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  expertise: z.string(),
  experience_years: z.number().int().nonnegative(),
  /** Comma-separated company names. */
  previous_companies: z.string(),
  bio: z.string(),
  linkedin_url: z.string(),
  is_featured: z.boolean(),
});
export type Faculty = z.infer<typeof Faculty>;

export const Workshop = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  instructor: PersonName.nullable(),
  date: DateTime,
  duration_hours: z.number().positive(),
  price: z.number().int().nonnegative(),
  /** Derived: price is 0. */
  is_free: z.boolean(),
  is_live: z.boolean(),
  current_participants: z.number().int().nonnegative(),
  max_participants: z.number().int().positive(),
  is_active: z.boolean(),
  /** The instructor's faculty id, for the admin form (the server always sends it). */
  instructor_id: Id.nullable().optional(),
});
export type Workshop = z.infer<typeof Workshop>;

export const SuccessStory = z.object({
  id: Id,
  student_name: z.string(),
  placement_company_name: z.string(),
  designation: z.string(),
  /** Display text such as "8.5 LPA". */
  salary: z.string(),
  story: z.string(),
  is_featured: z.boolean(),
});
export type SuccessStory = z.infer<typeof SuccessStory>;

export const Resource = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  author: PersonName.nullable(),
  resource_type: ResourceType,
  external_url: z.string().nullable(),
  file: z.string().nullable(),
  is_featured: z.boolean(),
  /** The author's faculty id, for the admin form (the server always sends it). */
  author_id: Id.nullable().optional(),
});
export type Resource = z.infer<typeof Resource>;

export const Testimonial = z.object({
  id: Id,
  title: z.string(),
  name: z.string(),
  description: z.string(),
  is_featured: z.boolean(),
});
export type Testimonial = z.infer<typeof Testimonial>;

export const StudentSummary = z.object({
  id: Id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type StudentSummary = z.infer<typeof StudentSummary>;

const CourseRef = z.object({ id: Id, title: z.string() });

export const Enrollment = z.object({
  id: Id,
  /** The program's or workshop's id; course_type says which. */
  course: Id,
  course_type: CourseType,
  is_active: z.boolean(),
  student: StudentSummary,
  program: CourseRef.nullable(),
  workshop: CourseRef.nullable(),
  status: Status,
  enrolled_at: DateTime,
  progress_percentage: z.number().int().min(0).max(100),
  issue_description: z.string(),
  admin_notes: z.string(),
  is_urgent: z.boolean(),
  /** The program batch (cohort) the student belongs to; null for workshops and programs without batches. */
  batch: BatchRef.nullable(),
});
export type Enrollment = z.infer<typeof Enrollment>;

export const Payment = z.object({
  id: Id,
  course: Id,
  course_type: CourseType,
  status: PaymentStatus,
  /** Whole rupees, read from the course on the server. */
  amount: z.number().int().nonnegative(),
  /** Whole rupees refunded through the gateway so far (issue 9). */
  refunded_amount: z.number().int().nonnegative(),
  student: StudentSummary,
  program_title: z.string().nullable(),
  workshop_title: z.string().nullable(),
  payment_method: PaymentMethod,
  created_at: DateTime,
  completed_at: DateTime.nullable(),
  failure_reason: FailureReason.nullable(),
  admin_notes: z.string(),
  is_urgent: z.boolean(),
  /** What is charged, in paise: the price, plus GST when prices exclude it (PRICES_INCLUDE_GST=0). */
  total_paise: z.number().int().nonnegative(),
  /** The billing place and GSTIN given at checkout (null: not given; the place of supply is the institute's state). */
  billing_state_code: z.string().nullable(),
  billing_gstin: z.string().nullable(),
  /** The tax invoice's number once the payment is completed (download: GET /classroom/payments/{id}/invoice/). */
  invoice_number: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;

/** What the browser's checkout needs to hand a payment to the gateway (amount in paise). */
export const GatewayCheckout = z.object({
  name: z.literal('razorpay'),
  key_id: z.string(),
  order_id: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  /** Where the browser is sent for the local sandbox gateway's checkout page; null with Razorpay's real API. */
  sandbox_checkout_url: z.string().nullable(),
});
export type GatewayCheckout = z.infer<typeof GatewayCheckout>;

/** A payment start answers the payment and, unless it was free, its live gateway order. */
export const PaymentStart = Payment.extend({ gateway: GatewayCheckout.nullable().default(null) });
export type PaymentStart = z.infer<typeof PaymentStart>;

export const RECONCILIATION_FLAGS = [
  'unknown_order',
  'amount_mismatch',
  'capture_after_failure',
  'capture_after_cancel',
  'paid_twice',
  'not_granted',
  'refund_failed',
  'unknown_refund',
] as const;
export const ReconciliationFlag = z.enum(RECONCILIATION_FLAGS);

/** A gateway event the office must look at (GET /api/admin/reconciliation/). Amount in paise. */
export const FlaggedEvent = z.object({
  id: Id,
  event: z.string(),
  source: z.enum(['webhook', 'verify', 'sync']),
  flag: ReconciliationFlag,
  detail: z.string(),
  gateway_order_id: z.string().nullable(),
  gateway_payment_id: z.string().nullable(),
  payment_id: Id.nullable(),
  amount_paise: z.number().int().nullable(),
  created_at: DateTime,
  resolved_at: DateTime.nullable(),
  resolution: z.enum(['granted', 'refunded', 'resolved']).nullable(),
  resolution_note: z.string(),
});
export type FlaggedEvent = z.infer<typeof FlaggedEvent>;

export const Reconciliation = z.object({
  flagged: z.array(FlaggedEvent),
  /** Pending payments older than 30 minutes: a webhook may have been missed (Sync asks the gateway). */
  stale_pending: z.array(Payment),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const SyncResult = z.object({
  checked: z.number().int(),
  completed: z.number().int(),
  errors: z.array(z.string()),
});
export type SyncResult = z.infer<typeof SyncResult>;

/** POST /classroom/payments/{id}/complete/ answers the completed payment and the enrollment it granted. */
export const PaymentCompletion = z.object({ payment: Payment, enrollment: Enrollment });
export type PaymentCompletion = z.infer<typeof PaymentCompletion>;

export const AdminStats = z.object({
  total_students: z.number().int().nonnegative(),
  /** Every program the admin Programs tab lists, active and archived (so are workshops). */
  total_programs: z.number().int().nonnegative(),
  total_faculty: z.number().int().nonnegative(),
  total_workshops: z.number().int().nonnegative(),
  /** Whole rupees: every completed payment (refunded or not) less every partial and full refund. */
  total_revenue: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const IssueSummary = z.object({
  total_issues: z.number().int().nonnegative(),
  failed_payments: z.number().int().nonnegative(),
  pending_enrollments: z.number().int().nonnegative(),
});
export type IssueSummary = z.infer<typeof IssueSummary>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/** A free counseling booking made from /contact (docs/deviations.md). */
export const CounselingRequest = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  preferred_date: z.string().nullable(),
  interest: z.string(),
  message: z.string(),
  created_at: DateTime,
  /** The pipeline (issue 11). */
  status: CounselingStatus,
  /** The user id of the administrator or instructor following it up. */
  assignee: Id.nullable(),
  /** An IST calendar day (YYYY-MM-DD). */
  next_follow_up: z.string().nullable(),
  /** Oldest first; author is the writer's username (null once the account is gone). */
  notes: z.array(z.object({ at: DateTime, author: z.string().nullable(), text: z.string() })),
});
export type CounselingRequest = z.infer<typeof CounselingRequest>;

export const AuditEntry = z.object({
  id: Id,
  actor: z.object({ id: Id, username: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  changes: z.record(z.string(), z.unknown()),
  created_at: DateTime,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/**
 * A filtered admin list counts at most this many rows: past it, `count` is this number and `count_capped`
 * is true ("10,000+"), so a broad search never counts a million rows (docs/api.md).
 */
export const COUNT_CAP = 10_000;

/** The admin lists' page (docs/api.md). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    /** Present and true when the count stopped at COUNT_CAP. */
    count_capped: z.boolean().optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
/** An email of the outbox, for the admin Outbox view. `nowhere`: no SMTP_URL, kept here instead of sent. */
export const OutboxEmail = z.object({
  id: z.number().int(),
  template: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  text_body: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'nowhere', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  attachments: z.array(z.string()),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmail>;

export type Paginated<T> = {
  count: number;
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
};

/** Error answers (docs/api.md). */
export const ValidationErrorBody = z.record(z.string(), z.array(z.string()));
export const BusinessErrorBody = z.object({ error: z.string() });
export const DetailErrorBody = z.object({ detail: z.string() });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** GET /api/config/: what the SPA needs to know about this deployment. */
export const AppConfig = z.object({
  demo_mode: z.boolean(),
  /** Present only in demo mode: the administrator demo login the Login page's box fills in. */
  demo_credentials: z.object({ username: z.string(), password: z.string() }).nullable(),
  /** PRICES_INCLUDE_GST: true, catalogue prices are what the student pays; false, GST is added on top. */
  prices_include_gst: z.boolean(),
  /**
   * The institute's GST state code: a billing state equal to it is taxed CGST + SGST, any other IGST.
   * Null until INSTITUTE_STATE_CODE is set (payments are refused until then).
   */
  institute_state_code: z.string().nullable(),
  /** PRIVACY_NOTICE_VERSION: the privacy notice in force, which a form's consents acknowledge. */
  privacy_notice_version: z.string(),
});
export type AppConfig = z.infer<typeof AppConfig>;
