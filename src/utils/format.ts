/** Money is formatted by the contract's money module (rupees ₹1,25,000; paise ₹11,800.50). */
export { formatRupees as formatINR, formatPaise } from '../../contract/money.ts';

/**
 * Dates and times in India's time zone, whatever the reader's device says (the contract's time module):
 * "23 Nov 2026, 3:30 pm IST" and "23 Nov 2026".
 */
export { formatIstDateTime as formatDateTime, formatIstDate as formatDate } from '../../contract/time.ts';

export function fullName(person: { first_name: string; last_name: string } | null | undefined): string {
  if (!person) return '';
  return `${person.first_name} ${person.last_name}`.trim();
}

export function initials(person: { first_name: string; last_name: string }): string {
  return `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase();
}

/** "1 month" / "6 months". */
export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
