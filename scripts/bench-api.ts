/**
 * `npm run bench:api`: loads 1,000 and 100,000 payments and enrollments into a fresh database, starts
 * the real server as a child process, and measures four endpoints with autocannon. SQLite always;
 * PostgreSQL too when BENCH_DATABASE_URL names a server (a database is created and dropped per run).
 * BENCH_DURATION (seconds per endpoint, default 5) and BENCH_CONNECTIONS (default 10) tune the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZES = [1_000, 100_000];
const BATCH = 500;
const SECRET = randomBytes(32).toString('hex');
const ENDPOINTS = [
  '/classroom/programs/',
  '/classroom/auth/me/',
  '/api/admin/payments/?page=1',
  '/classroom/admin/stats/',
];

type Result = {
  dialect: string;
  rows: number;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
};

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

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_MODE: '0',
      JWT_SECRET: SECRET,
      ACCESS_TOKEN_LIFETIME_SECONDS: '3600',
      LOG_REQUESTS: '0',
      NODE_ENV: 'production',
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return { child, base };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

async function measure(base: string, endpoint: string, token: string): Promise<Omit<Result, 'dialect' | 'rows'>> {
  const result = await autocannon({
    url: `${base}${endpoint}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    endpoint,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function runOne(dialect: 'sqlite' | 'postgres', rows: number): Promise<Result[]> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = process.env.BENCH_DATABASE_URL!;
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  try {
    const handle = openDatabase(url);
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const started = Date.now();
    await bulkLoad(handle.db, rows);
    if (dialect === 'postgres') await pg_analyze(handle.db);
    console.error(
      `  ${dialect}: loaded ${rows.toLocaleString('en-IN')} payments + enrollments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await handle.close();

    const { child, base } = await startServer(url);
    try {
      const login = await fetch(`${base}/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      });
      const { access } = (await login.json()) as { access: string };
      const results: Result[] = [];
      for (const endpoint of ENDPOINTS) {
        await autocannon({
          url: `${base}${endpoint}`,
          connections: 2,
          amount: 50,
          headers: { authorization: `Bearer ${access}` },
        }); // warm-up
        results.push({ dialect, rows, ...(await measure(base, endpoint, access)) });
      }
      return results;
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  } finally {
    await cleanup();
  }
}

async function pg_analyze(db: Db): Promise<void> {
  const { sql } = await import('kysely');
  await sql`ANALYZE`.execute(db);
}

async function main() {
  const dialects: Array<'sqlite' | 'postgres'> = ['sqlite'];
  if (process.env.BENCH_DATABASE_URL) dialects.push('postgres');
  const results: Result[] = [];
  for (const dialect of dialects) {
    for (const rows of SIZES) {
      console.error(`Benchmarking ${dialect} with ${rows.toLocaleString('en-IN')} rows...`);
      results.push(...(await runOne(dialect, rows)));
    }
  }
  console.log(
    `\nautocannon, ${CONNECTIONS} connections, ${DURATION} s per endpoint, server in a child process (${os.cpus().length} cores, Node ${process.version})\n`,
  );
  console.log('| database | payments + enrollments | endpoint | requests/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.dialect} | ${r.rows.toLocaleString('en-US')} each | GET ${r.endpoint} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
