import { z } from 'zod';
import { FIELD_MESSAGES } from './messages.ts';
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
 * The field builders every request schema is made of (contract/payloads.ts, contract/payment-payloads.ts,
 * contract/list-queries.ts): one rule for text, email, mobile, money and enum fields, one message each.
 */

/*
 * The one rule for every text input: no C0 control character (NUL, escape, backspace, ...) and no DEL.
 * Single-line fields refuse tab and line breaks too; multi-line fields (descriptions, messages, notes)
 * keep tab, line feed and carriage return. PostgreSQL refuses NUL in text, and no person types them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters (such as NUL) from this text.';
export const LINE_BREAKS_MESSAGE = 'This text must be on one line, without control characters (such as NUL).';
/** A single-line string (not trimmed: passwords and tokens are taken as sent). */
export const line = (params?: { error: string }) => z.string(params).regex(SINGLE_LINE, LINE_BREAKS_MESSAGE);
export const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(SINGLE_LINE, LINE_BREAKS_MESSAGE)
    .min(1, `${label} is required.`);
/** A required text that may span lines (a program's description). */
export const requiredText = (label: string) =>
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
export const emailAddress = () => z.email({ error: FIELD_MESSAGES.email });
export const requiredEmail = () => z.email({ error: requiredOr(FIELD_MESSAGES.emailRequired, FIELD_MESSAGES.email) });

/** Spaces, dashes and a leading +91 or 0 are how people write an Indian mobile; the number is what is left. */
export function normalizeIndianMobile(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '');
}
const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
/** A 10-digit Indian mobile number, however it was written (+91, spaces); parsed to the bare ten digits. */
export const indianMobile = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeIndianMobile(value) : value),
    z
      .string({ error: FIELD_MESSAGES.phoneRequired })
      .regex(INDIAN_MOBILE_PATTERN, { error: requiredOr(FIELD_MESSAGES.phoneRequired, FIELD_MESSAGES.phone) }),
  );

/** An optional text that may span lines. */
export const optionalText = (max = 5000) =>
  z.string().trim().regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE).max(max).default('');
/** An optional one-line text (a name, a company, a salary figure). */
export const optionalLine = (max: number) =>
  z.string().trim().regex(SINGLE_LINE, LINE_BREAKS_MESSAGE).max(max).default('');
export const Level = oneOf(LEVELS, 'Level');
export const Category = oneOf(CATEGORIES, 'Category');
export const TargetAudience = oneOf(TARGET_AUDIENCES, 'Target audience');
export const ResourceType = oneOf(RESOURCE_TYPES, 'Resource type');
export const PaymentMethod = oneOf(PAYMENT_METHODS, 'Payment method');
export const Status = oneOf(STATUSES, 'Status');
export const FailureReason = oneOf(FAILURE_REASONS, 'Failure reason');
export const wholeRupees = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number of rupees.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} is too large.`);
/** A faculty member's id (instructor or author). Omitted on update: unchanged; null: none. */
export const facultyRef = (label: string) =>
  z
    .number({ error: `${label} must be a faculty member's id.` })
    .int(`${label} must be a faculty member's id.`)
    .positive(`${label} must be a faculty member's id.`)
    .nullable()
    .optional();
export const urlOrEmpty = (label: string) =>
  z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: `${label} must be a valid http(s) URL.` })
        .regex(SINGLE_LINE, LINE_BREAKS_MESSAGE),
    ])
    .default('');
