import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_DB } from './harness.ts';

/** The real server as a child process (`node server/server.ts`), on a database of the kind TEST_DB names. */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** An empty database for server processes: a file in a temporary directory, or a new PostgreSQL database. */
export async function processDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (TEST_DB === 'postgres') {
    const name = `api_proc_${randomBytes(6).toString('hex')}`;
    const run = async (sql: string) => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await run(`CREATE DATABASE ${name}`);
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proc-'));
  return {
    url: `sqlite:${path.join(dir, 'app.sqlite')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export type ServerProcess = { base: string; output: () => string; stop: () => Promise<void> };

/** Starts server/server.ts with `env` and waits until it answers its health check. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        if ((await fetch(`${base}/api/health/`)).ok && /API listening/.test(output)) break;
      } catch {
        if (i > 300) throw new Error(`server did not start: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, output: () => output, stop };
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
