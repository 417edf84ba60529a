import { z } from 'zod';
import { GST_STATE_CODES, gstinProblem } from './gst.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { personName } from './person-name.ts';
import { AgeFields, ConsentChoices } from './privacy.ts';
import {
  CATEGORIES,
  FAILURE_REASONS,
  LEVELS,
  PAYMENT_METHODS,
  RESOURCE_TYPES,
  STATUSES,
  TARGET_AUDIENCES,
} from './enums.ts';

/**
 * Request bodies and query strings. The server validates every request with these; the SPA's forms
 * validate with the same schemas, so a message a user sees in the browser is the server's message too.
 */

/*
 * The one rule for every text input: no C0 control character (NUL, escape, backspace, ...) and no DEL.
 * Single-line fields refuse tab and line breaks too; multi-line fields (descriptions, messages, notes)
 * keep tab, line feed and carriage return. PostgreSQL refuses NUL in text, and no person types them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters (such as NUL) from this text.';
export const LINE_BREAKS_MESSAGE = 'This text must be on one line, without control characters (such as NUL).';
/** A single-line string (not trimmed: passwords and tokens are taken as sent). */
const line = (params?: { error: string }) => z.string(params).regex(SINGLE_LINE, LINE_BREAKS_MESSAGE);
const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(SINGLE_LINE, LINE_BREAKS_MESSAGE)
    .min(1, `${label} is required.`);
/** A required text that may span lines (a program's description). */
const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE)
    .min(1, `${label} is required.`);
/** An enum field whose error names the field and its choices. */
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });
/** Which of a field's two messages: empty (or absent) is "required", anything else is the format message. */
const requiredOr = (required: string, format: string) => (issue: { input?: unknown }) =>
  typeof issue.input !== 'string' || !issue.input.trim() ? required : format;

/** An email address. Required: empty is "Email is required.", a bad one "Enter a valid email address.". */
const emailAddress = () => z.email({ error: FIELD_MESSAGES.email });
const requiredEmail = () => z.email({ error: requiredOr(FIELD_MESSAGES.emailRequired, FIELD_MESSAGES.email) });

/** Spaces, dashes and a leading +91 or 0 are how people write an Indian mobile; the number is what is left. */
export function normalizeIndianMobile(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '');
}
const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
/** A 10-digit Indian mobile number, however it was written (+91, spaces); parsed to the bare ten digits. */
const indianMobile = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeIndianMobile(value) : value),
    z
      .string({ error: FIELD_MESSAGES.phoneRequired })
      .regex(INDIAN_MOBILE_PATTERN, { error: requiredOr(FIELD_MESSAGES.phoneRequired, FIELD_MESSAGES.phone) }),
  );

/** An optional text that may span lines. */
const optionalText = (max = 5000) =>
  z.string().trim().regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE).max(max).default('');
/** An optional one-line text (a name, a company, a salary figure). */
const optionalLine = (max: number) => z.string().trim().regex(SINGLE_LINE, LINE_BREAKS_MESSAGE).max(max).default('');
const Level = oneOf(LEVELS, 'Level');
const Category = oneOf(CATEGORIES, 'Category');
const TargetAudience = oneOf(TARGET_AUDIENCES, 'Target audience');
const ResourceType = oneOf(RESOURCE_TYPES, 'Resource type');
const PaymentMethod = oneOf(PAYMENT_METHODS, 'Payment method');
const Status = oneOf(STATUSES, 'Status');
const FailureReason = oneOf(FAILURE_REASONS, 'Failure reason');
const wholeRupees = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number of rupees.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} is too large.`);
/** A faculty member's id (instructor or author). Omitted on update: unchanged; null: none. */
const facultyRef = (label: string) =>
  z
    .number({ error: `${label} must be a faculty member's id.` })
    .int(`${label} must be a faculty member's id.`)
    .positive(`${label} must be a faculty member's id.`)
    .nullable()
    .optional();
const urlOrEmpty = (label: string) =>
  z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: `${label} must be a valid http(s) URL.` })
        .regex(SINGLE_LINE, LINE_BREAKS_MESSAGE),
    ])
    .default('');

export const LoginInput = z.object({
  username: required('Username').max(150),
  password: line({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RefreshInput = z.object({
  refresh: line({ error: 'Refresh token is required.' }).min(1, 'Refresh token is required.'),
});
export type RefreshInput = z.infer<typeof RefreshInput>;
export const LogoutInput = RefreshInput;
export type LogoutInput = RefreshInput;

export const USERNAME_PATTERN = /^[\w.@+-]+$/;
/** A new password: sign-up, a reset and a change take the same rule. */
export const NewPassword = line({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(256, 'Password must be at most 256 characters.');

export const RegisterInput = z.object({
  username: required('Username')
    .max(150, 'Username must be at most 150 characters.')
    .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and @ . + - _'),
  email: emailAddress(),
  password: NewPassword,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  /** Data protection (optional, additive): the age answer and the notice and purposes consented to. */
  ...AgeFields,
  consents: ConsentChoices.optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

/** "Forgot password?": the address of the account (the answer is the same whether or not one has it). */
export const PasswordResetRequestInput = z.object({ email: emailAddress() });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;
/** The new password, with the sign-up rules, and the token from the emailed link. */
export const PasswordResetConfirmInput = z.object({
  token: line({ error: 'This reset link is invalid or has expired.' }).min(1).max(200),
  password: RegisterInput.shape.password,
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInput>;

/** Admin program form (spec section 5). */
export const ProgramInput = z.object({
  title: required('Title').max(200),
  subtitle: optionalLine(300),
  description: requiredText('Description'),
  level: Level,
  category: Category,
  target_audience: TargetAudience,
  price: wholeRupees('Price'),
  original_price: wholeRupees('Original price').nullable().default(null),
  duration_weeks: z
    .number({ error: 'Duration must be a number of weeks.' })
    .int('Duration must be a whole number of weeks.')
    .min(1, 'Duration must be at least 1 week.')
    .max(520),
  avg_salary: optionalLine(50),
  is_featured: z.boolean().default(false),
  is_flagship: z.boolean().default(false),
  is_active: z.boolean().default(true),
  instructor_id: facultyRef('Instructor'),
});
export type ProgramInput = z.input<typeof ProgramInput>;

/** Admin faculty form (spec section 5). */
export const FacultyInput = z.object({
  first_name: required('First name').max(150),
  last_name: required('Last name').max(150),
  email: emailAddress(),
  expertise: required('Expertise').max(300),
  experience_years: z.number({ error: 'Experience must be a number of years.' }).int().min(0).max(70),
  previous_companies: optionalText(1000),
  bio: optionalText(),
  linkedin_url: urlOrEmpty('LinkedIn URL'),
  is_featured: z.boolean().default(false),
});
export type FacultyInput = z.input<typeof FacultyInput>;

/**
 * The spec's "generic admin form" (title required, description optional), with each entity's own
 * fields beside it so an administrator can set what the public pages show (docs/deviations.md).
 */
export const WorkshopInput = z.object({
  title: required('Title').max(200),
  description: optionalText(),
  date: z.iso.datetime({ offset: true, error: 'Date must be an ISO date-time.' }),
  duration_hours: z
    .number({ error: 'Duration must be a number of hours.' })
    .positive('Duration must be more than 0 hours.')
    .max(200),
  price: wholeRupees('Price'),
  is_live: z.boolean().default(false),
  max_participants: z
    .number({ error: 'Maximum participants must be a number.' })
    .int()
    .min(1, 'Maximum participants must be at least 1.')
    .max(100_000),
  is_active: z.boolean().default(true),
  instructor_id: facultyRef('Instructor'),
});
export type WorkshopInput = z.input<typeof WorkshopInput>;

export const TestimonialInput = z.object({
  title: required('Title').max(200),
  description: optionalText(),
  name: optionalLine(150),
  is_featured: z.boolean().default(false),
});
export type TestimonialInput = z.input<typeof TestimonialInput>;

/** A success story's "title" is the student's name. */
export const SuccessStoryInput = z.object({
  student_name: required('Student name').max(150),
  placement_company_name: optionalLine(200),
  designation: optionalLine(200),
  salary: optionalLine(50),
  story: optionalText(),
  is_featured: z.boolean().default(false),
});
export type SuccessStoryInput = z.input<typeof SuccessStoryInput>;

export const ResourceInput = z.object({
  title: required('Title').max(200),
  description: optionalText(),
  resource_type: ResourceType.default('article'),
  external_url: urlOrEmpty('External URL'),
  file: optionalLine(500),
  is_featured: z.boolean().default(false),
  author_id: facultyRef('Author'),
});
export type ResourceInput = z.input<typeof ResourceInput>;

/** The person paying, as checkout collects them (the checkout form validates with these same fields). */
export const BillingInput = z
  .object({
    first_name: required('First name').max(150),
    last_name: required('Last name').max(150),
    email: requiredEmail(),
    phone: indianMobile(),
    /** GST state code of the billing address: the place of supply (absent: the institute's state). */
    state_code: z
      .union([z.enum(GST_STATE_CODES), z.literal(''), z.null()], { error: 'Choose a state or union territory.' })
      .optional()
      .transform((v) => v || null),
    address: z
      .string()
      .trim()
      .regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE)
      .max(500, 'Keep the address under 500 characters.')
      .default(''),
    /** An employer's GSTIN, when the employer pays: its first two digits must be the state's code. */
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v || null),
    gstin_name: optionalLine(200),
  })
  .superRefine((value, issues) => {
    if (!value.gstin) return;
    if (!value.state_code) {
      issues.addIssue({ code: 'custom', path: ['state_code'], message: 'Choose the state of this GSTIN.' });
      return;
    }
    const problem = gstinProblem(value.gstin, value.state_code);
    if (problem) issues.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    if (!value.gstin_name) {
      issues.addIssue({ code: 'custom', path: ['gstin_name'], message: 'Legal name on the GSTIN is required.' });
    }
  });

/** The student dashboard sends {payment_method: "credit_card"}; checkout also sends billing details. */
export const PaymentStartInput = z.object({
  payment_method: PaymentMethod.default('credit_card'),
  billing: BillingInput.optional(),
  consents: ConsentChoices.optional(),
  /** The batch (cohort) to join: required when the program has an open batch (contract/delivery.ts). */
  batch: z.number({ error: 'Choose a batch to join.' }).int().positive().nullable().optional(),
  /** A coupon code (decision record 053): the server decides the discount again; a scholarship needs none. */
  coupon: z.string().trim().max(100).nullable().optional(),
  /** An instalment plan of the program (contract/instalments.ts); null or absent: pay in full. */
  plan: z.number({ error: 'plan must be a plan id or null.' }).int().positive().nullable().optional(),
});
export type PaymentStartInput = z.input<typeof PaymentStartInput>;

/** Razorpay Checkout's success handler fields, passed on as they came (issue 9). */
export const PaymentVerifyInput = z.object({
  razorpay_order_id: line({ error: 'razorpay_order_id is required.' }).min(1).max(100),
  razorpay_payment_id: line({ error: 'razorpay_payment_id is required.' }).min(1).max(100),
  razorpay_signature: line({ error: 'razorpay_signature is required.' }).min(1).max(200),
});
export type PaymentVerifyInput = z.input<typeof PaymentVerifyInput>;

/** POST /api/admin/payments/{id}/refund/: amount in whole rupees, the full remainder when absent. */
export const RefundInput = z.object({
  amount: z
    .number({ error: 'Amount must be a whole number of rupees.' })
    .int('Amount must be a whole number of rupees.')
    .positive('Amount must be at least ₹1.')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  reason: required('Reason').max(500),
  revoke_access: z.boolean({ error: 'Say whether access is revoked.' }),
});
export type RefundInput = z.input<typeof RefundInput>;

/** POST /api/admin/reconciliation/{id}/resolve/: what the office did about a flagged event. */
export const ReconciliationActionInput = z.object({
  action: z.enum(['grant', 'refund', 'resolve'], { error: 'Choose grant, refund or resolve.' }),
  note: required('Note').max(2000),
});
export type ReconciliationActionInput = z.input<typeof ReconciliationActionInput>;

/** Resolve form (spec section 5). Empty strings from the form mean "none". */
export const ResolveInput = z.object({
  status: Status,
  admin_notes: optionalText(),
  failure_reason: z
    .union([FailureReason, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  issue_description: optionalText(),
  is_urgent: z.boolean().default(false),
});
export type ResolveInput = z.input<typeof ResolveInput>;

export const CounselingInput = z.object({
  name: personName('Name'),
  email: emailAddress(),
  phone: indianMobile(),
  preferred_date: z
    .union([z.iso.date({ error: 'Preferred date must be a date.' }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  interest: optionalLine(200),
  message: optionalText(2000),
  consents: ConsentChoices.optional(),
});
export type CounselingInput = z.input<typeof CounselingInput>;

/* ---------- query strings ---------- */

/** "true"/"false" in a query string. Anything else is a validation error, not a silent false. */
export const QueryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ProgramListQuery = z.object({
  level: Level.optional(),
  category: Category.optional(),
  target_audience: TargetAudience.optional(),
  search: z.string().trim().regex(SINGLE_LINE, LINE_BREAKS_MESSAGE).max(200).optional(),
  is_featured: QueryBool.optional(),
  include_inactive: QueryBool.optional(),
});
export const FeaturedListQuery = z.object({
  featured: QueryBool.optional(),
  include_inactive: QueryBool.optional(),
});
export const ResourceListQuery = FeaturedListQuery.extend({ resource_type: ResourceType.optional() });
export const WorkshopListQuery = z.object({
  upcoming: QueryBool.optional(),
  past: QueryBool.optional(),
  is_free: QueryBool.optional(),
  include_inactive: QueryBool.optional(),
});

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const AdminListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  status: Status.optional(),
  is_urgent: QueryBool.optional(),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;
