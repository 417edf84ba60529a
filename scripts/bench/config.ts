import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** `npm run bench:api`'s settings (scripts/bench-api.ts describes them), its JWT secret and what it measures. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const THREADS = Number(process.env.BENCH_THREADS ?? 2);
export const PROCESSES = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
export const SECRET = randomBytes(32).toString('hex');
export const PYTHON = process.env.BENCH_PYTHON ?? '/usr/bin/python3';
const HAS_WRK = spawnSync('wrk', ['--version']).error === undefined;
export const TOOL = process.env.BENCH_TOOL ?? (HAS_WRK ? 'wrk' : 'autocannon');

export type Endpoint = { name: string; method: 'GET' | 'POST'; path: string; auth: boolean; body?: 'refresh' };
export const ENDPOINTS: Endpoint[] = [
  { name: 'GET /classroom/programs/', method: 'GET', path: '/classroom/programs/', auth: false },
  { name: 'GET /classroom/auth/me/', method: 'GET', path: '/classroom/auth/me/', auth: true },
  { name: 'GET /api/admin/payments/?page=1', method: 'GET', path: '/api/admin/payments/?page=1', auth: true },
  { name: 'GET /classroom/admin/stats/', method: 'GET', path: '/classroom/admin/stats/', auth: true },
  { name: 'POST /auth/token/refresh/', method: 'POST', path: '/auth/token/refresh/', auth: false, body: 'refresh' },
];

/** BENCH_ENDPOINTS (comma list of parts of endpoint names, e.g. `refresh,stats`) measures only those. */
const CHOSEN = process.env.BENCH_ENDPOINTS?.split(',').map((s) => s.trim().toLowerCase());
export const MEASURED = CHOSEN
  ? ENDPOINTS.filter((e, i) => i === 0 || CHOSEN.some((part) => e.name.toLowerCase().includes(part)))
  : ENDPOINTS;
/** The reads at scale BENCH_ENDPOINTS names (all when unset). */
export const chosen = (endpoints: Endpoint[]) =>
  CHOSEN ? endpoints.filter((e) => CHOSEN.some((part) => e.name.toLowerCase().includes(part))) : endpoints;
