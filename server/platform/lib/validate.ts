import type { z } from 'zod';
import { zodFieldErrors } from '../../../contract/index.ts';
import { notFound, ValidationFailed } from './errors.ts';

/** Parses a request part with a contract schema, or throws the 400 answer. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationFailed(zodFieldErrors(result.error));
  return result.data;
}

/** Parses a path id; anything that is not a positive integer is a 404 (the resource cannot exist). */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

/** The path's `:id` as a positive integer, or the 404 answer. */
export function idParam(params: unknown): number {
  const id = parseId((params as { id?: string }).id);
  if (id === null) throw notFound();
  return id;
}

/**
 * Parses a query string with a contract schema. An empty value (`?level=`) counts as absent, as
 * filter forms send them; unknown parameters are dropped by the schema; other bad values are a 400.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const present = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''),
  );
  return parse(schema, present);
}

/** Card data never reaches the server (docs/deviations.md); a client that sends it is refused. */
const CARD_FIELD = /card|cvv|cvc|expiry|upi_?id/i;
export function refuseCardData(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const fields = Object.keys(body).filter((key) => key !== 'payment_method' && CARD_FIELD.test(key));
  if (fields.length) {
    throw new ValidationFailed(
      Object.fromEntries(fields.map((key) => [key, ['Card and UPI details must not be sent to the server.']])),
    );
  }
}
