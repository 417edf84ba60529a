import { compose, type MailContext, type Rendered } from './templates.ts';

/** The course delivery emails, in the templates' pattern (plain text and HTML, the institute's signature). */

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
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
