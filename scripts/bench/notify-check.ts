import type { SandboxMessage } from '../../server/domains/notifications/sandbox.ts';
import { SANDBOX_SECRETS } from '../../server/domains/notifications/sandbox.ts';
import { openDatabase } from '../../server/platform/db/connect.ts';
import type { Group, Student } from './notify-data.ts';

/**
 * `npm run bench:notify`'s checks (scripts/bench-notify.ts): what reached the sandbox per student and channel
 * against what their group expects, the email fallbacks in the message outbox, the fallbacks' delays, the
 * send rate and the sandbox's own ceiling measured directly.
 */
type Channel = 'whatsapp' | 'sms' | 'email';
const EXPECTED: Record<Group, Record<Channel, number>> = {
  whatsapp: { whatsapp: 1, sms: 0, email: 0 },
  sms: { whatsapp: 0, sms: 1, email: 0 },
  whatsapp_fails: { whatsapp: 1, sms: 1, email: 0 },
  both_fail: { whatsapp: 1, sms: 1, email: 1 },
  in_app: { whatsapp: 0, sms: 0, email: 0 },
};

export type Tally = {
  expected: Record<Channel, number>;
  arrived: Record<Channel, number>;
  missing: number;
  twice: number;
  unexpected: number;
  /** Failure (the sandbox's failed report, at its send) to the next channel: ms per fallback. */
  smsFallbackMs: number[];
  emailFallbackMs: number[];
  /** The students' messages at the sandbox, by time. */
  times: number[];
  statuses: { channel: string; status: string; n: number }[];
};

/** The email rows of the message outbox (sent: handed to the email outbox) and every row's status. */
export async function outbox(url: string) {
  const handle = openDatabase(url);
  try {
    const emails = await handle.db
      .selectFrom('message_outbox')
      .select(['user_id', 'sent_at'])
      .where('channel', '=', 'email')
      .where('status', '=', 'sent')
      .execute();
    const statuses = await handle.db
      .selectFrom('message_outbox')
      .select((eb) => ['channel', 'status', eb.fn.countAll<number>().as('n')])
      .groupBy(['channel', 'status'])
      .orderBy('channel')
      .orderBy('status')
      .execute();
    return { emails, statuses: statuses.map((s) => ({ ...s, n: Number(s.n) })) };
  } finally {
    await handle.close();
  }
}

export function tally(students: Student[], sent: SandboxMessage[], box: Awaited<ReturnType<typeof outbox>>): Tally {
  const byPhone = new Map(students.filter((s) => s.phone).map((s) => [s.phone!, s]));
  const per = new Map<number, { whatsapp: SandboxMessage[]; sms: SandboxMessage[]; email: string[] }>();
  const of = (id: number) => {
    let entry = per.get(id);
    if (!entry) per.set(id, (entry = { whatsapp: [], sms: [], email: [] }));
    return entry;
  };
  const times: number[] = [];
  for (const m of sent) {
    const student = byPhone.get(m.to);
    if (!student) continue;
    of(student.id)[m.channel].push(m);
    times.push(m.at);
  }
  for (const e of box.emails) of(e.user_id).email.push(e.sent_at ?? '');
  const t: Tally = {
    expected: { whatsapp: 0, sms: 0, email: 0 },
    arrived: { whatsapp: 0, sms: 0, email: 0 },
    ...{ missing: 0, twice: 0, unexpected: 0, smsFallbackMs: [], emailFallbackMs: [] },
    times: times.sort((a, b) => a - b),
    statuses: box.statuses,
  };
  for (const s of students) {
    const got = of(s.id);
    for (const channel of ['whatsapp', 'sms', 'email'] as const) {
      const want = EXPECTED[s.group][channel];
      const n = got[channel].length;
      t.expected[channel] += want;
      t.arrived[channel] += n;
      if (want && n === 0) t.missing += 1;
      if (want && n > 1) t.twice += n - 1;
      if (!want && n > 0) t.unexpected += n;
    }
    const wa = got.whatsapp[0];
    const sms = got.sms[0];
    if (wa?.failed && sms) t.smsFallbackMs.push(sms.at - wa.at);
    if (sms?.failed && got.email[0]) t.emailFallbackMs.push(Date.parse(got.email[0]) - sms.at);
  }
  return t;
}

/** The most messages within any one second. */
export function busiestSecond(times: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= 1000) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

/**
 * The sandbox's ceiling in this run: WhatsApp template messages sent straight to it (no server) by
 * `concurrency` senders for `seconds`; answers how many it accepted a second and how many it answered 429.
 * The numbers (9190000…) are no student's.
 */
export async function sandboxCeiling(base: string, seconds: number, concurrency = 32) {
  const url = `${base}/v21.0/100000000000001/messages`;
  const body = (i: number) =>
    JSON.stringify({
      messaging_product: 'whatsapp',
      to: `9190000${String(i % 100_000).padStart(5, '0')}`,
      type: 'template',
      template: {
        name: 'batch_announcement_v1',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: ['Ceiling', 'Ceiling', 'https://x'].map((text) => ({ text })) }],
      },
    });
  const end = Date.now() + seconds * 1000;
  let accepted = 0;
  let limited = 0;
  let n = 0;
  const sender = async () => {
    while (Date.now() < end) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_SECRETS.accessToken}` },
        body: body(n++),
      });
      await answer.arrayBuffer();
      if (answer.status === 200) accepted += 1;
      else if (answer.status === 429) limited += 1;
      else throw new Error(`the sandbox answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return { perSecond: accepted / seconds, accepted, limited };
}

/** The value at quantile `q` (0.5 for the median, 0.99 for p99) of `values`. */
export const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
