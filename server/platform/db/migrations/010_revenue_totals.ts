import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Revenue kept by triggers (decision 047): payments, gross and refunded rupees by IST day, by IST month
 * and in all, each by course, in `revenue_totals`, changed in the transaction of the payment or refund
 * that changes them, so the revenue screen and the stats read a few rows whatever the number of payments.
 *
 * - A payment counts (1 payment, its amount as gross) while its status is completed or refunded and it has
 *   a completion time: on the IST day it was completed. A refund never moves it out of that day.
 * - A refund counts (its amount as refunded) from the gateway's first word that does not fail it
 *   (`gateway_refund_id` set, status not failed): on the IST day the refund was asked for, for the course
 *   of its payment. A later failure takes it back out of that same day.
 *
 * Also the indexes the admin search and filters read at a million rows (searchAndFilterIndexes).
 * Frozen: change with a new migration. Backfills from the rows already there.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const PAYMENT_COUNTS = (row: 'NEW' | 'OLD') =>
  `(${row}.status IN ('completed', 'refunded') AND ${row}.completed_at IS NOT NULL)`;
const REFUND_COUNTS = (row: 'NEW' | 'OLD') => `(${row}.gateway_refund_id IS NOT NULL AND ${row}.status <> 'failed')`;

function istDay(postgres: boolean, column: string): string {
  return postgres
    ? `to_char((${column}::timestamptz at time zone 'Asia/Kolkata'), 'YYYY-MM-DD')`
    : `strftime('%Y-%m-%d', ${column}, '+330 minutes')`;
}

const UPSERT = `ON CONFLICT (grain, period, course_type, course_id) DO UPDATE SET
  payments = revenue_totals.payments + excluded.payments,
  gross = revenue_totals.gross + excluded.gross,
  refunded = revenue_totals.refunded + excluded.refunded;`;

/**
 * Adds (sign 1) or takes away (sign -1) one contribution to its day, month and all-time rows, in that
 * order (every transaction locks these rows in the same order). `from` is a FROM clause or '', `where` the
 * condition under which the row counts.
 */
function contribute(
  day: string,
  courseType: string,
  courseId: string,
  values: { payments: string; gross: string; refunded: string },
  from: string,
  where: string,
): string {
  const periods: [string, string][] = [
    ['day', day],
    ['month', `substr(${day}, 1, 7)`],
    ['all', `''`],
  ];
  return periods
    .map(
      ([
        grain,
        period,
      ]) => `INSERT INTO revenue_totals (grain, period, course_type, course_id, payments, gross, refunded)
  SELECT '${grain}', ${period}, ${courseType}, ${courseId}, ${values.payments}, ${values.gross}, ${values.refunded} ${from}
  WHERE ${where} ${UPSERT}`,
    )
    .join('\n');
}

function paymentChange(postgres: boolean, row: 'NEW' | 'OLD', sign: '' | '-'): string {
  return contribute(
    istDay(postgres, `${row}.completed_at`),
    `${row}.course_type`,
    `${row}.course_id`,
    { payments: `${sign}1`, gross: `${sign}${row}.amount`, refunded: '0' },
    '',
    PAYMENT_COUNTS(row),
  );
}

function refundChange(postgres: boolean, row: 'NEW' | 'OLD', sign: '' | '-'): string {
  return contribute(
    istDay(postgres, `${row}.created_at`),
    'p.course_type',
    'p.course_id',
    { payments: '0', gross: '0', refunded: `${sign}${row}.amount` },
    `FROM payments p`,
    `p.id = ${row}.payment_id AND ${REFUND_COUNTS(row)}`,
  );
}

const PAYMENT_WATCHED = ['status', 'completed_at', 'amount', 'course_type', 'course_id'];
const REFUND_WATCHED = ['status', 'gateway_refund_id', 'amount', 'created_at', 'payment_id'];

/** An update changes what counts: whether it counts, or (counting before and after) a watched column. */
function changes(counts: (row: 'NEW' | 'OLD') => string, watched: string[], distinct: string): string {
  return `(${counts('OLD')} ${distinct} ${counts('NEW')}) OR (${counts('NEW')} AND (${watched
    .map((c) => `OLD.${c} ${distinct} NEW.${c}`)
    .join(' OR ')}))`;
}

async function sqliteTriggers(db: Db): Promise<void> {
  const specs = [
    { table: 'payments', change: paymentChange, counts: PAYMENT_COUNTS, watched: PAYMENT_WATCHED },
    { table: 'refunds', change: refundChange, counts: REFUND_COUNTS, watched: REFUND_WATCHED },
  ];
  for (const { table, change, counts, watched } of specs) {
    await sql
      .raw(`CREATE TRIGGER ${table}_revenue_insert AFTER INSERT ON ${table} BEGIN ${change(false, 'NEW', '')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_revenue_delete AFTER DELETE ON ${table} BEGIN ${change(false, 'OLD', '-')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_revenue_update AFTER UPDATE OF ${watched.join(', ')} ON ${table}
         WHEN ${changes(counts, watched, 'IS NOT')}
         BEGIN ${change(false, 'OLD', '-')} ${change(false, 'NEW', '')} END`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Db): Promise<void> {
  const specs = [
    { table: 'payments', change: paymentChange, counts: PAYMENT_COUNTS, watched: PAYMENT_WATCHED },
    { table: 'refunds', change: refundChange, counts: REFUND_COUNTS, watched: REFUND_WATCHED },
  ];
  for (const { table, change, counts, watched } of specs) {
    await sql
      .raw(
        `CREATE FUNCTION ${table}_revenue() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${change(true, 'OLD', '-')}
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    ${change(true, 'NEW', '')}
  END IF;
  RETURN NULL;
END
$fn$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_revenue_insert_delete AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_revenue()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_revenue_update AFTER UPDATE OF ${watched.join(', ')} ON ${table} FOR EACH ROW
         WHEN (${changes(counts, watched, 'IS DISTINCT FROM')}) EXECUTE FUNCTION ${table}_revenue()`,
      )
      .execute(db);
  }
}

/** The totals of the rows already there, computed the way the triggers keep them. */
async function backfill(db: Db, postgres: boolean): Promise<void> {
  const day = istDay(postgres, 'completed_at');
  const refundDay = istDay(postgres, 'r.created_at');
  const contributions = `
    SELECT ${day} AS day, course_type, course_id, 1 AS payments, amount AS gross, 0 AS refunded
      FROM payments WHERE status IN ('completed', 'refunded') AND completed_at IS NOT NULL
    UNION ALL
    SELECT ${refundDay}, p.course_type, p.course_id, 0, 0, r.amount
      FROM refunds r JOIN payments p ON p.id = r.payment_id
      WHERE r.gateway_refund_id IS NOT NULL AND r.status <> 'failed'`;
  for (const [grain, period] of [
    ['day', 'day'],
    ['month', 'substr(day, 1, 7)'],
    ['all', `''`],
  ]) {
    await sql
      .raw(
        `INSERT INTO revenue_totals (grain, period, course_type, course_id, payments, gross, refunded)
         SELECT '${grain}', ${period}, course_type, course_id, sum(payments), sum(gross), sum(refunded)
         FROM (${contributions}) c GROUP BY ${period === `''` ? '' : `${period}, `}course_type, course_id`,
      )
      .execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('revenue_totals')
    .addColumn('grain', 'varchar(5)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('course_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('payments', 'bigint', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('revenue_totals_pk', ['grain', 'period', 'course_type', 'course_id'])
    .execute();
  await backfill(db, postgres);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await searchAndFilterIndexes(db, postgres);
}

const SEARCHED = ['username', 'first_name', 'last_name', 'email'];

/**
 * The admin search reads `lower(column) LIKE '%text%'` on the students' names, usernames and emails: on
 * PostgreSQL a trigram GIN index per column answers it (pg_trgm ships with PostgreSQL and is a trusted
 * extension). Status + course type + date range filters, and their capped counts, read one index range.
 */
async function searchAndFilterIndexes(db: Db, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm').execute(db);
    for (const column of SEARCHED) {
      await sql
        .raw(`CREATE INDEX users_${column}_trigram ON users USING gin (lower(${column}) gin_trgm_ops)`)
        .execute(db);
    }
  }
  await db.schema
    .createIndex('payments_status_course')
    .on('payments')
    .columns(['status', 'course_type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('enrollments_status_course')
    .on('enrollments')
    .columns(['status', 'course_type', 'enrolled_at', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('payments_status_course').ifExists().execute();
  await db.schema.dropIndex('enrollments_status_course').ifExists().execute();
  if (postgres)
    for (const column of SEARCHED) await db.schema.dropIndex(`users_${column}_trigram`).ifExists().execute();
  for (const table of ['payments', 'refunds']) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_revenue_insert_delete ON ${table}`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_revenue_update ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_revenue()`).execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_revenue_${suffix}`).execute(db);
    }
  }
  await db.schema.dropTable('revenue_totals').ifExists().execute();
}
