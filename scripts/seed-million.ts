/**
 * `npx tsx scripts/seed-million.ts postgres://…/db [payments] [default|steady|burst]`: a PostgreSQL database
 * at the size of a large institute, for `npm run bench:api` (its PostgreSQL runs at scale) and for trying
 * the office by hand: the demo content, then 1,000,000 payments (default), as many enrollments, one student
 * per ten payments (100,000), a refund on one completed payment in a hundred, and 10,000 counseling
 * requests, laid out in the data shape asked for (scripts/bench/shapes.ts). Written by the database itself
 * (INSERT … SELECT over generate_series), with the row triggers paused for the load
 * (session_replication_role = replica), the indexes that are no constraint's built after it, and the kept
 * totals recounted as the triggers keep them, so a million rows take a few minutes, not an hour. Students'
 * password is `bench-student`.
 */
import pg from 'pg';
import { openDatabase } from '../server/platform/db/connect.ts';
import { IST_TIME_ZONE } from '../contract/time.ts';
import { migrateToLatest } from '../server/platform/db/migrate.ts';
import { seedDemo } from '../server/platform/db/seed.ts';
import { recountStatements } from '../server/platform/db/migrations/020_record_totals.ts';
import { hashPassword } from '../server/platform/lib/passwords.ts';
import { SHAPES, shapeStatements, type Shape } from './bench/shapes.ts';

/** The statements, in order; `$1` is the number of payments, `$2` the password hash. */
function statements(shape: Shape): string[] {
  return [
    `SET session_replication_role = replica`,
    ...shapeStatements(shape),
    `INSERT INTO payments (student_id, course_type, course_id, status, amount, payment_method, failure_reason,
                           admin_notes, is_urgent, created_at, completed_at, updated_at)
     SELECT student_id, course_type, course_id, st, 45000 + (i % 10) * 10000,
            (ARRAY['credit_card','debit_card','upi'])[1 + i % 3],
            CASE WHEN st = 'failed' THEN (ARRAY['card_declined','bank_timeout','insufficient_funds'])[1 + i % 3] END,
            '', CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END, at, CASE WHEN st = 'completed' THEN at END, at
     FROM bench_rows r`,
    `INSERT INTO enrollments (student_id, course_type, course_id, status, is_active, progress_percentage,
                              issue_description, admin_notes, is_urgent, enrolled_at, updated_at)
     SELECT student_id, course_type, course_id, st, CASE WHEN st IN ('active','completed') THEN 1 ELSE 0 END,
            i % 101, '', '', CASE WHEN i % 70 = 0 THEN 1 ELSE 0 END, at, at
     FROM bench_enrolment_rows r`,
    // A refund on one completed payment in a hundred, a week after it (a fifth of them in full).
    `INSERT INTO refunds (payment_id, idempotency_key, amount, reason, revoke_access, status, gateway_refund_id,
                          error, created_by, created_at, updated_at)
     SELECT id, 'bench-' || id, CASE WHEN id % 500 = 0 THEN amount ELSE 5000 END, 'Bench refund', 0, 'processed',
            'rfnd_bench_' || id, '', NULL, at, at
     FROM (SELECT id, amount, to_char((completed_at::timestamptz + interval '7 days') at time zone 'UTC',
                  'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
           FROM payments WHERE status = 'completed' AND id % 100 = 0) p`,
    `UPDATE payments p SET refunded_amount = r.amount,
            status = CASE WHEN r.amount >= p.amount THEN 'refunded' ELSE p.status END
     FROM refunds r WHERE r.payment_id = p.id AND r.idempotency_key LIKE 'bench-%'`,
    `SET session_replication_role = DEFAULT`,
    // The kept totals (migrations 002, 010, 020, 021 and 022), recounted as the triggers would have kept them.
    `DELETE FROM totals`,
    `INSERT INTO totals (entity, status, is_urgent, n, amount)
     SELECT 'payment', status, is_urgent, count(*), sum(amount) FROM payments GROUP BY status, is_urgent
     UNION ALL SELECT 'enrollment', status, is_urgent, count(*), 0 FROM enrollments GROUP BY status, is_urgent
     UNION ALL SELECT 'user', role, 0, count(*), 0 FROM users GROUP BY role`,
    `DELETE FROM counseling_totals`,
    `INSERT INTO counseling_totals (status, assignee_id, n)
     SELECT status, coalesce(assignee_id, 0), count(*) FROM counseling_requests GROUP BY status, coalesce(assignee_id, 0)`,
    `DELETE FROM revenue_totals`,
    `CREATE TEMP TABLE bench_revenue AS
       SELECT to_char(completed_at::timestamptz at time zone '${IST_TIME_ZONE}', 'YYYY-MM-DD') AS day, course_type, course_id,
              1 AS payments, amount AS gross, 0 AS refunded
       FROM payments WHERE status IN ('completed', 'refunded') AND completed_at IS NOT NULL
       UNION ALL
       SELECT to_char(r.created_at::timestamptz at time zone '${IST_TIME_ZONE}', 'YYYY-MM-DD'), p.course_type, p.course_id, 0, 0, r.amount
       FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.gateway_refund_id IS NOT NULL AND r.status <> 'failed'`,
    `INSERT INTO revenue_totals (grain, period, course_type, course_id, payments, gross, refunded)
     SELECT 'day', day, course_type, course_id, sum(payments), sum(gross), sum(refunded) FROM bench_revenue GROUP BY 2, 3, 4
     UNION ALL
     SELECT 'month', substr(day, 1, 7), course_type, course_id, sum(payments), sum(gross), sum(refunded) FROM bench_revenue GROUP BY 2, 3, 4
     UNION ALL
     SELECT 'all', '', course_type, course_id, sum(payments), sum(gross), sum(refunded) FROM bench_revenue GROUP BY 3, 4`,
    `DELETE FROM record_totals`,
    ...recountStatements(true),
    ...(['payment', 'enrollment'] as const).map(
      (entity) => `UPDATE users u SET ${entity}_count = c.n
       FROM (SELECT student_id, count(*) AS n FROM ${entity}s GROUP BY student_id) c WHERE c.student_id = u.id`,
    ),
  ];
}

/** Loads a fresh PostgreSQL database (migrated here) with `payments` payments and their peers. */
export async function seedMillion(url: string, payments = 1_000_000, shape: Shape = 'default'): Promise<void> {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await handle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await hashPassword('bench-student');
    // Indexes are built once after the load (far faster than kept row by row); constraints' stay.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = 'public' AND tablename IN ('users', 'payments', 'enrollments', 'refunds', 'counseling_requests')
         AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    for (const statement of statements(shape)) {
      const params = [/\$1/.test(statement) ? payments : undefined, /\$2/.test(statement) ? hash : undefined];
      const used = params[1] !== undefined ? params : params[0] !== undefined ? [params[0]] : [];
      await client.query(statement, used);
    }
    for (const index of indexes) await client.query(index.definition);
    // Statistics for the planner, and the visibility map for index-only counts.
    await client.query('VACUUM ANALYZE');
    // The load's pages on disk now, not by a checkpoint spread over the reads that follow: its writes and
    // fsyncs would fall in the measured reads. A role that may not checkpoint skips it.
    await client.query('CHECKPOINT').catch(() => undefined);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, count, shape = 'default'] = process.argv.slice(2);
  if (!url?.startsWith('postgres') || !(SHAPES as readonly string[]).includes(shape)) {
    console.error(
      `Usage: npx tsx scripts/seed-million.ts postgres://user@host:5432/database [payments] [${SHAPES.join('|')}]`,
    );
    process.exit(2);
  }
  const started = Date.now();
  seedMillion(url, count ? Number(count) : undefined, shape as Shape)
    .then(() => console.error(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
