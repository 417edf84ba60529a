/**
 * The PostgreSQL run at scale of `npm run bench:api` (with BENCH_DATABASE_URL; BENCH_SCALE_ROWS payments,
 * default 1,000,000, 0 skips it): a fresh database seeded by scripts/seed-million.ts (as many enrollments,
 * 100,000 students), the project started as in production, and each admin read at that size loaded in
 * turn: Payments and Enrollments page 1 and page 1,000 (through the cursor its `next` links carry), a
 * search for one student, a broad search, status + course type + date range, stats, revenue by month and
 * by course, the counseling list. BENCH_SCALE_DATABASE_URL measures a database seeded before (by
 * `npx tsx scripts/seed-million.ts URL`) and keeps it.
 */
import path from 'node:path';
import pg from 'pg';
import { encodeCursor } from '../server/lib/keyset.ts';
import { seedMillion } from './seed-million.ts';
import type { Endpoint } from './bench/config.ts';
import { login, measureAll, type Row } from './bench/load.ts';
import { createPostgres, startProject, stop } from './bench/servers.ts';
import { openDatabase } from '../server/db/connect.ts';

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

const istDate = (daysAgo: number) =>
  new Date(Date.now() + 330 * 60_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function endpoints(url: string): Promise<Endpoint[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const paymentsPage1000 = await cursorOf(client, 'payments', 1000);
    const enrollmentsPage1000 = await cursorOf(client, 'enrollments', 1000);
    const admin = (path: string, name = `GET ${path}`): Endpoint => ({ name, method: 'GET', path, auth: true });
    return [
      admin('/api/admin/payments/?page=1'),
      admin(`/api/admin/payments/?cursor=${paymentsPage1000}`, 'GET /api/admin/payments/ page 1,000 (cursor)'),
      admin('/api/admin/enrollments/?page=1'),
      admin(`/api/admin/enrollments/?cursor=${enrollmentsPage1000}`, 'GET /api/admin/enrollments/ page 1,000 (cursor)'),
      admin('/api/admin/payments/?search=student48213', 'GET /api/admin/payments/?search=<one student>'),
      admin('/api/admin/payments/?search=student', 'GET /api/admin/payments/?search=student (broad)'),
      admin(
        `/api/admin/payments/?status=completed&course_type=program&date_from=${istDate(300)}&date_to=${istDate(210)}`,
        'GET /api/admin/payments/?status&course_type&90-day range',
      ),
      admin('/classroom/admin/stats/'),
      admin('/api/admin/revenue/?group=month'),
      admin('/api/admin/revenue/?group=course'),
      admin('/api/admin/counseling-requests/'),
    ];
  } finally {
    await client.end();
  }
}

/** Seeds, starts, measures each admin read, drops the database. */
export async function runScale(dir: string): Promise<Row[]> {
  const kept = process.env.BENCH_SCALE_DATABASE_URL;
  const database = kept ? { url: kept, drop: async () => {} } : await createPostgres();
  try {
    const started = Date.now();
    if (!kept) await seedMillion(database.url, SCALE_ROWS);
    console.error(
      `  postgres: seeded ${SCALE_ROWS.toLocaleString('en-IN')} payments + enrollments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const reads = await endpoints(database.url);
    const project = await startProject(database.url, path.join(dir, 'requests-scale.log'));
    const minting = openDatabase(database.url);
    try {
      return await measureAll('project-pg', project.base, await login(project.base, minting.db), SCALE_ROWS, reads);
    } finally {
      await stop(project.child);
      await minting.close();
    }
  } finally {
    await database.drop();
  }
}
