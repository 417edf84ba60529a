import { BatchRef } from './delivery.ts';
import { PublicSuccessStory } from './stories.ts';
import { z } from 'zod';
import { DateTime, Id } from './entity-fields.ts';
import { Category, CourseType, Level, ResourceType, Role, Status, TargetAudience } from './enums.ts';

/**
 * Entities as the API answers them (spec section 3). Field names are the spec's, snake_case. People, the
 * catalogue, enrollments, tokens, error answers and the deployment's config are here; payments in
 * contract/payment-entities.ts, the admin panel's answers in contract/admin-entities.ts.
 */

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
  /** The address was confirmed from its emailed link (decision record 063); a change makes it false again. */
  email_verified: z.boolean(),
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

/** A published success story: the consented items only, the course beside it (contract/stories.ts, decision 079). */
export const SuccessStory = PublicSuccessStory;
export type SuccessStory = PublicSuccessStory;

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

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

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
  /** UPLOAD_MAX_BYTES: the largest file an upload takes (a résumé, an offer letter), shown beside the input. */
  upload_max_bytes: z.number().int(),
});
export type AppConfig = z.infer<typeof AppConfig>;
