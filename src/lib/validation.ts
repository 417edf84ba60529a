import type { z } from 'zod';
import { firstFieldErrors } from '../../contract/index.ts';

export type FieldErrors = Record<string, string>;

/**
 * Validates form values with a contract schema: the parsed data, or the first message per field under
 * the keys the server uses (contract/validation.ts: dotted paths, `non_field_errors` for the whole form).
 */
export function validate<T extends z.ZodTypeAny>(
  schema: T,
  values: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data as z.infer<T> };
  return { ok: false, errors: firstFieldErrors(result.error) };
}
