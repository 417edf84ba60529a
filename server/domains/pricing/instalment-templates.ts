import { formatPaiseCompact } from '../../../contract/money.ts';
import { compose, type MailContext, type Rendered } from '../accounts/index.ts';

/** The instalment emails (decision record 054): before the due date, on it, and when access is paused. */

export type InstalmentMailDetails = {
  name: string;
  program: string;
  number: number;
  totalPaise: number;
  dueOn: string;
  kind: 'before' | 'due' | 'suspended';
};

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "9 Jan 2027" for an IST calendar day (YYYY-MM-DD). */
const formatDay = (date: string): string => day.format(new Date(`${date}T00:00:00Z`));

export function instalmentEmail(ctx: MailContext, d: InstalmentMailDetails): Rendered {
  const amount = formatPaiseCompact(d.totalPaise);
  const pay = `Pay it from your dashboard: ${ctx.publicUrl}/dashboard`;
  if (d.kind === 'before') {
    return compose(ctx, `Instalment ${d.number} of ${d.program} is due on ${formatDay(d.dueOn)}`, `Dear ${d.name},`, [
      `Instalment ${d.number} of ${d.program}, ${amount}, falls due on ${formatDay(d.dueOn)}.`,
      pay,
    ]);
  }
  if (d.kind === 'due') {
    return compose(ctx, `Instalment ${d.number} of ${d.program} is due today`, `Dear ${d.name},`, [
      `Instalment ${d.number} of ${d.program}, ${amount}, is due today (${formatDay(d.dueOn)}).`,
      pay,
    ]);
  }
  return compose(ctx, `Your access to ${d.program} is paused`, `Dear ${d.name},`, [
    `Instalment ${d.number} of ${d.program}, ${amount}, was due on ${formatDay(d.dueOn)} and is unpaid, so your access to lessons and live sessions is paused. Your dashboard and invoices stay open.`,
    `${pay} — access returns as soon as it is paid.`,
  ]);
}
