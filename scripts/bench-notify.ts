/**
 * `npm run bench:notify`: a batch announcement to NOTIFY_STUDENTS (5,000) students (issue 36). A fresh database
 * (PostgreSQL by default: created on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 * dropped at the end; NOTIFY_DB=sqlite: a SQLite file in a temporary directory) gets the demo content and one
 * batch of students in five groups (scripts/bench/notify-data.ts: WhatsApp; SMS only; WhatsApp that the
 * sandbox fails, so SMS follows; WhatsApp and SMS that fail, so email follows; in the app only). The messaging
 * sandbox (server/domains/notifications/sandbox.ts) runs in this process at NOTIFY_RATE (80) messages a
 * second, answering 429 beyond, and posts each message's statuses NOTIFY_STATUS_DELAY_MS (500) after accepting it. Then:
 *   1. the sandbox's ceiling in this run: template messages sent straight to it for NOTIFY_CEILING_S (5) s;
 *   2. the project starts as in production (`server/server.ts`, NODE_ENV=production, NOTIFY_PROCESSES
 *      processes, default 1), its WhatsApp and SMS pointed at the sandbox, whose signed webhooks come back;
 *   3. the instructor posts an urgent announcement (urgent: quiet hours do not hold it) and the answer's time
 *      is measured: the target is under a second, the messages queued, not sent inline;
 *   4. the bench waits until every expected message reached the sandbox and every email fallback is in the
 *      message outbox (at most NOTIFY_TIMEOUT_S, 600), then NOTIFY_SETTLE_S (5) s more for strays;
 *   5. checks (scripts/bench/notify-check.ts): per student and channel exactly what their group expects (none
 *      missing, none twice, none unasked), the fallbacks' delay from the failure to the next channel (≤ 5 min),
 *      the send rate (first to last message) and the busiest second against the ceiling.
 * Prints the table of docs/api.md ("bench:notify") and what each phase cost. Exit code 1 when a target is missed.
 * A quick run: NOTIFY_STUDENTS=500.
 */
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOTIFY_PATHS } from '../contract/notifications.ts';
import { startMessagingSandbox } from '../server/domains/notifications/sandbox.ts';
import { busiestSecond, outbox, quantile, sandboxCeiling, tally, type Tally } from './bench/notify-check.ts';
import { meterFor } from './bench/notify-cost.ts';
import { GROUPS, prepareNotify, type NotifyData } from './bench/notify-data.ts';
import { notifyRows, type Run } from './bench/notify-report.ts';
import { costTable, count, type Cost } from './bench/exam-report.ts';
import type { Mark } from './bench/exam-cost.ts';
import { machineNote } from './bench/machine-note.ts';
import { createPostgres, startProject, stop } from './bench/servers.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = num('NOTIFY_STUDENTS', 5000);
const RATE = num('NOTIFY_RATE', 80);
const PROCESSES = num('NOTIFY_PROCESSES', 1);
const CEILING_S = num('NOTIFY_CEILING_S', 5);
const TIMEOUT_S = num('NOTIFY_TIMEOUT_S', 600);
const SETTLE_S = num('NOTIFY_SETTLE_S', 5);
const STATUS_DELAY_MS = num('NOTIFY_STATUS_DELAY_MS', 500);
const SQLITE = process.env.NOTIFY_DB === 'sqlite';
process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function database(dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!SQLITE) return createPostgres();
  return { url: `sqlite:${path.join(dir, 'bench.db')}`, drop: async () => undefined };
}

/** Waits until the expected messages are all in; answers the tally and when the last one arrived. */
async function arrival(url: string, data: NotifyData, sent: Parameters<typeof tally>[1]): Promise<Tally> {
  const deadline = Date.now() + TIMEOUT_S * 1000;
  for (;;) {
    const t = tally(data.students, sent, await outbox(url));
    if (t.missing === 0 || Date.now() > deadline) return t;
    await sleep(1000);
  }
}

async function main() {
  const load = [os.loadavg()[0]!];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notify-'));
  const db = await database(dir);
  const provider = await startMessagingSandbox({ ratePerSecond: RATE, statusDelayMs: STATUS_DELAY_MS });
  let server: ChildProcess | null = null;
  try {
    console.error(`Seeding ${count(STUDENTS)} students in one batch (${SQLITE ? 'SQLite' : 'PostgreSQL'})...`);
    const data = await prepareNotify(db.url, STUDENTS);
    for (const s of data.students) {
      if (s.group === 'whatsapp_fails') provider.sandbox.failWhatsAppNumbers.add(s.phone!);
      if (s.group === 'both_fail') provider.sandbox.failNumbers.add(s.phone!);
    }

    console.error(`The sandbox's ceiling: template messages straight to it for ${CEILING_S} s...`);
    const ceiling = await sandboxCeiling(provider.url, CEILING_S);
    const before429 = provider.sandbox.rejected429;

    console.error('Starting the project...');
    Object.assign(process.env, {
      MESSAGE_SANDBOX: '1',
      WHATSAPP_API_BASE: provider.url,
      SMS_API_BASE: provider.url,
    });
    const started = await startProject(db.url, path.join(dir, 'requests.log'), { processes: PROCESSES });
    server = started.child;
    provider.sandbox.setWebhookBase(started.base);
    const meter = meterFor(db.url, () => (server?.pid ? [server.pid] : []));
    await meter.start();
    await fetch(`${started.base}/api/health/`);
    await sleep(1500); // the ceiling's last second out of the sandbox's window

    const marks: Record<string, Mark> = { accept: await meter.mark() };
    const from = performance.now();
    const answer = await fetch(`${started.base}${NOTIFY_PATHS.announcements(data.batchId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
      body: JSON.stringify({ title: 'Class moves to 8 pm', body: "Today's class moves to **8 pm**.", urgent: true }),
    });
    const acceptMs = performance.now() - from;
    const acceptedAt = Date.now();
    const accepted = (await answer.json()) as { recipients?: number };
    if (answer.status !== 201)
      throw new Error(`the announcement answered ${answer.status}: ${JSON.stringify(accepted)}`);
    marks.send = await meter.mark();
    console.error(
      `  accepted in ${acceptMs.toFixed(0)} ms for ${accepted.recipients} recipients; waiting for the sandbox...`,
    );
    const sent = provider.sandbox.sent;
    let t = await arrival(db.url, data, sent);
    marks.done = await meter.mark();
    const doneAt = Date.now();
    await sleep(SETTLE_S * 1000);
    await provider.sandbox.idle();
    t = tally(data.students, sent, await outbox(db.url));
    await meter.stop();
    load.push(os.loadavg()[0]!);

    const messages = t.times.length;
    const run: Run = {
      students: STUDENTS,
      recipients: accepted.recipients ?? 0,
      acceptMs,
      firstS: messages ? (t.times[0]! - acceptedAt) / 1000 : NaN,
      allS: (doneAt - acceptedAt) / 1000,
      rate: messages > 1 ? ((messages - 1) * 1000) / (t.times.at(-1)! - t.times[0]!) : NaN,
      busiest: busiestSecond(t.times),
      ceiling,
      limitRate: RATE,
      rejected429: provider.sandbox.rejected429 - before429,
      tally: t,
      groups: GROUPS.map((g) => [g, data.students.filter((s) => s.group === g).length] as const),
      fallback: {
        sms: { p50: quantile(t.smsFallbackMs, 0.5), max: Math.max(...t.smsFallbackMs) },
        email: { p50: quantile(t.emailFallbackMs, 0.5), max: Math.max(...t.emailFallbackMs) },
      },
    };
    const rows = notifyRows(run);
    const costs: Cost[] = [
      {
        name: 'accept: the announcement and its count (per recipient; the worker writes their notifications, below)',
        from: marks.accept!,
        to: marks.send!,
        ops: run.recipients,
      },
      {
        name: 'send: the notifications and messages written, then sent, until every expected message arrived (per message at the sandbox)',
        from: marks.send!,
        to: marks.done!,
        ops: messages,
      },
    ];
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `\nbench:notify ${when} UTC: ${count(STUDENTS)} students, the sandbox at ${RATE} messages/s; ${SQLITE ? 'SQLite' : 'PostgreSQL'}, ` +
        `1 instance × ${PROCESSES} process${PROCESSES === 1 ? '' : 'es'}; ${machineNote(true)}; ` +
        `load average ${load[0]!.toFixed(1)} before, ${load[1]!.toFixed(1)} after\n`,
    );
    console.log(rows.table);
    console.log(costTable(costs));
    if (!rows.met) process.exitCode = 1;
  } finally {
    if (server) await stop(server);
    await provider.close();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
