/**
 * The PostgreSQL runs at scale of `npm run bench:api` (with BENCH_DATABASE_URL; BENCH_SCALE_ROWS payments,
 * default 1,000,000, 0 skips them), one per data shape (`--shape=default,steady,burst` or BENCH_SHAPES; all
 * three unless told; scripts/bench/shapes.ts describes them): a fresh database seeded by
 * scripts/seed-million.ts in that shape (as many enrollments, 100,000 students), the project started as in
 * production, and each admin read at that size loaded in turn (`reads` below). BENCH_SCALE_DATABASE_URL
 * measures databases seeded before (by `npx tsx scripts/seed-million.ts URL 1000000 <shape>`) and keeps
 * them; `{shape}` in it stands for the shape's name (e.g. `postgres://root@127.0.0.1:5432/shapes_{shape}`).
 */
import path from 'node:path';
import pg from 'pg';
import { encodeCursor } from '../server/platform/lib/keyset.ts';
import { seedMillion } from './seed-million.ts';
import { chosen, type Endpoint } from './bench/config.ts';
import { login, measureAll, warmUp, type Row } from './bench/load.ts';
import { CostMeter } from './bench/exam-cost.ts';
import { createPostgres, startProject, stop } from './bench/servers.ts';
import { SEARCH_TERMS, type Shape } from './bench/shapes.ts';
import { openDatabase } from '../server/platform/db/connect.ts';
import { istToday } from '../contract/time.ts';

export const SCALE_ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 1_000_000);

/** The cursor of page `page` (50 a page, newest first), as the `next` link of page `page - 1` carries it. */
async function cursorOf(client: pg.Client, table: 'payments' | 'enrollments', page: number): Promise<string> {
  const column = table === 'payments' ? 'created_at' : 'enrolled_at';
  const { rows } = await client.query<{ at: string; id: number }>(
    `SELECT ${column} AS at, id FROM ${table} ORDER BY ${column} DESC, id DESC OFFSET $1 LIMIT 1`,
    [(page - 1) * 50 - 1],
  );
  return encodeCursor('after', rows[0]!);
}

const istDate = (daysAgo: number) => istToday(new Date(Date.now() - daysAgo * 86_400_000));

/**
 * The 30-day range each shape is read over: for the burst, its month (the 900,000 payments); else 240 to
 * 211 days ago, where the steady shape's payments are all for workshops (so a program filter finds none).
 */
const RANGE: Record<Shape, [number, number]> = { default: [240, 211], steady: [240, 211], burst: [179, 150] };

/**
 * Each list's reads: page 1 and page 1,000 (by the cursor its `next` links carry), each filter alone and
 * with the 30-day range, the status + course type + range, a rare and a common search term (the
 * common one with the range too). `course` is the first program: the oldest block in the steady shape, the
 * burst's course.
 */
async function reads(url: string, shape: Shape): Promise<Endpoint[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM programs ORDER BY id LIMIT 1`);
    const course = rows[0]!.id;
    const range = `date_from=${istDate(RANGE[shape][0])}&date_to=${istDate(RANGE[shape][1])}`;
    const terms = SEARCH_TERMS[shape];
    const admin = (path: string, name = `GET ${path}`): Endpoint => ({ name, method: 'GET', path, auth: true });
    const list = async (table: 'payments' | 'enrollments'): Promise<Endpoint[]> => {
      const base = `/api/admin/${table}/`;
      const named = (query: string, name: string) => admin(`${base}?${query}`, `${table} ${name}`);
      const filters: Array<[string, string]> = [
        ['status=on_hold', 'status'],
        ['is_urgent=true', 'urgent'],
        ['course_type=program', 'course_type'],
        [`course=${course}`, 'course'],
      ];
      return [
        named('page=1', 'page 1'),
        named(`cursor=${await cursorOf(client, table, 1000)}`, 'page 1,000 (cursor)'),
        ...filters.map(([query, name]) => named(query, name)),
        named(range, '30-day range'),
        ...filters.map(([query, name]) => named(`${query}&${range}`, `${name} + range`)),
        named(`status=completed&course_type=program&${range}`, 'completed + program + range'),
        named(`search=${terms.rare}`, `search ${terms.rare} (rare)`),
        named(`search=${terms.common}`, `search ${terms.common} (common)`),
        named(`search=${terms.common}&${range}`, `search ${terms.common} + range`),
      ];
    };
    return [
      ...(await list('payments')),
      ...(await list('enrollments')),
      admin('/classroom/admin/stats/', 'stats'),
      admin('/api/admin/revenue/?group=month', 'revenue by month'),
      admin('/api/admin/revenue/?group=course', 'revenue by course'),
      admin('/api/admin/counseling-requests/', 'counseling page 1'),
      admin('/api/admin/counseling-requests/?search=lead42', 'counseling search lead42'),
    ];
  } finally {
    await client.end();
  }
}

/** Seeds (or takes the kept database of) one shape, starts the project, measures each admin read. */
export async function runScale(dir: string, shape: Shape): Promise<Row[]> {
  const kept = process.env.BENCH_SCALE_DATABASE_URL?.replaceAll('{shape}', shape);
  const database = kept ? { url: kept, drop: async () => {} } : await createPostgres();
  try {
    const started = Date.now();
    if (!kept) await seedMillion(database.url, SCALE_ROWS, shape);
    console.error(
      `  postgres (${shape}): seeded ${SCALE_ROWS.toLocaleString('en-IN')} payments + enrollments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const endpoints = chosen(await reads(database.url, shape));
    const project = await startProject(database.url, path.join(dir, `requests-scale-${shape}.log`));
    const minting = openDatabase(database.url);
    // What each request costs in CPU: the project's processes and the database's backends.
    const meter = new CostMeter(database.url, () => (project.child.pid ? [project.child.pid] : []));
    try {
      await meter.start();
      const tokens = await login(project.base, minting.db);
      await warmUp(project.base, endpoints, tokens);
      return await measureAll(`project-pg ${shape}`, project.base, tokens, SCALE_ROWS, endpoints, meter);
    } finally {
      await meter.stop();
      await stop(project.child);
      await minting.close();
    }
  } finally {
    await database.drop();
  }
}
