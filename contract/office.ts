import { z } from 'zod';
import { COUNSELING_STATUSES, COURSE_TYPES, PAYMENT_STATUSES, ROLES, STATUSES } from './enums.ts';
import { User } from './entities.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, QueryBool } from './list-queries.ts';
import { USERNAME_PATTERN } from './payloads.ts';
import { IDENTITY_MESSAGES, isReservedUsername } from './identity.ts';

/**
 * The office's tools (issue 11): user accounts, list filters and exports, the audit log screen,
 * revenue, the counseling pipeline. Entities, request bodies and query strings, shared by SPA and server.
 */

const DateTime = z.string();

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });

/* ---------- users ---------- */

/** An account as the Users tab sees it: the `me` shape plus its state. */
export const AdminUser = User.extend({
  is_active: z.boolean(),
  date_joined: DateTime,
  last_login: DateTime.nullable(),
  /** A second factor (authenticator app or passkey) is on: the View dialog offers to remove it. */
  mfa_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

const RoleField = oneOf(ROLES, 'Role');
const EmailField = z.email({ error: 'Enter a valid email address.' }).max(254);
const NameField = (label: string) => required(label).max(150, `${label} must be at most 150 characters.`);

/** POST /api/admin/users/ */
export const AdminUserInput = z.object({
  username: required('Username')
    .max(150, 'Username must be at most 150 characters.')
    .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and the characters @ . + - _ (no spaces).')
    .refine((name) => !isReservedUsername(name), IDENTITY_MESSAGES.usernameReserved),
  email: EmailField,
  password: z
    .string({ error: 'Password is required.' })
    .min(8, 'Password must be at least 8 characters.')
    .max(256, 'Password must be at most 256 characters.'),
  first_name: NameField('First name'),
  last_name: NameField('Last name'),
  role: RoleField,
});
export type AdminUserInput = z.input<typeof AdminUserInput>;

/** PATCH /api/admin/users/{id}/ — only the fields sent change. */
export const AdminUserPatch = z.strictObject(
  {
    role: RoleField.optional(),
    is_active: z.boolean({ error: 'Active must be true or false.' }).optional(),
    first_name: NameField('First name').optional(),
    last_name: NameField('Last name').optional(),
    email: EmailField.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only role, is_active, first_name, last_name and email can be changed.'
        : 'Send the fields to change as a JSON object.',
  },
);
export type AdminUserPatch = z.input<typeof AdminUserPatch>;

const Page = {
  page: z.coerce.number({ error: 'Page must be a number.' }).int().min(1, 'Page must be 1 or more.').default(1),
  page_size: z.coerce
    .number({ error: 'Page size must be a number.' })
    .int()
    .min(1, 'Page size must be 1 or more.')
    .max(PAGE_SIZE_MAX, `Page size must be at most ${PAGE_SIZE_MAX}.`)
    .default(PAGE_SIZE_DEFAULT),
};
const Search = z.string().trim().max(200, 'Search must be at most 200 characters.');

export const AdminUserListQuery = z.object({
  ...Page,
  search: Search.optional(),
  role: RoleField.optional(),
  is_active: QueryBool.optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/* ---------- payments and enrollments filters ---------- */

/** A calendar day, read in India Standard Time. */
const IstDate = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD).` });

/** The Payments and Enrollments query string, with the status filter each list takes. */
const recordQuery = <S extends z.ZodType>(status: S) =>
  z
    .object({
      ...Page,
      /** An opaque position from a `next` or `previous` link (keyset pages). */
      cursor: z.string().max(200, 'This page link is not valid.').optional(),
      status: status.optional(),
      is_urgent: QueryBool.optional(),
      search: Search.optional(),
      course_type: oneOf(COURSE_TYPES, 'Course type').optional(),
      course: z.coerce.number({ error: 'Course must be an id.' }).int().positive('Course must be an id.').optional(),
      date_from: IstDate('From date').optional(),
      date_to: IstDate('To date').optional(),
    })
    .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
      message: 'From date must not be after To date.',
      path: ['date_to'],
    });
export const AdminRecordQuery = recordQuery(oneOf(STATUSES, 'Status'));
export type AdminRecordQuery = z.infer<typeof AdminRecordQuery>;

/**
 * The Payments list's status filter: every payment status, and `partly_refunded` (completed, with some of
 * it refunded). `refunded` is a payment refunded in full.
 */
export const PAYMENT_LIST_STATUSES = [...PAYMENT_STATUSES, 'partly_refunded'] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];
export const AdminPaymentQuery = recordQuery(oneOf(PAYMENT_LIST_STATUSES, 'Status'));
export type AdminPaymentQuery = z.infer<typeof AdminPaymentQuery>;

export const OFFICE_MESSAGES = {
  lastAdmin: 'The last active administrator cannot be deactivated or given another role.',
  selfChange: 'You cannot deactivate your own account or change your own role.',
  paymentHasMoney: 'This payment was completed, so it cannot be deleted; resolve it instead (money stays on record).',
  enrollmentHasMoney:
    'This enrollment was paid for, so it cannot be deleted; resolve it to Cancelled instead (money stays on record).',
  fileMissing: 'Choose a file to upload.',
  fileType: 'Upload a PDF, a Word, Excel or PowerPoint file, an OpenDocument file, or a PNG, JPEG, GIF or WebP image.',
  notMultipart: 'Send the file as multipart/form-data, in a field named "file".',
  fileLinkTyped: 'Files are attached with the upload button; a file link cannot be typed in.',
  assigneeNotStaff: 'Assign the request to an active administrator or instructor.',
  resetInactive: 'This account is deactivated: reactivate it before sending a password reset link.',
  resetNoEmail: 'This account has no email address to send a password reset link to.',
} as const;

/** The answer to an administrator's Send password reset (202 `{detail}`). */
export const resetLinkSent = (email: string) => `A password reset link, valid for 30 minutes, was emailed to ${email}.`;

/* ---------- counseling pipeline ---------- */

export const CounselingListQuery = z.object({
  ...Page,
  status: oneOf(COUNSELING_STATUSES, 'Status').optional(),
  /** A user id, or "none" for requests nobody follows yet. */
  assignee: z
    .union([z.literal('none'), z.coerce.number().int().positive()], {
      error: 'Assignee must be a user id or "none".',
    })
    .optional(),
  search: Search.optional(),
});
export type CounselingListQuery = z.infer<typeof CounselingListQuery>;

/** PATCH /api/admin/counseling-requests/{id}/ — only the fields sent change; null clears. */
export const CounselingPatch = z.strictObject(
  {
    status: oneOf(COUNSELING_STATUSES, 'Status').optional(),
    assignee: z
      .number({ error: 'Assignee must be a user id.' })
      .int('Assignee must be a user id.')
      .positive('Assignee must be a user id.')
      .nullable()
      .optional(),
    next_follow_up: z.iso.date({ error: 'Next follow-up must be a date (YYYY-MM-DD).' }).nullable().optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only status, assignee and next_follow_up can be changed.'
        : 'Send the fields to change as a JSON object.',
  },
);
export type CounselingPatch = z.input<typeof CounselingPatch>;

export const CounselingNoteInput = z.object({
  text: required('Note').max(2000, 'Note must be at most 2000 characters.'),
});
export type CounselingNoteInput = z.input<typeof CounselingNoteInput>;

/* ---------- audit log ---------- */

export const AuditLogQuery = z
  .object({
    ...Page,
    /** The acting user's id. */
    actor: z.coerce.number({ error: 'Actor must be a user id.' }).int().positive('Actor must be a user id.').optional(),
    entity: z.string().trim().max(40, 'Entity must be at most 40 characters.').optional(),
    entity_id: z.coerce.number({ error: 'Record must be an id.' }).int().positive('Record must be an id.').optional(),
    action: z.string().trim().max(40, 'Action must be at most 40 characters.').optional(),
    date_from: IstDate('From date').optional(),
    date_to: IstDate('To date').optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: 'From date must not be after To date.',
    path: ['date_to'],
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/* ---------- revenue ---------- */

export const RevenueQuery = z
  .object({
    group: oneOf(['month', 'course'] as const, 'Group').default('month'),
    date_from: IstDate('From date').optional(),
    date_to: IstDate('To date').optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: 'From date must not be after To date.',
    path: ['date_to'],
  });
export type RevenueQuery = z.infer<typeof RevenueQuery>;

/**
 * One row of GET /api/admin/revenue/: completed payments by IST month (key "2026-11") or by course (key
 * "program:3" / "workshop:7"); rupees (whole, but a discount may carry paise). net = gross − refunded.
 */
export const RevenueRow = z.object({
  key: z.string(),
  label: z.string(),
  payments: z.number().int().nonnegative(),
  gross: z.number().int().nonnegative(),
  refunded: z.number().int().nonnegative(),
  /** Rupees (paise as two decimals): gross less discount less refunded (decision record 066). */
  net: z.number(),
  /**
   * Rupees, as the row's other amounts: the discounts (coupons, scholarships) of the row's payments
   * (decision record 053), with their paise as two decimals when there are some (224.85).
   */
  discount: z.number().nonnegative(),
});
export type RevenueRow = z.infer<typeof RevenueRow>;

/** The answer when an upload is larger than the limit (UPLOAD_MAX_BYTES). */
export function fileTooLarge(maxBytes: number): string {
  return `The file is larger than ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB; upload a smaller one.`;
}
