import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Db } from '../../server/platform/db/connect.ts';
import { createTokenService } from '../../server/domains/accounts/tokens.ts';
import { CONNECTIONS, DURATION, MEASURED, SECRET, THREADS, TOOL, type Endpoint } from './config.ts';
import { costPer, type CostMeter } from './exam-cost.ts';

/** Loading an endpoint with wrk or autocannon, and the admin's tokens the authenticated endpoints need. */

type Measurement = { rps: number; p50: number; p99: number; errors: number };
/** CPU milliseconds a request cost the server's processes and the database's backends (from /proc). */
export type RequestCost = { serverCpu: number; databaseCpu: number };
export type Row = { rows: number; server: string; endpoint: string } & Measurement & Partial<RequestCost>;
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

/**
 * Every endpoint's load for a second, unmeasured, before any is measured: a freshly started process answers its
 * first thousands of requests slowly while V8 compiles their code (the first reads measured cost up to twice the
 * server CPU per request of the same reads later, and carried the run's longest waits), and a server in service
 * has long compiled the paths its office uses. Each endpoint still gets its own second before its measurement.
 */
export async function warmUp(base: string, endpoints: Endpoint[], tokens: Tokens): Promise<void> {
  for (const endpoint of endpoints) await load(base, endpoint, tokens, 1);
}

/**
 * Each endpoint's load after a warm-up; with a `meter` (exam-cost.ts) also what a request cost in CPU,
 * the server's and the database's, which the machine's other load changes far less than req/s and p99.
 */
export async function measureAll(
  server: string,
  base: string,
  tokens: Tokens,
  rows: number,
  only?: Endpoint[],
  meter?: CostMeter,
) {
  const results: Row[] = [];
  for (const endpoint of only ?? MEASURED) {
    // The request log of the endpoint before (the programs list writes about 15 MB/s of it) is still in
    // the page cache; written back during this endpoint's run, it would queue this endpoint's database
    // flushes behind it. Each endpoint starts with nothing left to write and pays for its own log only.
    spawnSync('sync');
    await load(base, endpoint, tokens, 1); // warm-up
    const before = await meter?.mark();
    const m = await load(base, endpoint, tokens);
    const after = await meter?.mark();
    const spent = before && after ? costPer(before, after, m.rps * DURATION) : null;
    const cost = spent ? { serverCpu: spent.server, databaseCpu: spent.database } : {};
    console.error(`    ${server} ${endpoint.name}: ${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
    results.push({ rows, server, endpoint: endpoint.name, ...m, ...cost });
  }
  return results;
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
