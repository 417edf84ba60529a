/**
 * `npm run bench:exam`: the mock-test load of the assessments issue, on PostgreSQL with two server
 * instances. A fresh database (created on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 * dropped at the end) gets the demo content, EXAM_STUDENTS students of one batch and a mock test of two
 * sections of 50 questions (scripts/bench/exam-data.ts); two instances of the project start as in production
 * (`server/server.ts`, NODE_ENV=production, request logs to a file), each EXAM_PROCESSES server processes.
 * Then, through one client keeping a keep-alive connection pool per instance (students alternate between
 * the two instances; scripts/bench/exam-client.ts):
 *   1. in the same run, for comparison (scripts/bench/exam-ceiling.ts): the ceiling (bare node:http) and the
 *      project's GET /api/health/, each as many requests as the starts (all within one second) and then at
 *      the saves' pace for 10 s; then every student lists their tests within 10 s;
 *   2. every student starts the test within EXAM_START_SPREAD_MS (1,000);
 *   3. once all started, each saves EXAM_ANSWERS answers (100), one every EXAM_SAVE_INTERVAL_MS (3,000), each
 *      save waiting for the previous one's acknowledgement; at EXAM_KILL_AT (0.5) of that phase the second
 *      instance is killed with `kill -9` and started again on its port (EXAM_KILL=0: no kill); a request
 *      without an answer goes to the other instance, as a proxy's next upstream would;
 *   4. once all saved, all submit within a second;
 *   5. the test closes EXAM_CLOSE_MARGIN_S (60) seconds after the saves were planned to end; the time from
 *      its close until every attempt's kept result has rank, percentile and section scores is measured;
 *   6. every acknowledged save is checked against the database (the answer and seq kept, and in the kept
 *      result), and every student reads their result (GET …/result/) within a second.
 * Every request accepts what Chromium's does (EXAM_ACCEPT_ENCODING; empty: identity), and the client decodes
 * every answer, as the exam screen's browser would.
 * Prints the table of docs/api.md ("bench:exam"): per part count, p50, p95, p99, max, target and whether it
 * was met, then what each phase cost (CPU of the instances, of PostgreSQL's backends and of this client, per
 * request). Latency is per operation, from its first send to its answer (a retry after the kill included).
 * EXAM_KEEP_LOGS=1 keeps the instances' request logs (their directory is printed). Exit code 1 when a target
 * is missed. A quick run: EXAM_STUDENTS=100 EXAM_ANSWERS=20 EXAM_SAVE_INTERVAL_MS=1000 EXAM_CLOSE_MARGIN_S=20.
 */
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ceilings } from './bench/exam-ceiling.ts';
import { lostAnswers, resultsReady } from './bench/exam-check.ts';
import { ACCEPT_ENCODING, burst, Client, Part, until } from './bench/exam-client.ts';
import { CostMeter, type Mark } from './bench/exam-cost.ts';
import { openExam, PER_SECTION, prepareExam, SECTIONS } from './bench/exam-data.ts';
import { floorBody, loadFloor, startFloor, stopFloor, type Floor } from './bench/exam-floor.ts';
import { machineNote } from './bench/machine-note.ts';
import { costTable, count, examRows, table, type Cost } from './bench/exam-report.ts';
import { Students } from './bench/exam-students.ts';
import { createPostgres, startProject, stop } from './bench/servers.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = num('EXAM_STUDENTS', 2000);
const ANSWERS = num('EXAM_ANSWERS', 100);
const INTERVAL_MS = num('EXAM_SAVE_INTERVAL_MS', 3000);
const SPREAD_MS = num('EXAM_START_SPREAD_MS', 1000);
const PROCESSES = num('EXAM_PROCESSES', 1);
const KILL = process.env.EXAM_KILL !== '0';
const KILL_AT = num('EXAM_KILL_AT', 0.5);
const MARGIN_S = num('EXAM_CLOSE_MARGIN_S', 60);
const KEEP_LOGS = process.env.EXAM_KEEP_LOGS === '1';
process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

type Instance = { child: ChildProcess; port: number };

async function start(url: string, dir: string, i: number, port?: number): Promise<Instance> {
  const { child, base } = await startProject(url, path.join(dir, `requests-${i + 1}.log`), {
    port,
    processes: PROCESSES,
  });
  return { child, port: Number(new URL(base).port) };
}

async function main() {
  const load = [os.loadavg()[0]!];
  const started = Date.now();
  const database = await createPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-exam-'));
  const instances: Instance[] = [];
  let floor: Floor | null = null;
  let meter: CostMeter | null = null;
  let client: Client | null = null;
  try {
    console.error(`Seeding ${count(STUDENTS)} students and the test...`);
    const data = await prepareExam(database.url, STUDENTS);
    const seeded = ((Date.now() - started) / 1000).toFixed(1);
    console.error(`  seeded and minted tokens in ${seeded} s; starting two instances...`);
    for (const i of [0, 1]) instances.push(await start(database.url, dir, i));
    client = new Client(instances.map((i) => i.port));
    meter = new CostMeter(database.url, () => [
      ...instances.map((i) => i.child.pid!),
      ...(floor?.children.map((c) => c.pid!) ?? []),
    ]);
    await meter.start();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();

    console.error('Comparisons: the ceiling and GET /api/health/, then the tests list...');
    const pacedSeconds = Math.min(10, (ANSWERS * INTERVAL_MS) / 1000);
    const tokens = data.students.map((s) => s.token);
    const early: Cost[] = [];
    const measured = meter;
    const before = await ceilings(
      client,
      tokens,
      { students: STUDENTS, spreadMs: SPREAD_MS, intervalMs: INTERVAL_MS, pacedSeconds },
      async (name, ops, work) => {
        const from = await measured.mark();
        await work();
        early.push({ name, from, to: await measured.mark(), ops });
      },
    );

    const startAt = Date.now() + 1500;
    const closesAt = startAt + SPREAD_MS + ANSWERS * INTERVAL_MS + MARGIN_S * 1000;
    await openExam(database.url, data.testId, closesAt);
    const plan = { testId: data.testId, answers: ANSWERS, intervalMs: INTERVAL_MS, startAt, spreadMs: SPREAD_MS };
    const students = new Students(client, plan, data.students);
    const closing = new Date(closesAt).toISOString();
    console.error(`Exam: ${count(STUDENTS)} starts, ${count(STUDENTS * ANSWERS)} saves, closing at ${closing}...`);
    const marks: Record<string, Mark> = { start: await meter.mark() };
    const run = students.run();
    await students.started.done;
    marks.save = await meter.mark();
    const kill = { at: 0, ready: 0, savesBefore: 0, savesAfter: 0 };
    const split = { during: new Part(), rest: new Part() };
    // A save overlapping the time the instance was down or starting (and 2 s after), or not.
    students.parts.save.split = (from, to) =>
      kill.at && to >= kill.at && from <= (kill.ready || Infinity) + 2000 ? split.during : split.rest;
    const killing = (async () => {
      if (!KILL) return;
      await until(students.started.at + KILL_AT * ANSWERS * INTERVAL_MS);
      const victim = instances[1]!;
      const exited = new Promise((resolve) => victim.child.once('exit', resolve));
      marks.kill = await meter.mark();
      kill.savesBefore = students.parts.save.summary().count;
      kill.at = Date.now();
      victim.child.kill('SIGKILL');
      await exited;
      instances[1] = await start(database.url, dir, 1, victim.port);
      kill.ready = Date.now();
      marks.restarted = await meter.mark();
      kill.savesAfter = students.parts.save.summary().count;
      const seconds = ((kill.ready - kill.at) / 1000).toFixed(1);
      console.error(`  killed instance 2 (kill -9) and restarted it on port ${victim.port} in ${seconds} s`);
    })();
    await students.saved.done;
    marks.submit = await meter.mark();
    await run;
    marks.submitted = await meter.mark();
    await killing;
    console.error(`  all submitted; waiting for the close at ${closing} and the ranks...`);
    await until(closesAt);
    marks.close = await meter.mark();
    const attempts = students.attemptIds.filter((a) => a !== null).length;
    const ready = await resultsReady(database.url, data.testId, closesAt, attempts);
    marks.ready = await meter.mark();
    const loss = await lostAnswers(database.url, data.testId, students.acked);
    for (const example of loss.examples) console.error(`  lost: ${example}`);
    const result = new Part();
    marks.read = await meter.mark();
    await burst(client, result, STUDENTS, SPREAD_MS, (i) => {
      const attempt = students.attemptIds[i];
      return attempt ? { path: `/classroom/attempts/${attempt}/result/`, token: tokens[i] } : null;
    });
    marks.end = await meter.mark();
    console.error('The floor of a start: the same starts against bare node:http with one INSERT each...');
    floor = await startFloor(database.url, floorBody(dir, students.startBody), SECTIONS.length * PER_SECTION);
    marks.floor = await meter.mark();
    const floorPart = await loadFloor(floor, tokens, SPREAD_MS);
    marks.floorEnd = await meter.mark();
    await stopFloor(floor);
    lag.disable();
    load.push(os.loadavg()[0]!);

    const { parts } = students;
    const kb = (Buffer.byteLength(students.startBody) / 1024).toFixed(0);
    const floorRow = {
      part: `floor of a start: bare node:http, the token's signature, one INSERT to PostgreSQL, the start's answer (${kb} KB${ACCEPT_ENCODING ? ', compressed as the project does' : ''}), ${count(STUDENTS)} within ${SPREAD_MS / 1000} s${floorPart.errors ? ` (${count(floorPart.errors)} not answered 201: not a floor)` : ''}`,
      p: floorPart,
      target: '–',
      met: null,
    };
    const rows = [
      ...before,
      floorRow,
      ...examRows({
        parts: { ...parts, result },
        split: KILL ? split : null,
        unsent: students.unsent,
        ackedSaves: students.ackedSaves,
        loss,
        ready,
        attempts,
        kill: KILL ? kill : null,
        failures: client.failures,
        spreadMs: SPREAD_MS,
      }),
    ];
    const saves = parts.save.summary().count;
    const op = (name: string, from: Mark | undefined, to: Mark | undefined, ops: number): Cost[] =>
      from && to && ops > 0 ? [{ name, from, to, ops }] : [];
    const killed = KILL && marks.restarted && kill.ready < students.saved.at;
    const costs: Cost[] = [
      ...early,
      ...op('start', marks.start, marks.save, parts.start.summary().count),
      ...(killed
        ? [
            ...op('save, before the kill', marks.save, marks.kill, kill.savesBefore),
            ...op(
              "save, from the kill -9 to ready again (the new instance's start included)",
              marks.kill,
              marks.restarted,
              kill.savesAfter - kill.savesBefore,
            ),
            ...op('save, after the restart', marks.restarted, marks.submit, saves - kill.savesAfter),
          ]
        : op('save', marks.save, marks.submit, saves)),
      ...op('submit', marks.submit, marks.submitted, parts.submit.summary().count),
      ...op(
        'close: ranks of all (from the close, or the last submit when later, to ready)',
        marks.close,
        marks.ready,
        attempts,
      ),
      ...op('result read', marks.read, marks.end, result.summary().count),
      ...op(
        "floor of a start (the server column: the floor's two processes)",
        marks.floor,
        marks.floorEnd,
        floorPart.summary().count * 2,
      ),
    ];
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const rate = Math.round((STUDENTS * 1000) / INTERVAL_MS);
    console.log(
      `\nbench:exam ${when} UTC: ${count(STUDENTS)} students × ${ANSWERS} answers every ${INTERVAL_MS / 1000} s (${rate} saves/s); ` +
        `PostgreSQL, 2 instances × ${PROCESSES} process${PROCESSES === 1 ? '' : 'es'}; ${machineNote(true)}; ` +
        `requests accept ${ACCEPT_ENCODING ? `"${ACCEPT_ENCODING}"` : 'no encoding'}; load average ${load[0]!.toFixed(1)} before, ${load[1]!.toFixed(1)} after; the client's event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms\n`,
    );
    console.log(table(rows));
    console.log(costTable(costs));
    if (rows.some((r) => r.met === false)) process.exitCode = 1;
  } finally {
    client?.close();
    await meter?.stop();
    for (const instance of instances) await stop(instance.child);
    if (floor) await stopFloor(floor);
    await database.drop();
    if (KEEP_LOGS) console.error(`Request logs kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
