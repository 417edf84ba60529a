import { compose, type MailContext, type Rendered } from '../accounts/index.ts';
import { IST_TIME_ZONE } from '../../../contract/time.ts';

/** The course delivery emails, in the templates' pattern (plain text and HTML, the institute's signature). */

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** "Sat, 9 Jan 2027, 7:00 pm IST". */
export const formatIst = (iso: string): string => `${istTime.format(new Date(iso))} IST`;

export type ReminderDetails = {
  name: string;
  program: string;
  batch: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  location: string;
  hours: number;
};

export function sessionReminderEmail(ctx: MailContext, r: ReminderDetails): Rendered {
  const when = r.hours === 1 ? 'in about an hour' : `in about ${r.hours} hours`;
  return compose(ctx, `Reminder: ${r.title} starts ${formatIst(r.startsAt)}`, `Dear ${r.name},`, [
    `Your live class "${r.title}" (${r.program}, ${r.batch}) starts ${when}: ${formatIst(r.startsAt)}, for ${r.durationMinutes} minutes.`,
    r.location ? `Where: ${r.location}.` : 'Where: online.',
    `The join link opens on your course page 30 minutes before the start: ${ctx.publicUrl}/dashboard`,
  ]);
}

export type BatchJoinedDetails = {
  name: string;
  program: string;
  batch: string;
  startsOn: string;
  endsOn: string;
  mode: string;
  location: string;
  calendarUrl: string;
};

const istDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "9 Jan 2027" for an IST calendar day (YYYY-MM-DD). */
const formatDay = (day: string): string => istDay.format(new Date(`${day}T00:00:00Z`));

/** Sent when a payment enrolls the student into a batch: its dates, mode, place and the calendar feed. */
export function batchJoinedEmail(ctx: MailContext, b: BatchJoinedDetails): Rendered {
  return compose(ctx, `You are in the ${b.batch} batch: ${b.program}`, `Dear ${b.name},`, [
    `You are enrolled in ${b.program}, batch "${b.batch}": ${formatDay(b.startsOn)} to ${formatDay(b.endsOn)}, ${b.mode}.`,
    b.location ? `Where: ${b.location}.` : 'Where: online.',
    `Add the class timetable to your calendar (Google Calendar, Outlook, Apple Calendar): ${b.calendarUrl}`,
    `Your lessons and the link to each live class are on your course page, from your dashboard: ${ctx.publicUrl}/dashboard`,
  ]);
}
