/**
 * `npm run bench:api`: one run, one data set, three servers side by side.
 *
 * For each size in BENCH_ROWS (default `1000,100000`) a fresh SQLite file gets the demo
 * content plus that many payments and as many enrollments. Then, one server at a time, wrk (or autocannon
 * when wrk is missing) loads:
 *   - the project, started as in production (`NODE_ENV=production`, request logs on, written to a file,
 *     WEB_CONCURRENCY processes as `npm start` would run: one per core unless set);
 *   - the ceiling: a plain node:http server (as many processes) answering the programs list's exact bytes;
 *   - the peer: Django REST Framework + SimpleJWT under gunicorn (2 sync workers) on a copy of the same
 *     file (bench/drf-peer; skipped with a line saying so when Django, DRF, SimpleJWT or gunicorn is missing).
 * It prints requests/s, p50, p99 and the ratios to the ceiling and to the peer. Before each endpoint's
 * warm-up it runs `sync`, so the previous endpoint's request log is not written back during this one.
 * POST /auth/token/refresh/ rotates (each refresh retires the token presented, on both servers), so each
 * request must present a token never used before: the bench mints chains of refresh tokens (rows the
 * project knows, signed with the shared secret) and wrk's script sends each answer's new refresh token in
 * a later request; a run that runs out of tokens shows it as errors.
 * BENCH_DURATION (seconds per endpoint, default 10), BENCH_CONNECTIONS (10), BENCH_THREADS (2),
 * BENCH_TOOL (wrk | autocannon), BENCH_ENDPOINTS (e.g. `refresh,stats`: those and the programs list only; at
 * scale, the reads whose names contain one of them), BENCH_PEER=0 (skip the peer), BENCH_DATABASE_URL (adds the
 * project on PostgreSQL: a database created and dropped per run; ceiling and peer stay SQLite-only; and the
 * admin reads at scale, one run and one table per data shape: `--shape=default,steady,burst` or BENCH_SHAPES,
 * all three unless told; scripts/bench-scale.ts; each read's table also gives the CPU a request cost the
 * server's processes and the database's backends, read from /proc), BENCH_ROWS=0 (only the runs at scale), BENCH_NODE_FLAGS
 * (node flags for the project's processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where a
 * request's time goes).
 */
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/platform/db/connect.ts';
import { CONNECTIONS, DURATION, ENDPOINTS, MEASURED, PROCESSES, THREADS, TOOL } from './bench/config.ts';
import { prepare } from './bench/data.ts';
import { machineNote } from './bench/machine-note.ts';
import { chosenShapes } from './bench/shapes.ts';
import { login, measureAll, type Row } from './bench/load.ts';
import {
  createPostgres,
  migratePeer,
  peerMissing,
  startCeiling,
  startPeer,
  startProject,
  stop,
} from './bench/servers.ts';

const SHAPES = chosenShapes();
const SIZES = (process.env.BENCH_ROWS ?? '1000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);

async function runSize(rows: number, peerSkip: string | null): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const file = path.join(dir, 'bench.sqlite');
  const results: Row[] = [];
  try {
    await prepare(`sqlite:${file}`, rows, 'sqlite');
    if (!peerSkip) {
      // The peer reads its own copy of the same data (the project's file stays the project's).
      const handle = openDatabase(`sqlite:${file}`);
      const { sql } = await import('kysely');
      await sql`VACUUM INTO ${path.join(dir, 'peer.sqlite')}`.execute(handle.db);
      await handle.close();
      migratePeer(path.join(dir, 'peer.sqlite'));
    }
    // All three servers are up at once (an idle server costs nothing) and each endpoint is measured on
    // them back to back, so a change in the machine's load during the run hits the ratios least.
    const children: ChildProcess[] = [];
    const minting = openDatabase(`sqlite:${file}`);
    try {
      const project = await startProject(`sqlite:${file}`, path.join(dir, 'requests.log'));
      children.push(project.child);
      const tokens = await login(project.base, minting.db);
      const programs = await (await fetch(`${project.base}/classroom/programs/`)).text();
      const ceiling = await startCeiling(programs);
      children.push(ceiling.child);
      const peer = peerSkip ? null : await startPeer(path.join(dir, 'peer.sqlite'));
      if (peer) children.push(peer.child);
      for (const endpoint of MEASURED) {
        if (endpoint === ENDPOINTS[0])
          results.push(...(await measureAll('ceiling', ceiling.base, tokens, rows, [endpoint])));
        results.push(...(await measureAll('project', project.base, tokens, rows, [endpoint])));
        if (peer) results.push(...(await measureAll('drf', peer.base, tokens, rows, [endpoint])));
      }
    } finally {
      for (const child of children) await stop(child);
      await minting.close();
    }
    if (process.env.BENCH_DATABASE_URL) {
      const database = await createPostgres();
      try {
        await prepare(database.url, rows, 'postgres');
        const onPg = await startProject(database.url, path.join(dir, 'requests-pg.log'));
        const pgMinting = openDatabase(database.url);
        try {
          results.push(...(await measureAll('project-pg', onPg.base, await login(onPg.base, pgMinting.db), rows)));
        } finally {
          await stop(onPg.child);
          await pgMinting.close();
        }
      } finally {
        await database.drop();
      }
    }
    return results;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '–');
const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}x` : '–');

async function main() {
  const { runScale, SCALE_ROWS } = await import('./bench-scale.ts');
  const peerSkip = peerMissing();
  if (peerSkip) console.error(`Skipping the DRF peer: ${peerSkip}.`);
  const results: Row[] = [];
  for (const rows of SIZES) {
    console.error(`Benchmarking with ${rows.toLocaleString('en-IN')} payments and enrollments...`);
    results.push(...(await runSize(rows, peerSkip)));
  }
  const atScale = new Map<string, Row[]>();
  if (process.env.BENCH_DATABASE_URL && SCALE_ROWS > 0) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
    try {
      for (const shape of SHAPES) {
        console.error(
          `Benchmarking the admin reads on PostgreSQL at ${SCALE_ROWS.toLocaleString('en-IN')} payments, ${shape} shape...`,
        );
        atScale.set(shape, await runScale(dir, shape));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n${TOOL === 'wrk' ? `wrk -t${THREADS}` : `autocannon (${THREADS} workers)`} -c${CONNECTIONS}, ${DURATION} s per endpoint after a 1 s warm-up; ` +
      `project and ceiling ${PROCESSES} process${PROCESSES === 1 ? '' : 'es'}, DRF peer gunicorn 2 sync workers; ` +
      `${machineNote()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end` +
      `${peerSkip ? `; DRF peer skipped (${peerSkip})` : ''}\n`,
  );
  const order = ['ceiling', 'project', 'drf', 'project-pg'];
  results.sort(
    (a, b) =>
      a.rows - b.rows ||
      order.indexOf(a.server) - order.indexOf(b.server) ||
      ENDPOINTS.findIndex((e) => e.name === a.endpoint) - ENDPOINTS.findIndex((e) => e.name === b.endpoint),
  );
  if (results.length > 0) {
    console.log('| rows | server | endpoint | req/s | p50 ms | p99 ms | errors | / ceiling | / DRF |');
    console.log('|---:|---|---|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const ceiling = results.find((c) => c.rows === r.rows && c.server === 'ceiling')?.rps;
      const drf = results.find((c) => c.rows === r.rows && c.server === 'drf' && c.endpoint === r.endpoint)?.rps;
      console.log(
        `| ${r.rows.toLocaleString('en-US')} | ${r.server} | ${r.endpoint} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${ratio(r.rps, ceiling)} | ${r.server.startsWith('project') ? ratio(r.rps, drf) : '–'} |`,
      );
    }
  }
  for (const [shape, rows] of atScale) {
    const missed = rows.filter((r) => !(r.rps >= 500 && r.p99 <= 50 && r.errors === 0)).length;
    console.log(
      `\nAdmin reads on PostgreSQL at ${SCALE_ROWS.toLocaleString('en-US')} payments, ${shape} shape ` +
        `(target: each at least 500 req/s with p99 at most 50 ms; ${missed} of ${rows.length} short)\n`,
    );
    console.log(
      '| endpoint | req/s | p50 ms | p99 ms | errors | target met | server CPU ms/req | PostgreSQL CPU ms/req |',
    );
    console.log('|---|---:|---:|---:|---:|---|---:|---:|');
    for (const r of rows) {
      const met = r.rps >= 500 && r.p99 <= 50 && r.errors === 0 ? 'yes' : 'no';
      const cpu = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(2));
      console.log(
        `| ${r.endpoint} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${met} | ${cpu(r.serverCpu)} | ${cpu(r.databaseCpu)} |`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
