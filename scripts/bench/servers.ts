import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { withServerNodeFlags } from '../../server/platform/node-flags.ts';
import { ensureServerBundles } from '../server-bundle.ts';
import { PROCESSES, PYTHON, ROOT, SECRET } from './config.ts';

/** The servers a benchmark runs (the project, the ceiling, the DRF peer) and its PostgreSQL databases. */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Waits until `url` answers below 500 (a refusal such as 401 counts: the server is up), or throws. */
export async function waitUp(child: ChildProcess, url: string, what: string): Promise<void> {
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

/**
 * The bundles' directory, made current once per benchmark: a restarted instance (bench:exam's kill -9) must not
 * wait, in its timed window, for the bundle's 800 inputs to be checked again on the client's event loop.
 */
let bundles: Promise<string> | undefined;
const bundleDir = () => (bundles ??= ensureServerBundles(ROOT).then(({ dir }) => dir));

/**
 * The project as `npm start` runs it in production: the server's bundle (dist-server/server.mjs, built first
 * when it is not that of the sources; decision record 106) with source maps on, cluster entry, request logs on
 * (to a file). `port` starts it on a given port (an instance restarted where it was), `processes` sets its
 * WEB_CONCURRENCY.
 */
export async function startProject(
  databaseUrl: string,
  logFile: string,
  options: { port?: number; processes?: number } = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = options.port ?? (await freePort());
  const log = fs.openSync(logFile, 'a');
  // The server's V8 flags, as `npm start` passes them (decision record 091), unless BENCH_NODE_FLAGS sets its own.
  const flags = withServerNodeFlags(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []);
  const server = path.join(await bundleDir(), 'server.mjs');
  const child = spawn(process.execPath, [...flags, '--enable-source-maps', server], {
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
      WEB_CONCURRENCY: String(options.processes ?? PROCESSES),
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
export async function startCeiling(body: string): Promise<{ child: ChildProcess; base: string }> {
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
export function peerMissing(): string | null {
  if (process.env.BENCH_PEER === '0') return 'BENCH_PEER=0';
  const check = spawnSync(PYTHON, ['-c', 'import django, rest_framework, rest_framework_simplejwt, gunicorn']);
  if (check.error || check.status !== 0)
    return `${PYTHON} cannot import django, rest_framework, rest_framework_simplejwt and gunicorn (Debian: python3-django python3-djangorestframework python3-djangorestframework-simplejwt gunicorn)`;
  return null;
}

export async function startPeer(sqliteFile: string): Promise<{ child: ChildProcess; base: string }> {
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

/** The peer's tables for SimpleJWT's blacklist (the rest of its file is the project's schema). */
export function migratePeer(sqliteFile: string): void {
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
