import { formatIstDate, formatIstDateTime } from '../../../contract/time.ts';
import { formatPaiseFigure } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/connect.ts';
import { notify } from './service.ts';

/**
 * The notifications of the events that already email a student (issue 36): each is called right after
 * that email is enqueued, in the same transaction, so the email and the notification commit together.
 * `emailed: true`: the email channel is that email. The texts fill the templates of templates.ts.
 */
type Ctx = { publicUrl: string };
const short = (s: string, max = 30) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const when = (iso: string) => formatIstDateTime(iso).replace(/ IST$/, '');
const DASHBOARD = '/dashboard';

export const noticeOf = {
  batchJoined: (trx: Db, ctx: Ctx, userId: number, d: { name: string; batch: string; startsOn: string }) =>
    notify(trx, userId, {
      event: 'batch_joined',
      title: `You are in the batch ${d.batch}`,
      body: `Your batch starts on ${formatIstDate(d.startsOn)}. Its classes are on your dashboard.`,
      link: DASHBOARD,
      emailed: true,
      vars: {
        name: short(d.name),
        batch: short(d.batch),
        starts: formatIstDate(d.startsOn),
        link: ctx.publicUrl + DASHBOARD,
      },
    }),

  sessionReminder: (
    trx: Db,
    ctx: Ctx,
    userId: number,
    d: { name: string; title: string; startsAt: string; hours: number },
  ) =>
    notify(trx, userId, {
      event: 'session_reminder',
      title: `Class “${d.title}” starts ${when(d.startsAt)} IST`,
      body: `Your live class starts in about ${d.hours} hour${d.hours === 1 ? '' : 's'}.`,
      link: DASHBOARD,
      emailed: true,
      // The last reminder before a class cannot wait for the end of the quiet hours.
      urgent: d.hours <= 1,
      vars: { name: short(d.name), title: short(d.title), when: when(d.startsAt), link: ctx.publicUrl + DASHBOARD },
    }),

  instalment: (
    trx: Db,
    ctx: Ctx,
    userId: number,
    d: { kind: 'before' | 'due' | 'suspended'; name: string; number: number; totalPaise: number; dueOn: string },
  ) =>
    notify(trx, userId, {
      event: `instalment_${d.kind}`,
      title:
        d.kind === 'suspended'
          ? `Instalment ${d.number} is unpaid: access is paused`
          : d.kind === 'due'
            ? `Instalment ${d.number} is due today`
            : `Instalment ${d.number} is due on ${formatIstDate(d.dueOn)}`,
      body: `Rs ${formatPaiseFigure(d.totalPaise)}, due on ${formatIstDate(d.dueOn)}.`,
      link: DASHBOARD,
      emailed: true,
      vars: {
        name: short(d.name),
        number: String(d.number),
        amount: formatPaiseFigure(d.totalPaise),
        due: formatIstDate(d.dueOn),
        link: ctx.publicUrl + DASHBOARD,
      },
    }),

  paid: (
    trx: Db,
    ctx: Ctx,
    userId: number,
    d: { name: string; course: string; totalPaise: number; refund?: boolean },
  ) =>
    notify(trx, userId, {
      event: d.refund ? 'refund' : 'payment_completed',
      title: d.refund ? `Refund of Rs ${formatPaiseFigure(d.totalPaise)} issued` : `Payment received for ${d.course}`,
      body: d.refund
        ? `A refund for ${d.course} is on its way; the credit note is in your email.`
        : `We received Rs ${formatPaiseFigure(d.totalPaise)}; the invoice is in your email.`,
      link: DASHBOARD,
      emailed: true,
      vars: {
        name: short(d.name),
        amount: formatPaiseFigure(d.totalPaise),
        course: short(d.course),
        link: ctx.publicUrl + DASHBOARD,
      },
    }),

  graded: (trx: Db, ctx: Ctx, userId: number, d: { name: string; assignment: string; marks: number; max: number }) =>
    notify(trx, userId, {
      event: 'assignment_graded',
      title: `“${d.assignment}” is graded: ${d.marks}/${d.max}`,
      body: 'Your instructor graded your submission; the feedback is with it.',
      link: DASHBOARD,
      emailed: true,
      vars: { name: short(d.name), assignment: short(d.assignment), link: ctx.publicUrl + DASHBOARD },
    }),

  certificate: (trx: Db, _ctx: Ctx, userId: number, d: { name: string; program: string; url: string }) =>
    notify(trx, userId, {
      event: 'certificate_issued',
      title: `Your certificate for ${d.program} is ready`,
      body: 'The PDF is in your email; anyone can verify it at its link.',
      link: DASHBOARD,
      emailed: true,
      vars: { name: short(d.name), program: short(d.program), link: d.url },
    }),
};
