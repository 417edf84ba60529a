import { z } from 'zod';
import {
  Category,
  CourseType,
  FailureReason,
  Level,
  PaymentMethod,
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
});
export type Enrollment = z.infer<typeof Enrollment>;

export const Payment = z.object({
  id: Id,
  course: Id,
  course_type: CourseType,
  status: Status,
  /** Whole rupees, read from the course on the server. */
  amount: z.number().int().nonnegative(),
  student: StudentSummary,
  program_title: z.string().nullable(),
  workshop_title: z.string().nullable(),
  payment_method: PaymentMethod,
  created_at: DateTime,
  completed_at: DateTime.nullable(),
  failure_reason: FailureReason.nullable(),
  admin_notes: z.string(),
  is_urgent: z.boolean(),
});
export type Payment = z.infer<typeof Payment>;

/** POST /classroom/payments/{id}/complete/ answers the completed payment and the enrollment it granted. */
export const PaymentCompletion = z.object({ payment: Payment, enrollment: Enrollment });
export type PaymentCompletion = z.infer<typeof PaymentCompletion>;

export const AdminStats = z.object({
  total_students: z.number().int().nonnegative(),
  total_programs: z.number().int().nonnegative(),
  total_faculty: z.number().int().nonnegative(),
  total_workshops: z.number().int().nonnegative(),
  /** Whole rupees: the sum of completed payments. */
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

/** A free counseling booking made from /contact (design.md deviation 4). */
export const CounselingRequest = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  preferred_date: z.string().nullable(),
  interest: z.string(),
  message: z.string(),
  created_at: DateTime,
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

/** The admin lists' page (design.md section 3). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Error answers (design.md section 3). */
export const ValidationErrorBody = z.record(z.string(), z.array(z.string()));
export const BusinessErrorBody = z.object({ error: z.string() });
export const DetailErrorBody = z.object({ detail: z.string() });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** GET /api/config/: what the SPA needs to know about this deployment. */
export const AppConfig = z.object({
  demo_mode: z.boolean(),
  /** Present only in demo mode: the administrator demo login the Login page's box fills in. */
  demo_credentials: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type AppConfig = z.infer<typeof AppConfig>;
