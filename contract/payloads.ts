import { z } from 'zod';
import { FIELD_MESSAGES } from './messages.ts';
import { personName } from './person-name.ts';
import { IDENTITY_MESSAGES, isReservedUsername } from './identity.ts';
import { AgeFields, ConsentChoices } from './privacy.ts';
import { withPlacementWording as honest } from './placement.ts';
import {
  Category,
  FailureReason,
  Level,
  ResourceType,
  Status,
  TargetAudience,
  emailAddress,
  facultyRef,
  indianMobile,
  line,
  optionalLine,
  optionalText,
  required,
  requiredText,
  urlOrEmpty,
  wholeRupees,
} from './fields.ts';

/**
 * Request bodies: sign-in and accounts, the admin catalogue forms, the resolve and counseling forms (payments'
 * bodies are in contract/payment-payloads.ts, query strings in contract/list-queries.ts). The server validates
 * every request with these; the SPA's forms validate with the same schemas, so a message a user sees in the
 * browser is the server's message too.
 */

export const LoginInput = z.object({
  username: required('Username').max(150),
  password: line({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** POST /auth/token/refresh/ and POST /auth/logout/ (both take the refresh token). */
export const RefreshInput = z.object({
  refresh: line({ error: 'Refresh token is required.' }).min(1, 'Refresh token is required.'),
});
export type RefreshInput = z.infer<typeof RefreshInput>;

export const USERNAME_PATTERN = /^[\w.@+-]+$/;
/** A new password: sign-up, a reset and a change take the same rule. */
export const NewPassword = line({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(256, 'Password must be at most 256 characters.');

export const RegisterInput = z
  .object({
    username: required('Username')
      .max(150, 'Username must be at most 150 characters.')
      .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and @ . + - _')
      .refine((name) => !isReservedUsername(name), IDENTITY_MESSAGES.usernameReserved),
    email: emailAddress(),
    password: NewPassword,
    first_name: personName('First name'),
    last_name: personName('Last name'),
    /** Data protection (optional, additive): the age answer and the notice and purposes consented to. */
    ...AgeFields,
    consents: ConsentChoices.optional(),
    /** The mobile number for WhatsApp and SMS: required when either is consented to (issue 39); '' is none. */
    phone: z.preprocess((value) => (value === '' ? undefined : value), indianMobile().optional()),
  })
  .superRefine((input, ctx) => {
    const messages = input.consents?.whatsapp === true || input.consents?.sms === true;
    if (messages && input.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: FIELD_MESSAGES.phoneForMessages });
    }
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
  title: honest(required('Title').max(200)),
  subtitle: honest(optionalLine(300)),
  description: honest(requiredText('Description')),
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
  title: honest(required('Title').max(200)),
  description: honest(optionalText()),
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

/**
 * A success story's "title" is the student's name as published. It tells a verified offer (`offer_id`,
 * decision record 079): company, designation and CTC are taken from that offer, so the three typed fields
 * are kept for older clients but replaced by the offer's on save.
 */
export const SuccessStoryInput = z.object({
  offer_id: z
    .number({ error: 'Choose the verified offer the story tells (by student and employer).' })
    .int()
    .positive(),
  student_name: required('Student name').max(150),
  photo: urlOrEmpty('Photo URL'),
  placement_company_name: optionalLine(200),
  designation: honest(optionalLine(200)),
  salary: optionalLine(50),
  story: honest(optionalText()),
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
