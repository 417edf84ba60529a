import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The admin Payments and Enrollments lists count what their filters match from totals kept by triggers
 * (decision record 059), so a count costs a few dozen rows whatever the number of payments:
 *
 * - `record_totals` holds, for each entity (payment, enrollment), the number of rows by status, course
 *   type, course, urgency and (payments) whether something was refunded, for each IST day of the row's
 *   creation (`grain` 'day', period YYYY-MM-DD), each IST month ('month', YYYY-MM) and in all ('all', '').
 *   A date range is counted from the whole months inside it and the days at its ends.
 * - Every insert, delete and update of a watched column changes the rows in the transaction of the
 *   change. On PostgreSQL a transaction locks these rows grain by grain ('all', 'month', 'day') and, within
 *   a grain, the lower key first, so two transactions moving payments between the same keys in opposite
 *   directions cannot deadlock.
 *
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

type Spec = { table: string; entity: string; at: string; refunded: (row: string) => string; watched: string[] };

const SPECS: Spec[] = [
  {
    table: 'payments',
    entity: 'payment',
    at: 'created_at',
    refunded: (row) => `CASE WHEN ${row}.refunded_amount > 0 THEN 1 ELSE 0 END`,
    watched: ['status', 'course_type', 'course_id', 'is_urgent', 'refunded_amount', 'created_at'],
  },
  {
    table: 'enrollments',
    entity: 'enrollment',
    at: 'enrolled_at',
    refunded: () => '0',
    watched: ['status', 'course_type', 'course_id', 'is_urgent', 'enrolled_at'],
  },
];

function istDay(postgres: boolean, column: string): string {
  return postgres
    ? `to_char((${column}::timestamptz at time zone 'Asia/Kolkata'), 'YYYY-MM-DD')`
    : `strftime('%Y-%m-%d', ${column}, '+330 minutes')`;
}

const GRAINS = [
  ['all', () => `''`],
  ['month', (day: string) => `substr(${day}, 1, 7)`],
  ['day', (day: string) => day],
] as const;

/** The key columns after (entity, grain, period), as `row` gives them. */
const keyOf = (spec: Spec, row: string) => [
  `${row}.status`,
  `${row}.course_type`,
  `${row}.course_id`,
  `${row}.is_urgent`,
  spec.refunded(row),
];

/** Adds (`+1`) or takes away (`-1`) `row` from its `grain` row. */
function change(spec: Spec, postgres: boolean, grain: (typeof GRAINS)[number], row: string, sign: 1 | -1): string {
  const [name, period] = grain;
  const key = keyOf(spec, row);
  if (sign === 1)
    return `INSERT INTO record_totals (entity, grain, period, status, course_type, course_id, is_urgent, refunded, n)
      VALUES ('${spec.entity}', '${name}', ${period(istDay(postgres, `${row}.${spec.at}`))}, ${key.join(', ')}, 1)
      ON CONFLICT (entity, grain, period, status, course_type, course_id, is_urgent, refunded)
      DO UPDATE SET n = record_totals.n + 1;`;
  return `UPDATE record_totals SET n = n - 1 WHERE entity = '${spec.entity}' AND grain = '${name}'
      AND period = ${period(istDay(postgres, `${row}.${spec.at}`))} AND status = ${key[0]} AND course_type = ${key[1]}
      AND course_id = ${key[2]} AND is_urgent = ${key[3]} AND refunded = ${key[4]};`;
}

const everyGrain = (spec: Spec, postgres: boolean, row: string, sign: 1 | -1) =>
  GRAINS.map((grain) => change(spec, postgres, grain, row, sign)).join('\n');

const updated = (spec: Spec, distinct: string) => spec.watched.map((c) => `OLD.${c} ${distinct} NEW.${c}`).join(' OR ');

async function sqliteTriggers(db: Db, spec: Spec): Promise<void> {
  const name = `${spec.table}_record_totals`;
  await sql
    .raw(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${spec.table} BEGIN ${everyGrain(spec, false, 'NEW', 1)} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${spec.table} BEGIN ${everyGrain(spec, false, 'OLD', -1)} END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${spec.watched.join(', ')} ON ${spec.table}
       WHEN ${updated(spec, 'IS NOT')}
       BEGIN ${everyGrain(spec, false, 'OLD', -1)} ${everyGrain(spec, false, 'NEW', 1)} END`,
    )
    .execute(db);
}

async function postgresTriggers(db: Db, spec: Spec): Promise<void> {
  const period = (grain: (typeof GRAINS)[number], row: string) => grain[1](istDay(true, `${row}.${spec.at}`));
  // Within a grain, the lower (period, key) first: every transaction locks these rows in one order.
  const moves = GRAINS.map((grain) => {
    const before = `(${[period(grain, 'OLD'), ...keyOf(spec, 'OLD')].join(', ')})`;
    const after = `(${[period(grain, 'NEW'), ...keyOf(spec, 'NEW')].join(', ')})`;
    return `IF ${before} < ${after} THEN
      ${change(spec, true, grain, 'OLD', -1)}
      ${change(spec, true, grain, 'NEW', 1)}
    ELSE
      ${change(spec, true, grain, 'NEW', 1)}
      ${change(spec, true, grain, 'OLD', -1)}
    END IF;`;
  }).join('\n');
  await sql
    .raw(
      `CREATE FUNCTION ${spec.table}_record_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${everyGrain(spec, true, 'NEW', 1)}
  ELSIF TG_OP = 'DELETE' THEN
    ${everyGrain(spec, true, 'OLD', -1)}
  ELSE
    ${moves}
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${spec.table}_record_totals_insert_delete AFTER INSERT OR DELETE ON ${spec.table}
       FOR EACH ROW EXECUTE FUNCTION ${spec.table}_record_totals()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${spec.table}_record_totals_update AFTER UPDATE OF ${spec.watched.join(', ')} ON ${spec.table}
       FOR EACH ROW WHEN (${updated(spec, 'IS DISTINCT FROM')}) EXECUTE FUNCTION ${spec.table}_record_totals()`,
    )
    .execute(db);
}

/** The totals of the rows already there, as the triggers keep them. */
export function recountStatements(postgres: boolean): string[] {
  return SPECS.flatMap((spec) => {
    const rows = `SELECT ${istDay(postgres, spec.at)} AS day, status, course_type, course_id, is_urgent,
      ${spec.refunded(spec.table)} AS refunded FROM ${spec.table}`;
    return GRAINS.map(
      ([name, period]) =>
        `INSERT INTO record_totals (entity, grain, period, status, course_type, course_id, is_urgent, refunded, n)
         SELECT '${spec.entity}', '${name}', ${period('day')} AS p, status, course_type, course_id, is_urgent, refunded, count(*)
         FROM (${rows}) r GROUP BY p, status, course_type, course_id, is_urgent, refunded`,
    );
  });
}

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('record_totals')
    .addColumn('entity', 'varchar(10)', (c) => c.notNull())
    .addColumn('grain', 'varchar(5)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('course_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('is_urgent', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_totals_pk', [
      'entity',
      'grain',
      'period',
      'status',
      'course_type',
      'course_id',
      'is_urgent',
      'refunded',
    ])
    .execute();
  for (const statement of recountStatements(postgres)) await sql.raw(statement).execute(db);
  for (const spec of SPECS) {
    if (postgres) await postgresTriggers(db, spec);
    else await sqliteTriggers(db, spec);
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const spec of SPECS) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${spec.table}_record_totals_insert_delete ON ${spec.table}`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${spec.table}_record_totals_update ON ${spec.table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${spec.table}_record_totals()`).execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${spec.table}_record_totals_${suffix}`).execute(db);
    }
  }
  await db.schema.dropTable('record_totals').ifExists().execute();
}
