import type { Generated, Insertable, Selectable } from 'kysely';
import type { CourseType, FailureReason, PaymentMethod, Role, Status } from '../../contract/index.ts';

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
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  /** The login this token belongs to: the jti of its first refresh token (migration 006). */
  family: string | null;
  /** Set when the token was exchanged for a new one; presenting it again revokes the family. */
  rotated_at: Timestamp | null;
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
}

export interface PaymentsTable {
  id: Generated<number>;
  student_id: number;
  course_type: CourseType;
  course_id: number;
  status: Status;
  amount: number;
  payment_method: PaymentMethod;
  billing_first_name: string | null;
  billing_last_name: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  failure_reason: FailureReason | null;
  admin_notes: string;
  is_urgent: Bool;
  created_at: Timestamp;
  completed_at: Timestamp | null;
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

export interface Database {
  users: UsersTable;
  settings: SettingsTable;
  refresh_tokens: RefreshTokensTable;
  rate_events: RateEventsTable;
  faculty: FacultyTable;
  programs: ProgramsTable;
  workshops: WorkshopsTable;
  success_stories: SuccessStoriesTable;
  resources: ResourcesTable;
  testimonials: TestimonialsTable;
  enrollments: EnrollmentsTable;
  payments: PaymentsTable;
  counseling_requests: CounselingRequestsTable;
  audit_log: AuditLogTable;
  totals: TotalsTable;
}

export type UserRow = Selectable<UsersTable>;
export type FacultyRow = Selectable<FacultyTable>;
export type ProgramRow = Selectable<ProgramsTable>;
export type WorkshopRow = Selectable<WorkshopsTable>;
export type SuccessStoryRow = Selectable<SuccessStoriesTable>;
export type ResourceRow = Selectable<ResourcesTable>;
export type TestimonialRow = Selectable<TestimonialsTable>;
export type EnrollmentRow = Selectable<EnrollmentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type NewEnrollment = Insertable<EnrollmentsTable>;
