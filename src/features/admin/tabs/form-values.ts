import { ApiError, istDateTime, istLocalToIso } from '../../../../contract/index.ts';
import type { FieldSpec, FormValues } from './resource-types.ts';

/** Form strings to the payload types the contract schemas expect. */
export function toPayload(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'checkbox') out[field.name] = Boolean(value);
    else if (field.kind === 'file') out[field.name] = value instanceof File ? value : undefined;
    else if (field.kind === 'number') out[field.name] = numberOrEmpty(String(value ?? ''), field.required);
    // Every date-time of the office is typed in India Standard Time, whatever the browser's zone.
    else if (field.kind === 'datetime') out[field.name] = istLocalToIso(String(value ?? ''));
    else if (field.kind === 'multiselect') out[field.name] = String(value ?? '');
    // An id chosen from a loaded list (faculty, staff), or null for none; a date, or null for none.
    else if (field.choices) out[field.name] = value ? Number(value) : null;
    else if (field.kind === 'date') out[field.name] = value ? String(value) : null;
    else out[field.name] = String(value ?? '');
  }
  return out;
}

function numberOrEmpty(text: string, required?: boolean): number | null | undefined {
  if (text.trim() === '') return required ? undefined : null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

export const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A save whose refusal is one sentence (`{error}`: not due any more, already revoked) shows it at `field`,
 * where the administrator acts on it; field errors stay as they are.
 */
export async function refusalAt(field: string, save: Promise<unknown>): Promise<unknown> {
  try {
    return await save;
  } catch (error) {
    if (error instanceof ApiError && error.userMessage && Object.keys(error.fieldErrors).length === 0)
      throw new ApiError(error.status, { [field]: [error.userMessage] });
    throw error;
  }
}

/** ISO 8601 to a `datetime-local` value in India Standard Time. */
export function isoToIstInput(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : istDateTime(iso).replace(' ', 'T');
}
