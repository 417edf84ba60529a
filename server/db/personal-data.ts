/**
 * Every column of every table, classified for the data export (decision record 046): `exported` goes into
 * the person's zip (`file`.json and .csv); `notPersonal` holds nothing about a person; `withheld` is personal
 * data deliberately not exported, with the reason. tests/api/privacy.test.ts reads the live catalogue and
 * fails on any column not classified here (a new table or column must be), or exported but not in the zip.
 */
import { INSTITUTE_DATA } from './personal-data-institute.ts';

export type TableClass = {
  file?: string;
  exported?: readonly string[];
  notPersonal?: readonly string[];
  withheld?: Readonly<Record<string, string>>;
};

const STAFF = 'written by staff about the institute’s work';

export const PERSONAL_DATA: Record<string, TableClass> = {
  users: {
    file: 'profile',
    exported: [
      ...['id', 'username', 'email', 'first_name', 'last_name', 'role', 'created_at', 'is_active', 'last_login'],
      'mfa_enabled',
    ],
    withheld: {
      password_hash: 'a one-way hash of the password: useless to its owner, a risk if copied',
      step_up_at: 'a security check’s time, good for minutes',
      step_up_login: 'which sign-in that check was for: a random key that would let a copy of it pose as that sign-in',
    },
  },
  consent_events: {
    file: 'consents',
    exported: ['purpose', 'granted', 'notice_version', 'source', 'created_at'],
    notPersonal: ['id'],
    withheld: { user_id: 'the account itself (in profile)', email: 'the address itself (in profile)' },
  },
  age_records: {
    file: 'age',
    exported: ['date_of_birth', 'is_adult', 'parent_name', 'parent_email', 'confirmed_at', 'created_at'],
    withheld: { user_id: 'the account itself', token_hash: 'a hash of the parent’s link: a secret' },
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
    ],
    withheld: {
      student_id: 'the account itself',
      calendar_generation: 'the version of the calendar link: part of a secret',
      issue_description: `${STAFF} (the triage of a reported problem); blanked on erasure`,
      admin_notes: STAFF,
      is_urgent: STAFF,
    },
  },
  payments: {
    file: 'payments',
    exported: [
      'id',
      'course_type',
      'course_id',
      'status',
      'amount',
      'payment_method',
      'billing_first_name',
      'billing_last_name',
      'billing_email',
      'billing_phone',
      'billing_state_code',
      'billing_address',
      'billing_gstin',
      'billing_gstin_name',
      'total_paise',
      'failure_reason',
      'created_at',
      'completed_at',
      'updated_at',
      'batch_id',
      'gateway_order_id',
      'gateway_payment_id',
      'refunded_amount',
      'coupon_code',
      'discount_paise',
      'plan_id',
      'instalment_id',
    ],
    notPersonal: ['coupon_id'],
    withheld: {
      student_id: 'the account itself',
      admin_notes: STAFF,
      is_urgent: STAFF,
      order_claimed_at: 'an internal lock time',
    },
  },
  refunds: {
    file: 'refunds',
    exported: ['id', 'payment_id', 'amount', 'reason', 'status', 'gateway_refund_id', 'created_at', 'updated_at'],
    withheld: {
      idempotency_key: 'an internal key',
      revoke_access: STAFF,
      error: 'the gateway’s internal error text',
      created_by: 'the administrator who refunded (staff data)',
    },
  },
  tax_documents: {
    file: 'invoices_and_credit_notes',
    exported: [
      'id',
      'kind',
      'number',
      'payment_id',
      'refund_id',
      'invoice_id',
      'financial_year',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
      'igst_paise',
      'total_paise',
      'data',
      'issued_at',
    ],
    withheld: { student_id: 'the account itself' },
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
  refresh_families: {
    notPersonal: ['generation'],
    withheld: {
      family: 'a login’s secret key',
      user_id: 'the account itself',
      created_at: 'session bookkeeping',
      expires_at: 'session bookkeeping',
      rotated_at: 'session bookkeeping',
      revoked_at: 'session bookkeeping',
    },
  },
  password_resets: {
    notPersonal: ['id'],
    withheld: {
      user_id: 'the account itself',
      token_hash: 'a secret',
      link_nonce: 'a secret',
      expires_at: 'deleted by the retention job',
      used_at: 'deleted by the retention job',
      created_at: 'deleted by the retention job',
    },
  },
  rate_events: {
    notPersonal: ['id', 'created_at'],
    withheld: { key: 'a rate-limit key (username or address), kept 24 hours' },
  },
  audit_log: {
    notPersonal: ['id', 'action', 'entity', 'entity_id', 'created_at'],
    withheld: { actor_id: 'the staff member who acted', changes: `${STAFF}: the record of what staff changed` },
  },
  gateway_events: {
    notPersonal: [
      'id',
      'event_id',
      'source',
      'event',
      'gateway_order_id',
      'gateway_payment_id',
      'payment_id',
      'amount',
      'outcome',
      'flag',
      'detail',
      'resolved_at',
      'resolution',
      'resolution_note',
      'created_at',
    ],
    withheld: { payload: 'the gateway’s raw message (its facts are in payments)', resolved_by: STAFF },
  },
  incidents: {
    notPersonal: [
      'id',
      'aware_at',
      'data_categories',
      'people_affected',
      'description',
      'notice_text',
      'notified_at',
      'notified_count',
      'created_at',
    ],
    withheld: { affected_emails: 'other people’s addresses', created_by: STAFF },
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
  coupons: {
    // Coupons with a code are the institute's offers; a row with a student is that student's scholarship.
    file: 'scholarships',
    exported: ['id', 'kind', 'value', 'courses', 'reason', 'is_active', 'created_at'],
    notPersonal: ['code', 'code_key', 'starts_at', 'ends_at', 'max_uses', 'max_uses_per_student'],
    withheld: {
      ...{ min_amount_paise: 'an offer’s condition', updated_at: STAFF },
      ...{ student_id: 'the account itself', created_by: STAFF },
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
  instalments: {
    file: 'instalments',
    exported: [
      'id',
      'enrollment_id',
      'plan_id',
      'number',
      'amount',
      'due_on',
      'status',
      'paid_at',
      'suspended_at',
      'discount_paise',
      'coupon_code',
      'created_at',
      'updated_at',
    ],
  },
  instalment_reminders: {
    file: 'instalment_reminders',
    exported: ['instalment_id', 'kind', 'sent_at'],
  },
  session_reminders: {
    file: 'class_reminders',
    exported: ['session_id', 'offset_hours', 'sent_at'],
    withheld: { student_id: 'the account itself' },
  },
  totp_credentials: {
    withheld: {
      user_id: 'the account itself',
      secret_encrypted: 'the authenticator app’s secret: never shown again after set-up',
      confirmed_at: 'security set-up, shown on the account page',
      last_step: 'security bookkeeping (a code is never accepted twice)',
      created_at: 'security set-up, shown on the account page',
    },
  },
  recovery_codes: {
    notPersonal: ['id'],
    withheld: {
      user_id: 'the account itself',
      code_hash: 'a secret',
      used_at: 'a secret’s use',
      created_at: 'a secret’s age',
    },
  },
  auth_challenges: {
    withheld: {
      ...{ token_hash: 'a secret', purpose: 'a sign-in step', user_id: 'the account itself', challenge: 'a secret' },
      ...{ attempts: 'a sign-in step', expires_at: 'minutes', used_at: 'minutes', created_at: 'minutes' },
    },
  },
  webauthn_credentials: {
    withheld: {
      ...{ id: 'a passkey’s identifier', user_id: 'the account itself', name: 'listed on the account page' },
      ...{
        public_key: 'a passkey’s key',
        counter: 'a passkey’s signature counter',
        transports: 'a passkey’s transports',
      },
      ...{ created_at: 'listed on the account page', last_used_at: 'listed on the account page' },
    },
  },
  ...INSTITUTE_DATA,
};

/** Tables that are the migration tool's own. */
export const UNCLASSIFIED_TABLES = ['kysely_migration', 'kysely_migration_lock'];
