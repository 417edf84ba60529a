/**
 * Every column of every table, classified for the data export (decision record 046): `exported` goes into
 * the person's zip (`file`.json and .csv); `notPersonal` holds nothing about a person; `withheld` is personal
 * data deliberately not exported, with the reason. tests/api/privacy.test.ts reads the live catalogue and
 * fails on any column not classified here (a new table or column must be), or exported but not in the zip.
 * The person's own tables are here; money, security and the institute's tables are classified in the
 * personal-data-money.ts, personal-data-security.ts and personal-data-institute.ts beside this file.
 */
import { STAFF, type TableClass } from './class.ts';
import { ASSESSMENT_DATA } from './assessments.ts';
import { INSTITUTE_DATA } from './institute.ts';
import { MONEY_DATA } from './money.ts';
import { SECURITY_DATA } from './security.ts';
import { NOTIFY_DATA } from './notify.ts';

export const PERSONAL_DATA: Record<string, TableClass> = {
  users: {
    file: 'profile',
    exported: [
      ...['id', 'username', 'email', 'first_name', 'last_name', 'role', 'created_at', 'is_active', 'last_login'],
      'mfa_enabled',
      'email_verified_at',
      'phone',
    ],
    withheld: {
      password_hash: 'a one-way hash of the password: useless to its owner, a risk if copied',
      step_up_at: 'a security check’s time, good for minutes',
      step_up_login: 'which sign-in that check was for: a random key that would let a copy of it pose as that sign-in',
      search_text: 'the name, username and e-mail address above in one lower-case text, for the office’s search',
      payment_count: 'how many payments there are (each is in payments)',
      enrollment_count: 'how many enrollments there are (each is in enrollments)',
    },
  },
  verified_emails: {
    file: 'verified_addresses',
    exported: ['email', 'verified_at', 'released_at'],
    notPersonal: ['id'],
    withheld: { user_id: 'the account itself' },
  },
  consent_events: {
    file: 'consents',
    exported: ['purpose', 'granted', 'notice_version', 'source', 'created_at', 'phone', 'shown_text'],
    notPersonal: ['id'],
    withheld: { user_id: 'the account itself (in profile)', email: 'the address itself (in profile)' },
  },
  age_records: {
    file: 'age',
    exported: ['date_of_birth', 'is_adult', 'parent_name', 'parent_email', 'confirmed_at', 'created_at'],
    withheld: {
      user_id: 'the account itself',
      token_hash: 'a hash of the parent’s link: a secret',
      link_nonce: 'what the parent’s link is derived from: a secret',
    },
  },
  enrollments: {
    file: 'enrollments',
    exported: [
      'id',
      'course_type',
      'course_id',
      'status',
      'is_active',
      'progress_percentage',
      'enrolled_at',
      'updated_at',
      'batch_id',
      'placement_opt_out',
      'placement_opt_out_at',
    ],
    withheld: {
      student_id: 'the account itself',
      calendar_generation: 'the version of the calendar link: part of a secret',
      issue_description: `${STAFF} (the triage of a reported problem); blanked on erasure`,
      admin_notes: STAFF,
      is_urgent: STAFF,
    },
  },
  counseling_requests: {
    file: 'counseling_requests',
    exported: ['id', 'name', 'email', 'phone', 'preferred_date', 'interest', 'message', 'created_at', 'status'],
    withheld: { assignee_id: STAFF, next_follow_up: STAFF },
  },
  counseling_notes: {
    notPersonal: ['id', 'request_id', 'created_at'],
    withheld: { author_id: STAFF, text: `${STAFF}; deleted on erasure` },
  },
  privacy_requests: {
    file: 'privacy_requests',
    exported: ['id', 'kind', 'status', 'reason', 'refusal_reason', 'received_at', 'due_at', 'verified_at', 'closed_at'],
    withheld: { user_id: 'the account itself', handled_by: STAFF },
  },
  outbox: {
    file: 'emails',
    exported: ['template', 'subject', 'status', 'created_at', 'sent_at'],
    notPersonal: ['id', 'message_id', 'attempts', 'next_attempt_at', 'locked_until', 'last_error', 'attachments'],
    withheld: {
      recipients: 'the address itself (in profile) and any other addressee',
      text_body: 'the email’s text, kept only for the retention period; its subject and time are exported',
      html_body: 'the same text as HTML',
    },
  },
  lesson_completions: {
    file: 'lesson_progress',
    exported: ['lesson_id', 'completed_at'],
    withheld: { student_id: 'the account itself' },
  },
  session_attendance: {
    file: 'attendance',
    exported: ['session_id', 'present', 'marked_at'],
    withheld: { student_id: 'the account itself', marked_by: STAFF },
  },
  assignment_submissions: {
    file: 'assignment_submissions',
    exported: [
      ...['id', 'assignment_id', 'text', 'file_name', 'file_type', 'file_size', 'submitted_at', 'is_late'],
      ...['marks', 'feedback', 'graded_at'],
    ],
    withheld: {
      student_id: 'the account itself',
      file: 'the stored file’s random name (the file itself is downloadable from the course page)',
      graded_by: STAFF,
    },
  },
  certificates: {
    file: 'certificates',
    exported: [
      ...['id', 'number', 'code', 'enrollment_id', 'program_id', 'batch_id', 'student_name', 'program_title'],
      ...['batch_name', 'starts_on', 'ends_on', 'hours', 'instructor_name', 'issued_on', 'issued_at', 'status'],
      ...['revoked_at', 'revoked_reason'],
    ],
    withheld: { student_id: 'the account itself', issued_by: STAFF, revoked_by: STAFF },
  },
  session_reminders: {
    file: 'class_reminders',
    exported: ['session_id', 'offset_hours', 'sent_at'],
    withheld: { student_id: 'the account itself' },
  },
  ...MONEY_DATA,
  ...SECURITY_DATA,
  ...INSTITUTE_DATA,
  ...ASSESSMENT_DATA,
  ...NOTIFY_DATA,
};

/** Tables that are the migration tool's own. */
export const UNCLASSIFIED_TABLES = ['kysely_migration', 'kysely_migration_lock'];
