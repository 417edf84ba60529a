import { z } from 'zod';
import { DateTime, Id } from './entity-fields.ts';
import { CounselingStatus } from './enums.ts';

/** The admin panel's answers: dashboard counts, counseling requests, the audit log, the outbox, and list pages. */

export const AdminStats = z.object({
  total_students: z.number().int().nonnegative(),
  /** Every program the admin Programs tab lists, active and archived (so are workshops). */
  total_programs: z.number().int().nonnegative(),
  total_faculty: z.number().int().nonnegative(),
  total_workshops: z.number().int().nonnegative(),
  /**
   * Rupees (paise as two decimals), net (decision record 066): the list prices of every completed payment
   * (refunded or not) less their discounts (coupons, scholarships) less every partial and full refund.
   */
  total_revenue: z.number(),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const IssueSummary = z.object({
  total_issues: z.number().int().nonnegative(),
  failed_payments: z.number().int().nonnegative(),
  pending_enrollments: z.number().int().nonnegative(),
});
export type IssueSummary = z.infer<typeof IssueSummary>;

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
/**
 * A search combined with another filter (status, course, dates…) counts at most this many rows: each
 * counted row is a payment or enrollment read and its student checked, so its count costs about what its
 * page does (decision record 075). Past it, `count` is this number and `count_capped` is true ("200+").
 */
export const FILTERED_SEARCH_COUNT_CAP = 200;

/** The admin lists' page (docs/api.md). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    /** Present and true when the count stopped at its cap (COUNT_CAP; FILTERED_SEARCH_COUNT_CAP). */
    count_capped: z
      .boolean()
      .optional()
      .describe(
        'True when the count stopped at its cap: 10,000, or 200 for a search with another filter; count is then that cap ("at least").',
      ),
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

/**
 * GET /api/admin/users/{id}/impact/ (decision 068): what a destructive action on this person touches, for
 * the confirmation an administrator reads before Erase now (or deactivating them): their active
 * enrollments and the instalments they still owe, each with what it would charge (paise).
 */
export const UserImpact = z.object({
  user_id: z.number().int(),
  username: z.string(),
  active_enrollments: z.array(
    z.object({
      id: z.number().int(),
      course_type: z.enum(['program', 'workshop']),
      title: z.string(),
      status: z.string(),
      batch: z.string().nullable(),
    }),
  ),
  unpaid_instalments: z.array(
    z.object({
      id: z.number().int(),
      enrollment_id: z.number().int(),
      title: z.string(),
      number: z.number().int(),
      of: z.number().int(),
      total_paise: z.number().int(),
      /** An IST calendar day (YYYY-MM-DD). */
      due_on: z.string(),
      overdue: z.boolean(),
    }),
  ),
  /** The sum of `unpaid_instalments[].total_paise`. */
  unpaid_total_paise: z.number().int(),
});
export type UserImpact = z.infer<typeof UserImpact>;

/**
 * GET /api/admin/enrollments/{id}/impact/ (decision 077): what deleting the enrollment (or resolving it to
 * Cancelled) touches, read before the administrator confirms: the student, the course and batch, the
 * instalments still due on it (paise), whether a workshop seat comes free, and why a delete would be
 * refused (it was paid for; resolve it instead), else null.
 */
export const EnrollmentImpact = z.object({
  enrollment_id: z.number().int(),
  student: z.string(),
  course_type: z.enum(['program', 'workshop']),
  title: z.string(),
  status: z.string(),
  batch: z.string().nullable(),
  unpaid_instalments: UserImpact.shape.unpaid_instalments,
  unpaid_total_paise: z.number().int(),
  seat_released: z.boolean(),
  delete_refused: z.string().nullable(),
});
export type EnrollmentImpact = z.infer<typeof EnrollmentImpact>;

/**
 * GET /api/admin/programs/{id}/impact/ and /api/admin/workshops/{id}/impact/ (decision 077): what deleting a
 * course touches, read before the administrator confirms. A course with any payment or enrollment is archived,
 * not deleted (the delete's own rule): it leaves the catalogue while its students keep their access, records
 * and instalment schedules. The ongoing enrollments and the instalments still due on them (paise) are listed.
 */
export const CourseImpact = z.object({
  course_type: z.enum(['program', 'workshop']),
  course_id: z.number().int(),
  outcome: z.enum(['deleted', 'archived']),
  /** Every enrollment the course has had, whatever its status. */
  enrollments: z.number().int(),
  /** The students still in it: pending, active or on hold. */
  active_enrollments: z.number().int(),
  has_payments: z.boolean(),
  unpaid_instalments: UserImpact.shape.unpaid_instalments,
  unpaid_total_paise: z.number().int(),
});
export type CourseImpact = z.infer<typeof CourseImpact>;
