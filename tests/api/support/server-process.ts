import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { answers, REPO_ROOT, spawnServer, type SpawnedServer } from '../../support/server-spawn.ts';
import { inject } from 'vitest';
import { TEST_DB, TEST_DATABASE_URL, testDatabasePrefix } from './test-databases.ts';

/** Real server processes (server/server.ts, what npm start runs) on a real database, for the operations tests. */

export const ROOT = REPO_ROOT;

export async function pgAdmin(statement: string, url = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database URL for server processes: a temp SQLite file or a new PostgreSQL database, named after the suite's
 * run like the harness's (`api_test_<run>_proc_…`), so the run's teardown drops one a crashed file left and
 * `npm test` finds one left on the server.
 */
export async function serverDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (TEST_DB === 'postgres') {
    const name = `${testDatabasePrefix(inject('apiTestRun'))}proc_${randomBytes(6).toString('hex')}`;
    await pgAdmin(`CREATE DATABASE ${name}`);
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    return { url: u.toString(), drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proc-'));
  return {
    url: `sqlite:${path.join(dir, 'app.sqlite')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export type ServerProcess = SpawnedServer;

/** Starts server/server.ts with `env` and waits until /api/ready/ answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return spawnServer({
    entry: 'server/server.ts',
    env: (port) => ({
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
    }),
    // Ready; spawnServer also waits for the process's own listening line, which a cluster's primary prints once
    // every worker listens.
    ready: answers('/api/ready/'),
  });
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

type CallOptions = { token?: string; body?: unknown };
type CallAnswer = { status: number; body: unknown; requestId: string | null };

/** A JSON request's headers and body, whichever client sends it. */
function jsonRequest(options: CallOptions): { headers: Record<string, string>; body: string | undefined } {
  return {
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  };
}

const jsonAnswer = (status: number, text: string, requestId: string | null): CallAnswer => ({
  status,
  body: text ? (JSON.parse(text) as unknown) : null,
  requestId,
});

/** A JSON request to a running server: status and parsed body. */
export async function call(base: string, method: string, url: string, options: CallOptions = {}): Promise<CallAnswer> {
  const response = await fetch(`${base}${url}`, { method, ...jsonRequest(options) });
  return jsonAnswer(response.status, await response.text(), response.headers.get('x-request-id'));
}

/**
 * The same request over `agent`'s connections (node:http): a test that must choose the connection a request goes
 * out on (the cluster test's racers, each over a connection of its own) passes an agent keeping one.
 */
export function callOn(
  agent: http.Agent,
  base: string,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<CallAnswer> {
  const { headers, body } = jsonRequest(options);
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', reject);
      response.on('end', () => {
        const requestId = response.headers['x-request-id'];
        resolve(jsonAnswer(response.statusCode ?? 0, text, typeof requestId === 'string' ? requestId : null));
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
