import type { z } from 'zod';

/**
 * One way to turn a zod error into field errors, on both sides: the server answers 400 with these keys
 * (`{field: [messages]}`), the SPA's forms show the first message of the same keys. A nested field is its
 * dotted path (`billing.email`); an issue about the whole body is under `non_field_errors`.
 */
export const NON_FIELD_ERRORS = 'non_field_errors';

export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : NON_FIELD_ERRORS;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The first message of each field: what a form shows beside the field. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(Object.entries(zodFieldErrors(error)).map(([key, messages]) => [key, messages[0] ?? '']));
}
