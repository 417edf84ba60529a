/**
 * India Standard Time, in one place: the institute works in IST, so a "day" of a filter, "today" in a
 * file name, a date printed on an invoice and the financial year of its number are all IST, whatever the
 * server's or the reader's clock says. IST is UTC+05:30 all year (no daylight saving since 1945), so one
 * fixed offset computes the calendar; the displays use Intl with the zone named, so they read the same
 * in the browser and on the server (which renders the text the browser then hydrates).
 */

export const IST_TIME_ZONE = 'Asia/Kolkata';
/** UTC+05:30, in minutes (SQLite's date functions take it as a modifier: '+330 minutes'). */
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The wall clock in IST of an instant, as a Date whose UTC fields are the IST ones. */
const istWallClock = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS);

/** The first instant of an IST calendar day ("2026-11-23"), as stored (ISO UTC): "2026-11-22T18:30:00.000Z". */
export function istDayStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS).toISOString();
}

/** The first instant after an IST calendar day (so a date_to is inclusive). */
export function istDayEnd(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS + DAY_MS).toISOString();
}

/** "2026-11-23 15:30" in India Standard Time (the CSV exports' date-time). */
export function istDateTime(iso: string): string {
  return istWallClock(new Date(iso)).toISOString().slice(0, 16).replace('T', ' ');
}

/** An instant as an ISO date-time on India's wall clock, with its offset: "2026-12-01T19:00:00+05:30". */
export function istIsoDateTime(at: number | Date): string {
  return `${istWallClock(new Date(at)).toISOString().slice(0, 19)}+05:30`;
}

/**
 * A wall-clock time typed in India ("2026-12-01T19:00", a `datetime-local` value) as ISO 8601 with its
 * offset; any other text is passed on as it is (the contract's schema then says what is wrong with it).
 */
export function istLocalToIso(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+05:30` : local;
}

/** The zone named for a person typing a time (forms' hints). */
export const IST_NAME = 'India Standard Time (IST, UTC+05:30)';

/** "2026-11-23": today's date in India Standard Time. */
export function istToday(now = new Date()): string {
  return istWallClock(now).toISOString().slice(0, 10);
}

/** The Indian financial year (1 April to 31 March, in IST) of an instant, as "26-27". */
export function financialYear(at: Date): string {
  const ist = istWallClock(at);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const documentDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** "23 Nov 2026, 3:30 pm IST" (the zone named); text that is not a date is shown as it is. */
export function formatIstDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} IST`;
}

/** "23 Nov 2026" (the IST calendar day); text that is not a date is shown as it is. */
export function formatIstDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/** "03 Nov 2026": the date printed on a tax invoice or credit note (two-digit day). */
export function formatDocumentDate(iso: string): string {
  return documentDay.format(new Date(iso));
}
