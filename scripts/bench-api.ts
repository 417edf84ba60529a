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
 * BENCH_TOOL (wrk | autocannon), BENCH_ENDPOINTS (e.g. `refresh,stats`: those and the programs list only), BENCH_PEER=0 (skip the peer), BENCH_DATABASE_URL (adds the project
 * on PostgreSQL: a database created and dropped per run; ceiling and peer stay SQLite-only), BENCH_NODE_FLAGS
 * (node flags for the project's processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where a
 * request's time goes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { CourseType, FailureReason, PaymentMethod, Status } from '../contract/index.ts';
import { openDatabase, type Db } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { createTokenService } from '../server/services/tokens.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const SIZES = (process.env.BENCH_ROWS ?? '1000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const PROCESSES = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
const BATCH = 500;
const SECRET = randomBytes(32).toString('hex');
const PYTHON = process.env.BENCH_PYTHON ?? '/usr/bin/python3';
const HAS_WRK = spawnSync('wrk', ['--version']).error === undefined;
const TOOL = process.env.BENCH_TOOL ?? (HAS_WRK ? 'wrk' : 'autocannon');

export type Endpoint = { name: string; method: 'GET' | 'POST'; path: string; auth: boolean; body?: 'refresh' };
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /classroom/programs/', method: 'GET', path: '/classroom/programs/', auth: false },
  { name: 'GET /classroom/auth/me/', method: 'GET', path: '/classroom/auth/me/', auth: true },
  { name: 'GET /api/admin/payments/?page=1', method: 'GET', path: '/api/admin/payments/?page=1', auth: true },
  { name: 'GET /classroom/admin/stats/', method: 'GET', path: '/classroom/admin/stats/', auth: true },
  { name: 'POST /auth/token/refresh/', method: 'POST', path: '/auth/token/refresh/', auth: false, body: 'refresh' },
];

/** BENCH_ENDPOINTS (comma list of parts of endpoint names, e.g. `refresh,stats`) measures only those. */
const CHOSEN = process.env.BENCH_ENDPOINTS?.split(',').map((s) => s.trim().toLowerCase());
const MEASURED = CHOSEN
  ? ENDPOINTS.filter((e, i) => i === 0 || CHOSEN.some((part) => e.name.toLowerCase().includes(part)))
  : ENDPOINTS;

type Measurement = { rps: number; p50: number; p99: number; errors: number };
export type Row = { rows: number; server: string; endpoint: string } & Measurement;
/** The admin's access token, and a way to mint fresh refresh-token chains (one per run of the refresh endpoint). */
type Tokens = { access: string; refreshChains: (count: number) => Promise<string[]> };
/** Refresh chains per wrk thread: more than its connections, so a chain lost to an error never starves it. */
const CHAINS_PER_THREAD = 25;

/**
 * wrk's script for the refresh: each thread takes its share of the minted tokens, sends each token once
 * and queues the refresh token of every answer for a later request.
 */
function refreshScript(tokensFile: string): string {
  return `wrk.method = "POST"
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  queue, head, tail = {}, 1, 0
  local n = 0
  for line in io.lines(${JSON.stringify(tokensFile)}) do
    if n % ${THREADS} == id then
      tail = tail + 1
      queue[tail] = line
    end
    n = n + 1
  end
end
function request()
  local token = "no-token-left"
  if head <= tail then
    token = queue[head]
    queue[head] = nil
    head = head + 1
  end
  return wrk.format(nil, nil, nil, '{"refresh":"' .. token .. '"}')
end
function response(status, headers, body)
  local refresh = body:match('"refresh"%s*:%s*"([^"]+)"')
  if refresh then
    tail = tail + 1
    queue[tail] = refresh
  end
end
`;
}

export async function bulkLoad(db: Db, rows: number): Promise<void> {
  const passwordHash = await hashPassword('bench-student');
  const students = Math.max(100, Math.ceil(rows / 10));
  const now = Date.now();
  const iso = (i: number) => new Date(now - (rows - i) * 60_000).toISOString();
  for (let start = 0; start < students; start += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, students - start) }, (_, k) => {
      const i = start + k;
      return {
        username: `bench${i}`,
        email: `bench${i}@example.in`,
        first_name: 'Bench',
        last_name: `Student ${i}`,
        password_hash: passwordHash,
        role: 'student' as const,
        created_at: iso(0),
      };
    });
    await db.insertInto('users').values(values).execute();
  }
  const firstStudent = (
    await db.selectFrom('users').select('id').where('username', '=', 'bench0').executeTakeFirstOrThrow()
  ).id;
  const programs = (await db.selectFrom('programs').select('id').execute()).map((r) => ({
    type: 'program' as CourseType,
    id: r.id,
  }));
  const workshops = (await db.selectFrom('workshops').select('id').execute()).map((r) => ({
    type: 'workshop' as CourseType,
    id: r.id,
  }));
  const courses = [...programs, ...workshops];
  if (students * courses.length < rows) throw new Error('not enough student/course pairs for unique enrollments');
  const statuses: Status[] = [
    'completed',
    'completed',
    'completed',
    'pending',
    'failed',
    'active',
    'cancelled',
    'on_hold',
  ];
  const methods: PaymentMethod[] = ['credit_card', 'debit_card', 'upi'];
  const reasons: FailureReason[] = ['card_declined', 'bank_timeout', 'insufficient_funds'];
  // Pair i: student i % students, course floor(i / students): unique per (student, course).
  const pair = (i: number) => ({
    student: firstStudent + (i % students),
    course: courses[Math.floor(i / students) % courses.length]!,
  });

  for (let start = 0; start < rows; start += BATCH) {
    const count = Math.min(BATCH, rows - start);
    const payments = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const { student, course } = pair(i);
      const status = statuses[i % statuses.length]!;
      return {
        student_id: student,
        course_type: course.type,
        course_id: course.id,
        status,
        amount: 45_000 + (i % 10) * 10_000,
        payment_method: methods[i % 3]!,
        billing_first_name: null,
        billing_last_name: null,
        billing_email: null,
        billing_phone: null,
        failure_reason: status === 'failed' ? reasons[i % 3]! : null,
        admin_notes: '',
        is_urgent: i % 50 === 0 ? 1 : 0,
        created_at: iso(i),
        completed_at: status === 'completed' ? iso(i) : null,
        updated_at: iso(i),
      };
    });
    await db.insertInto('payments').values(payments).execute();
    const enrollments = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const { student, course } = pair(i);
      const status = statuses[(i + 3) % statuses.length]!;
      return {
        student_id: student,
        course_type: course.type,
        course_id: course.id,
        status,
        is_active: status === 'active' || status === 'completed' ? 1 : 0,
        progress_percentage: i % 101,
        issue_description: '',
        admin_notes: '',
        is_urgent: i % 70 === 0 ? 1 : 0,
        enrolled_at: iso(i),
        updated_at: iso(i),
      };
    });
    await db.insertInto('enrollments').values(enrollments).execute();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUp(child: ChildProcess, url: string, what: string): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 300 && !exited; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${what} did not start`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The project as `npm start` runs it in production: cluster entry, request logs on (to a file). */
export async function startProject(
  databaseUrl: string,
  logFile: string,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(ROOT, 'server', 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_MODE: '0',
      // The benchmark's administrator has no second factor; throughput, not the admin guard, is measured.
      REQUIRE_ADMIN_MFA: '0',
      JWT_SECRET: SECRET,
      ACCESS_TOKEN_LIFETIME_SECONDS: '3600',
      LOG_REQUESTS: '1',
      NODE_ENV: 'production',
      WEB_CONCURRENCY: String(PROCESSES),
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  await waitUp(child, `${base}/api/health/`, 'the project');
  return { child, base };
}

/** The ceiling: node:http answering fixed bytes, as many processes as the project. */
async function startCeiling(body: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'ceiling.mjs')], {
    env: { ...process.env, PORT: String(port), BODY: body, PROCESSES: String(PROCESSES) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUp(child, `${base}/`, 'the ceiling');
  return { child, base };
}

/** Why the peer cannot run here, or null when it can. */
function peerMissing(): string | null {
  if (process.env.BENCH_PEER === '0') return 'BENCH_PEER=0';
  const check = spawnSync(PYTHON, ['-c', 'import django, rest_framework, rest_framework_simplejwt, gunicorn']);
  if (check.error || check.status !== 0)
    return `${PYTHON} cannot import django, rest_framework, rest_framework_simplejwt and gunicorn (Debian: python3-django python3-djangorestframework python3-djangorestframework-simplejwt gunicorn)`;
  return null;
}

async function startPeer(sqliteFile: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(
    PYTHON,
    ['-m', 'gunicorn', '--workers', '2', '--bind', `127.0.0.1:${port}`, '--log-level', 'warning', 'peer.wsgi'],
    {
      cwd: path.join(ROOT, 'bench', 'drf-peer'),
      env: { ...process.env, PEER_DB: sqliteFile, JWT_SECRET: SECRET, PYTHONDONTWRITEBYTECODE: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUp(child, `${base}/classroom/programs/`, 'the DRF peer');
  return { child, base };
}

function parseWrkLatency(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : n;
}

async function load(base: string, endpoint: Endpoint, tokens: Tokens, seconds = DURATION): Promise<Measurement> {
  const headers: Record<string, string> = {};
  if (endpoint.auth) headers.authorization = `Bearer ${tokens.access}`;
  const refresh = endpoint.body === 'refresh';
  if (refresh) headers['content-type'] = 'application/json';
  if (TOOL === 'wrk') {
    const script = path.join(os.tmpdir(), `bench-${process.pid}.lua`);
    const tokensFile = path.join(os.tmpdir(), `bench-${process.pid}.tokens`);
    if (refresh)
      fs.writeFileSync(tokensFile, `${(await tokens.refreshChains(THREADS * CHAINS_PER_THREAD)).join('\n')}\n`);
    fs.writeFileSync(script, refresh ? refreshScript(tokensFile) : `wrk.method = "${endpoint.method}"\n`);
    const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--latency', '-s', script];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
    args.push(`${base}${endpoint.path}`);
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('exit', () => resolve(text));
    });
    fs.rmSync(script, { force: true });
    fs.rmSync(tokensFile, { force: true });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p50 = /\s50%\s+([\d.]+)(us|ms|s)/.exec(out);
    const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const socketErrors = socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
    return {
      rps: Math.round(rps),
      p50: p50 ? parseWrkLatency(p50[1]!, p50[2]!) : NaN,
      p99: p99 ? parseWrkLatency(p99[1]!, p99[2]!) : NaN,
      errors: non2xx + socketErrors,
    };
  }
  // autocannon: each connection follows its own chain (one connection, one request at a time).
  const chains = refresh ? await tokens.refreshChains(CONNECTIONS) : [];
  const result = await autocannon({
    url: `${base}${endpoint.path}`,
    method: endpoint.method,
    connections: CONNECTIONS,
    workers: !refresh && THREADS > 1 ? THREADS : undefined,
    duration: seconds,
    headers,
    requests: refresh
      ? [
          {
            setupRequest: (request, context: { refresh?: string }) => {
              context.refresh ??= chains.pop() ?? 'no-token-left';
              return { ...request, body: JSON.stringify({ refresh: context.refresh }) };
            },
            onResponse: (_status, body, context: { refresh?: string }) => {
              context.refresh = /"refresh"\s*:\s*"([^"]+)"/.exec(body)?.[1] ?? 'no-token-left';
            },
          },
        ]
      : undefined,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function measureAll(server: string, base: string, tokens: Tokens, rows: number, only?: Endpoint[]) {
  const results: Row[] = [];
  for (const endpoint of only ?? MEASURED) {
    // The request log of the endpoint before (the programs list writes about 15 MB/s of it) is still in
    // the page cache; written back during this endpoint's run, it would queue this endpoint's database
    // flushes behind it. Each endpoint starts with nothing left to write and pays for its own log only.
    spawnSync('sync');
    await load(base, endpoint, tokens, 1); // warm-up
    const m = await load(base, endpoint, tokens);
    console.error(`    ${server} ${endpoint.name}: ${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
    results.push({ rows, server, endpoint: endpoint.name, ...m });
  }
  return results;
}

export async function createPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.BENCH_DATABASE_URL!;
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function prepare(url: string, rows: number, dialect: string): Promise<void> {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const started = Date.now();
  await bulkLoad(handle.db, rows);
  if (dialect === 'postgres') {
    const { sql } = await import('kysely');
    await sql`ANALYZE`.execute(handle.db);
  }
  await handle.close();
  console.error(
    `  ${dialect}: loaded ${rows.toLocaleString('en-IN')} payments + enrollments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * The admin's login through the API, and refresh tokens minted as logins would be (a row in the project's
 * database, signed with the shared secret): each starts a chain of rotations.
 */
export async function login(base: string, db: Db): Promise<Tokens> {
  const response = await fetch(`${base}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const { access } = (await response.json()) as { access: string };
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const minter = createTokenService(db, SECRET, { accessSeconds: 3600, refreshSeconds: 86_400 });
  return {
    access,
    refreshChains: async (count) => {
      const chains: string[] = [];
      for (let i = 0; i < count; i++) chains.push((await minter.issuePair(admin.id)).refresh);
      return chains;
    },
  };
}

/** The peer's tables for SimpleJWT's blacklist (the rest of its file is the project's schema). */
function migratePeer(sqliteFile: string): void {
  const result = spawnSync(PYTHON, ['-m', 'django', 'migrate', 'token_blacklist', '--noinput'], {
    cwd: path.join(ROOT, 'bench', 'drf-peer'),
    env: {
      ...process.env,
      DJANGO_SETTINGS_MODULE: 'peer.settings',
      PEER_DB: sqliteFile,
      JWT_SECRET: SECRET,
      PYTHONDONTWRITEBYTECODE: '1',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the DRF peer's migrate failed: ${result.stderr}`);
}

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
  const atScale: Row[] = [];
  if (process.env.BENCH_DATABASE_URL && SCALE_ROWS > 0) {
    console.error(`Benchmarking the admin reads on PostgreSQL at ${SCALE_ROWS.toLocaleString('en-IN')} payments...`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
    try {
      atScale.push(...(await runScale(dir)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n${TOOL === 'wrk' ? `wrk -t${THREADS}` : `autocannon (${THREADS} workers)`} -c${CONNECTIONS}, ${DURATION} s per endpoint after a 1 s warm-up; ` +
      `project and ceiling ${PROCESSES} process${PROCESSES === 1 ? '' : 'es'}, DRF peer gunicorn 2 sync workers; ` +
      `${os.availableParallelism()} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end` +
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
  if (atScale.length === 0) return;
  console.log('\nAdmin reads on PostgreSQL at scale (target: each at least 500 req/s with p99 under 50 ms)\n');
  console.log('| payments | endpoint | req/s | p50 ms | p99 ms | errors | target met |');
  console.log('|---:|---|---:|---:|---:|---:|---|');
  for (const r of atScale) {
    const met = r.rps >= 500 && r.p99 < 50 && r.errors === 0 ? 'yes' : 'no';
    console.log(
      `| ${r.rows.toLocaleString('en-US')} | ${r.endpoint} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${met} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
