import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Running totals of payments and enrollments (by status and urgency) and of users (by role), kept
 * by triggers, so the admin stats, the issue summary and the admin lists' counts read a handful of
 * rows whatever the size of the tables. Triggers catch every write path (API, seed, bulk loads).
 * Frozen: change with a new migration.
 *
 * Deadlock avoidance on PostgreSQL: an update that moves a row between two totals rows touches the
 * lower key first, so concurrent transactions always lock totals rows in the same order.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const TABLES = [
  { table: 'payments', entity: 'payment', key: 'status', urgent: 'is_urgent', amount: 'amount' },
  { table: 'enrollments', entity: 'enrollment', key: 'status', urgent: 'is_urgent', amount: '0' },
  { table: 'users', entity: 'user', key: 'role', urgent: '0', amount: '0' },
] as const;

type Spec = (typeof TABLES)[number];
const col = (_spec: Spec, row: 'NEW' | 'OLD', expr: string) => (/^\d+$/.test(expr) ? expr : `${row}.${expr}`);

function add(spec: Spec, row: 'NEW' | 'OLD'): string {
  return `INSERT INTO totals (entity, status, is_urgent, n, amount)
    VALUES ('${spec.entity}', ${col(spec, row, spec.key)}, ${col(spec, row, spec.urgent)}, 1, ${col(spec, row, spec.amount)})
    ON CONFLICT (entity, status, is_urgent) DO UPDATE SET n = totals.n + 1, amount = totals.amount + excluded.amount;`;
}
function remove(spec: Spec, row: 'NEW' | 'OLD'): string {
  return `UPDATE totals SET n = n - 1, amount = amount - ${col(spec, row, spec.amount)}
    WHERE entity = '${spec.entity}' AND status = ${col(spec, row, spec.key)} AND is_urgent = ${col(spec, row, spec.urgent)};`;
}
function changed(spec: Spec): string {
  return [spec.key, spec.urgent, spec.amount]
    .filter((c) => !/^\d+$/.test(c))
    .map((c) => `OLD.${c} IS NOT NEW.${c}`)
    .join(' OR ');
}

async function sqliteTriggers(db: Db): Promise<void> {
  for (const spec of TABLES) {
    const watched = [spec.key, spec.urgent, spec.amount].filter((c) => !/^\d+$/.test(c)).join(', ');
    await sql
      .raw(`CREATE TRIGGER ${spec.table}_totals_insert AFTER INSERT ON ${spec.table} BEGIN ${add(spec, 'NEW')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${spec.table}_totals_delete AFTER DELETE ON ${spec.table} BEGIN ${remove(spec, 'OLD')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${spec.table}_totals_update AFTER UPDATE OF ${watched} ON ${spec.table} WHEN ${changed(spec)} BEGIN ${remove(spec, 'OLD')} ${add(spec, 'NEW')} END`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Db): Promise<void> {
  for (const spec of TABLES) {
    const oldKey = `(${col(spec, 'OLD', spec.key)}, ${col(spec, 'OLD', spec.urgent)})`;
    const newKey = `(${col(spec, 'NEW', spec.key)}, ${col(spec, 'NEW', spec.urgent)})`;
    await sql
      .raw(
        `CREATE FUNCTION ${spec.table}_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${add(spec, 'NEW')}
  ELSIF TG_OP = 'DELETE' THEN
    ${remove(spec, 'OLD')}
  ELSIF ${oldKey} < ${newKey} THEN
    ${remove(spec, 'OLD')}
    ${add(spec, 'NEW')}
  ELSE
    ${add(spec, 'NEW')}
    ${remove(spec, 'OLD')}
  END IF;
  RETURN NULL;
END
$fn$`,
      )
      .execute(db);
    const watched = [spec.key, spec.urgent, spec.amount].filter((c) => !/^\d+$/.test(c)).join(', ');
    const distinct = changed(spec).replaceAll(' IS NOT ', ' IS DISTINCT FROM ');
    await sql
      .raw(
        `CREATE TRIGGER ${spec.table}_totals_insert_delete AFTER INSERT OR DELETE ON ${spec.table} FOR EACH ROW EXECUTE FUNCTION ${spec.table}_totals()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${spec.table}_totals_update AFTER UPDATE OF ${watched} ON ${spec.table} FOR EACH ROW WHEN (${distinct}) EXECUTE FUNCTION ${spec.table}_totals()`,
      )
      .execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('totals')
    .addColumn('entity', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_urgent', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('totals_pk', ['entity', 'status', 'is_urgent'])
    .execute();
  // Start from what is already there.
  for (const spec of TABLES) {
    await sql
      .raw(
        `INSERT INTO totals (entity, status, is_urgent, n, amount)
         SELECT '${spec.entity}', ${spec.key}, ${spec.urgent}, count(*), coalesce(sum(${spec.amount}), 0) FROM ${spec.table} GROUP BY ${[spec.key, spec.urgent].filter((c) => !/^\d+$/.test(c)).join(', ')}`,
      )
      .execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const spec of TABLES) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${spec.table}_totals_insert_delete ON ${spec.table}`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${spec.table}_totals_update ON ${spec.table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${spec.table}_totals()`).execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${spec.table}_totals_${suffix}`).execute(db);
    }
  }
  await db.schema.dropTable('totals').ifExists().execute();
}
