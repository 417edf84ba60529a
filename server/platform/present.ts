import {
  durationMonths,
  STAFF_ONLY_FIELDS,
  type AuditEntry,
  type CounselingRequest,
  type Enrollment,
  type Faculty,
  type OutboxEmail,
  type Payment,
  type PersonName,
  type Program,
  type Resource,
  type ResourceType,
  type Category,
  type Level,
  type TargetAudience,
  type Testimonial,
  type User,
  type Workshop,
} from '../../contract/index.ts';
import type { FacultyRow, OutboxRow, TestimonialRow, UserRow } from './db/schema.ts';
import type { ProgramWithInstructor } from '../domains/catalogue/repositories/programs.ts';
import type { WorkshopWithInstructor } from '../domains/catalogue/repositories/workshops.ts';
import type { ResourceWithAuthor } from '../domains/catalogue/repositories/content.ts';
import type { EnrollmentView } from '../domains/enrollments/repository.ts';
import type { PaymentAnswerRow } from '../domains/payments/repositories/payment-answers.ts';
import type { Selectable } from 'kysely';
import type { AuditLogTable, CounselingRequestsTable } from './db/schema.ts';
import { paymentTotalPaise } from '../../contract/money.ts';

/** Rows to the contract's entities: the one place where storage shapes become API shapes. */

const bool = (value: number | boolean): boolean => Boolean(value);

function person(first: string | null, last: string | null): PersonName | null {
  return first === null && last === null ? null : { first_name: first ?? '', last_name: last ?? '' };
}

export function toUser(row: UserRow): User {
  const role = row.role ?? 'student';
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    email_verified: Boolean(row.email_verified_at),
    first_name: row.first_name,
    last_name: row.last_name,
    profile: { role, is_admin: role === 'admin', is_instructor: role === 'instructor', is_student: role === 'student' },
  };
}

export function toProgram(row: ProgramWithInstructor): Program {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    level: row.level as Level,
    category: row.category as Category,
    target_audience: row.target_audience as TargetAudience,
    price: row.price,
    original_price: row.original_price,
    duration_weeks: row.duration_weeks,
    duration_months: durationMonths(row.duration_weeks),
    avg_salary: row.avg_salary,
    is_featured: bool(row.is_featured),
    is_flagship: bool(row.is_flagship),
    is_active: bool(row.is_active),
    instructor: person(row.instructor_first_name, row.instructor_last_name),
    instructor_id: row.instructor_id,
  };
}

export function toWorkshop(row: WorkshopWithInstructor): Workshop {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    instructor: person(row.instructor_first_name, row.instructor_last_name),
    date: row.date,
    duration_hours: Number(row.duration_hours),
    price: row.price,
    is_free: row.price === 0,
    is_live: bool(row.is_live),
    current_participants: row.current_participants,
    max_participants: row.max_participants,
    is_active: bool(row.is_active),
    instructor_id: row.instructor_id,
  };
}

export function toFaculty(row: FacultyRow): Faculty {
  return {
    id: row.id,
    user: { first_name: row.first_name, last_name: row.last_name, email: row.email },
    expertise: row.expertise,
    experience_years: row.experience_years,
    previous_companies: row.previous_companies,
    bio: row.bio,
    linkedin_url: row.linkedin_url,
    is_featured: bool(row.is_featured),
  };
}

export function toResource(row: ResourceWithAuthor): Resource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    author: person(row.author_first_name, row.author_last_name),
    resource_type: row.resource_type as ResourceType,
    external_url: row.external_url,
    file: row.file,
    is_featured: bool(row.is_featured),
    author_id: row.author_id,
  };
}

export function toTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    title: row.title,
    name: row.name,
    description: row.description,
    is_featured: bool(row.is_featured),
  };
}

function student(row: EnrollmentView | PaymentAnswerRow) {
  return {
    id: row.student_id,
    username: row.student_username,
    first_name: row.student_first_name,
    last_name: row.student_last_name,
    email: row.student_email,
  };
}

export function toEnrollment(row: EnrollmentView): Enrollment {
  const isProgram = row.course_type === 'program';
  return {
    id: row.id,
    course: row.course_id,
    course_type: row.course_type,
    is_active: bool(row.is_active),
    student: student(row),
    program: isProgram ? { id: row.course_id, title: row.program_title ?? '' } : null,
    workshop: isProgram ? null : { id: row.course_id, title: row.workshop_title ?? '' },
    status: row.status,
    enrolled_at: row.enrolled_at,
    progress_percentage: row.progress_percentage,
    issue_description: row.issue_description,
    admin_notes: row.admin_notes,
    is_urgent: bool(row.is_urgent),
    batch:
      row.batch_id === null
        ? null
        : {
            id: row.batch_id,
            name: row.batch_name ?? '',
            starts_on: row.batch_starts_on ?? '',
            ends_on: row.batch_ends_on ?? '',
          },
  };
}

export function toPayment(row: PaymentAnswerRow): Payment {
  const isProgram = row.course_type === 'program';
  return {
    id: row.id,
    course: row.course_id,
    course_type: row.course_type,
    status: row.status,
    amount: row.amount,
    refunded_amount: row.refunded_amount,
    refunded_paise: Number(row.refunded_paise),
    student: student(row),
    program_title: isProgram ? (row.program_title ?? '') : null,
    workshop_title: isProgram ? null : (row.workshop_title ?? ''),
    payment_method: row.payment_method,
    created_at: row.created_at,
    completed_at: row.completed_at,
    failure_reason: row.failure_reason,
    admin_notes: row.admin_notes,
    is_urgent: bool(row.is_urgent),
    total_paise: paymentTotalPaise(row),
    discount_paise: Number(row.discount_paise),
    coupon_code: row.coupon_code,
    plan_name: row.plan_name,
    instalment_number: row.instalment_id === null ? null : Number(row.instalment_number),
    instalment_count: row.instalment_id === null ? null : Number(row.instalment_count),
    gateway_payment_id: row.gateway_payment_id,
    billing_state_code: row.billing_state_code,
    billing_gstin: row.billing_gstin,
    invoice_number: row.invoice_number,
  };
}

export type CounselingNoteRow = { text: string; created_at: string; author: string | null };

export function toCounselingRequest(
  row: Selectable<CounselingRequestsTable>,
  notes: CounselingNoteRow[] = [],
): CounselingRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    preferred_date: row.preferred_date,
    interest: row.interest,
    message: row.message,
    created_at: row.created_at,
    status: row.status,
    assignee: row.assignee_id,
    next_follow_up: row.next_follow_up,
    notes: notes.map((n) => ({ at: n.created_at, author: n.author, text: n.text })),
  };
}

export function toAuditEntry(row: Selectable<AuditLogTable> & { actor_username: string | null }): AuditEntry {
  let changes: Record<string, unknown> = {};
  try {
    changes = JSON.parse(row.changes) as Record<string, unknown>;
  } catch {
    changes = {};
  }
  return {
    id: row.id,
    actor:
      row.actor_id !== null && row.actor_username !== null ? { id: row.actor_id, username: row.actor_username } : null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    changes,
    created_at: row.created_at,
  };
}

/**
 * An outbox row for the admin Outbox view: attachments by their file name (the PDF itself is made when
 * sent; rows written before names were kept show the document's id). A reset link is no attachment.
 */
export function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    template: row.template,
    recipients: JSON.parse(row.recipients) as string[],
    subject: row.subject,
    text_body: row.text_body,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    attachments: (JSON.parse(row.attachments) as { kind: string; id: number; filename?: string }[])
      .filter((a) => a.kind === 'tax_document' || a.kind === 'certificate')
      .map((a) => a.filename ?? `${a.kind === 'certificate' ? 'certificate' : 'tax document'} #${a.id}`),
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

type StaffOnlyField = (typeof STAFF_ONLY_FIELDS)[number];

/**
 * A student's own answer (their payments, enrollments, a payment start or completion): the office's
 * fields (STAFF_ONLY_FIELDS: notes, urgency, issue) left out, at the top level and in a completion's
 * payment and enrollment. The one place student answers lose them (issue 32).
 */
export function forStudent<T extends object>(answer: T): Omit<T, StaffOnlyField> {
  const copy = { ...answer } as Record<string, unknown>;
  for (const field of STAFF_ONLY_FIELDS) delete copy[field];
  for (const part of ['payment', 'enrollment']) {
    const inner = copy[part];
    if (inner && typeof inner === 'object') copy[part] = forStudent(inner);
  }
  return copy as Omit<T, StaffOnlyField>;
}
