import type { Readable } from 'node:stream';
import {
  COURSE_TYPE_LABELS,
  istDateTime,
  paiseToRupees,
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  type AdminPaymentQuery,
  type AdminRecordQuery,
  type AdminUserListQuery,
  type CounselingListQuery,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { csvStream } from '../../platform/lib/csv.ts';
import { createCounselingRepository } from './repositories/counseling.ts';
import { recordFilters } from './reads.ts';
import { usersAfter } from '../accounts/index.ts';
import { enrollmentsAfter } from '../enrollments/index.ts';
import { paymentsAfter } from '../payments/index.ts';

/**
 * CSV exports of the admin lists with the lists' own filters (issue 11): streamed a batch at a time,
 * UTF-8 with a BOM, dates in IST ("YYYY-MM-DD HH:MM"), amounts as plain whole rupees. Each export is
 * audited (who, which list, which filters) before the first byte goes out. The route sends the stream.
 */

/** Rows read a query at a time while the CSV streams. */
const batch = 1000;

const ist = (iso: string | null) => (iso ? istDateTime(iso) : '');
const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const courseTitle = (row: { course_type: string; program_title: string | null; workshop_title: string | null }) =>
  (row.course_type === 'program' ? row.program_title : row.workshop_title) ?? '';

/** The plan a payment paid by, with its instalment's number once the schedule exists; empty for none. */
const planLabel = (plan: string | null, number: number | null) =>
  plan ? (number !== null ? `${plan}, instalment ${number}` : plan) : '';

export type CsvExport = { list: string; stream: Readable };

/** The audit row of an export (who, which list, which filters), then the export itself. */
async function audited(db: Db, admin: UserRow, list: string, entity: string, filters: object, stream: Readable) {
  await createAuditRepository(db).record({
    actorId: admin.id,
    action: 'export',
    entity,
    entityId: null,
    changes: { list, filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) },
  });
  return { list, stream };
}

export async function paymentsCsv(db: Db, admin: UserRow, q: AdminPaymentQuery): Promise<CsvExport> {
  const filters = recordFilters(q);
  const stream = csvStream(
    [
      'ID',
      'Created (IST)',
      'Username',
      'Student',
      'Email',
      'Course type',
      'Course ID',
      'Course',
      'Amount (INR)',
      'Method',
      'Status',
      'Failure reason',
      'Urgent',
      'Completed (IST)',
      'Admin notes',
      // Decision records 053 and 054: the coupon's code ("scholarship" for one), the discount, and the
      // instalment plan with the instalment's number ("Pay in 3, instalment 2").
      'Coupon',
      'Discount (INR)',
      'Plan',
    ],
    (after) => paymentsAfter(db, filters, after, batch),
    (row) => [
      row.id,
      ist(row.created_at),
      row.student_username,
      fullName(row.student_first_name, row.student_last_name),
      row.student_email,
      COURSE_TYPE_LABELS[row.course_type],
      row.course_id,
      courseTitle(row),
      row.amount,
      row.payment_method,
      PAYMENT_STATUS_LABELS[row.status],
      row.failure_reason ?? '',
      Boolean(row.is_urgent),
      ist(row.completed_at),
      row.admin_notes,
      row.coupon_code ?? (row.discount_paise > 0 ? 'scholarship' : ''),
      paiseToRupees(row.discount_paise),
      planLabel(row.instalment_plan_name ?? row.chosen_plan_name, row.instalment_number),
    ],
  );
  return audited(db, admin, 'payments', 'payment', filters, stream);
}

export async function enrollmentsCsv(db: Db, admin: UserRow, q: AdminRecordQuery): Promise<CsvExport> {
  const filters = recordFilters(q);
  const stream = csvStream(
    [
      'ID',
      'Enrolled (IST)',
      'Username',
      'Student',
      'Email',
      'Course type',
      'Course ID',
      'Course',
      'Status',
      'Active',
      'Progress (%)',
      'Urgent',
      'Issue',
      'Admin notes',
    ],
    (after) => enrollmentsAfter(db, filters, after, batch),
    (row) => [
      row.id,
      ist(row.enrolled_at),
      row.student_username,
      fullName(row.student_first_name, row.student_last_name),
      row.student_email,
      COURSE_TYPE_LABELS[row.course_type],
      row.course_id,
      courseTitle(row),
      STATUS_LABELS[row.status],
      Boolean(row.is_active),
      row.progress_percentage,
      Boolean(row.is_urgent),
      row.issue_description,
      row.admin_notes,
    ],
  );
  return audited(db, admin, 'enrollments', 'enrollment', filters, stream);
}

export async function usersCsv(db: Db, admin: UserRow, q: AdminUserListQuery): Promise<CsvExport> {
  const filters = { search: q.search, role: q.role, is_active: q.is_active };
  const stream = csvStream(
    ['ID', 'Username', 'First name', 'Last name', 'Email', 'Role', 'Active', 'Joined (IST)', 'Last login (IST)'],
    (after) => usersAfter(db, filters, after, batch),
    (row) => [
      row.id,
      row.username,
      row.first_name,
      row.last_name,
      row.email,
      row.role,
      Boolean(row.is_active),
      ist(row.created_at),
      ist(row.last_login),
    ],
  );
  return audited(db, admin, 'users', 'user', filters, stream);
}

export async function counselingCsv(db: Db, admin: UserRow, q: CounselingListQuery): Promise<CsvExport> {
  const filters = { status: q.status, assignee: q.assignee, search: q.search };
  const stream = csvStream(
    [
      'ID',
      'Received (IST)',
      'Name',
      'Email',
      'Phone',
      'Preferred date',
      'Interest',
      'Message',
      'Status',
      'Assignee',
      'Next follow-up',
      'Notes',
    ],
    (after) => createCounselingRepository(db).batchAfter(filters, after, batch),
    (row) => [
      row.id,
      ist(row.created_at),
      row.name,
      row.email,
      row.phone,
      row.preferred_date ?? '',
      row.interest,
      row.message,
      row.status,
      row.assignee_username ?? '',
      row.next_follow_up ?? '',
      row.notes_count,
    ],
  );
  return audited(db, admin, 'counseling-requests', 'counseling_request', filters, stream);
}
