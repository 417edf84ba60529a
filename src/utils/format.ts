/** Money is formatted by the contract's money module (rupees ₹1,25,000; paise ₹11,800.50). */
export { formatRupees as formatINR, formatPaise } from '../../contract/money.ts';

/**
 * Dates and times in India's time zone, whatever the reader's device says: the institute's workshops
 * happen in IST, and the server renders the same text the browser then hydrates.
 */
const TIME_ZONE = 'Asia/Kolkata';
const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "23 Nov 2026, 3:30 pm IST". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} IST`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

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
