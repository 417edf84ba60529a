import { count } from './exam-report.ts';
import type { Tally } from './notify-check.ts';

/** `npm run bench:notify`'s table: each part against its target (issue 36). */
export type Run = {
  students: number;
  recipients: number;
  acceptMs: number;
  /** Seconds from the accept to the first and to the last expected message. */
  firstS: number;
  allS: number;
  /** Messages a second at the sandbox, first to last; the most within one second. */
  rate: number;
  busiest: number;
  ceiling: { perSecond: number; accepted: number; limited: number };
  limitRate: number;
  rejected429: number;
  tally: Tally;
  groups: (readonly [string, number])[];
  fallback: { sms: { p50: number; max: number }; email: { p50: number; max: number } };
};

type Row = { part: string; value: string; target: string; met: boolean | null };
const s1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const FIVE_MINUTES = 300_000;

export function notifyRows(r: Run): { table: string; met: boolean } {
  const t = r.tally;
  const c = (channel: 'whatsapp' | 'sms' | 'email') => `${count(t.arrived[channel])} of ${count(t.expected[channel])}`;
  const messages = t.expected.whatsapp + t.expected.sms;
  const rows: Row[] = [
    {
      part: `students: ${r.groups.map(([g, n]) => `${count(n)} ${g.replace('_', ' ')}`).join(', ')}`,
      value: count(r.students),
      target: '–',
      met: null,
    },
    {
      part: `ceiling: template messages straight to the sandbox, 32 senders (${count(r.ceiling.limited)} answered 429)`,
      value: `${s1(r.ceiling.perSecond)} / s`,
      target: `${r.limitRate} / s`,
      met: null,
    },
    {
      part: `accept: POST /api/instructor/batches/{id}/announcements/ (${count(r.recipients)} recipients, urgent)`,
      value: `${Math.round(r.acceptMs)} ms`,
      target: '< 1,000 ms',
      met: r.acceptMs < 1000 && r.recipients === r.students,
    },
    { part: 'first message at the sandbox, after the accept', value: `${s1(r.firstS)} s`, target: '–', met: null },
    {
      part: `every expected message at the sandbox (${count(messages)} WhatsApp and SMS) and email fallback queued, after the accept`,
      value: `${s1(r.allS)} s`,
      target: `≥ ${s1(messages / r.limitRate)} s at ${r.limitRate} / s`,
      met: null,
    },
    {
      part: 'send rate at the sandbox, first message to last',
      value: `${s1(r.rate)} / s`,
      target: `≤ ${r.limitRate} / s, ≥ 90 % of it`,
      met: r.rate <= r.limitRate * 1.01 && r.rate >= r.limitRate * 0.9,
    },
    {
      part: `busiest second at the sandbox (the server's sends answered 429: ${count(r.rejected429)}, each sent again)`,
      value: count(r.busiest),
      target: `≤ ${r.limitRate}`,
      met: r.busiest <= r.limitRate,
    },
    { part: 'WhatsApp messages at the sandbox', value: c('whatsapp'), target: 'all, once', met: null },
    {
      part: 'SMS at the sandbox (SMS-only students and WhatsApp fallbacks)',
      value: c('sms'),
      target: 'all, once',
      met: null,
    },
    {
      part: 'email fallbacks (SMS failed) queued in the message outbox',
      value: c('email'),
      target: 'all, once',
      met: null,
    },
    {
      part: 'dropped: a student without a message their group expects',
      value: count(t.missing),
      target: '0',
      met: t.missing === 0,
    },
    {
      part: 'sent twice: a second message to a student on one channel',
      value: count(t.twice),
      target: '0',
      met: t.twice === 0,
    },
    {
      part: 'unasked: a message on a channel the student did not choose (or to an in-app-only student)',
      value: count(t.unexpected),
      target: '0',
      met: t.unexpected === 0,
    },
    {
      part: `fallback WhatsApp → SMS: from the failure to the SMS at the sandbox (${count(t.smsFallbackMs.length)}), p50 / max`,
      value: `${s1(r.fallback.sms.p50 / 1000)} / ${s1(r.fallback.sms.max / 1000)} s`,
      target: '≤ 300 s',
      met: t.smsFallbackMs.length > 0 && r.fallback.sms.max <= FIVE_MINUTES,
    },
    {
      part: `fallback SMS → email: from the failure to the email queued (${count(t.emailFallbackMs.length)}), p50 / max`,
      value: `${s1(r.fallback.email.p50 / 1000)} / ${s1(r.fallback.email.max / 1000)} s`,
      target: '≤ 300 s',
      met: t.emailFallbackMs.length > 0 && r.fallback.email.max <= FIVE_MINUTES,
    },
    {
      part: 'the message outbox at the end, by channel and status',
      value: t.statuses.map((x) => `${x.channel} ${x.status} ${count(x.n)}`).join('; '),
      target: '–',
      met: null,
    },
  ];
  const lines = ['| part | value | target | met? |', '|---|---|---|---|'];
  for (const row of rows) {
    const met = row.met === null ? '–' : row.met ? 'yes' : '**no**';
    lines.push(`| ${row.part} | ${row.value} | ${row.target} | ${met} |`);
  }
  return { table: lines.join('\n'), met: rows.every((row) => row.met !== false) };
}
