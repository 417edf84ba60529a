import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_DB } from './harness.ts';

/** Real server processes (server/server.ts, what npm start runs) on a real database, for the operations tests. */

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function pgAdmin(statement: string, url = PG_ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database URL for server processes: a temp SQLite file or a new PostgreSQL database. */
export async function serverDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (TEST_DB === 'postgres') {
    const name = `api_proc_${randomBytes(6).toString('hex')}`;
    await pgAdmin(`CREATE DATABASE ${name}`);
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    return { url: u.toString(), drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proc-'));
  return {
    url: `sqlite:${path.join(dir, 'app.sqlite')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  base: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<number | string | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | string | null>;
};

/** Starts server/server.ts with `env` and waits until /api/ready/ answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      // One process unless a test asks for a cluster (WEB_CONCURRENCY=2).
      WEB_CONCURRENCY: '1',
      STATIC_DIR: '/nonexistent',
      JWT_SECRET: 'server-process-test-secret-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${output}`);
    try {
      // Ready, and (in a cluster) every worker listening: the primary prints the address last.
      if ((await fetch(`${base}/api/ready/`)).ok && /API listening/.test(output)) break;
    } catch {
      // not listening yet
    }
    if (i > 300) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** POSTs JSON and answers status, headers and parsed body. */
export async function postJson(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** A JSON request to a running server: status and parsed body. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}
