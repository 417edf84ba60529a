import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a MAC or signature the client gave equals the one computed, compared in constant time (a wrong
 * length is simply wrong): the calendar feed's token, a story photo's preview, the providers' webhooks.
 */
export function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
