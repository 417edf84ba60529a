import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The admin counseling list at 10,000+ requests (decision record 060):
 *
 * - `counseling_totals`: the number of requests by (status, assignee; 0 for none), kept by row triggers in
 *   the transaction of each insert, delete and change of status or assignee (as migration 002 keeps
 *   `totals`), so the list's count without a search reads a few rows. Backfilled from the rows there.
 * - `counseling_follow_ups`: a partial index of the open requests that have a follow-up date, in the
 *   overdue part's order (follow-up day, then newest first), and `counseling_newest_pipeline`, the whole
 *   table newest first with the columns the list filters on: each part of the list reads its page from
 *   an index, index-only on PostgreSQL. It replaces `counseling_newest` (001), a prefix of it.
 * - PostgreSQL: a trigram GIN index on the searched text (name, email and phone as one lowercase string),
 *   pg_trgm being enabled by migration 010. Without its pending list (`fastupdate = off`): a write adds its
 *   trigrams at once, so a search never scans a list of recent writes waiting for the next vacuum.
 *
 * Frozen: change with a new migration. Deadlock avoidance on PostgreSQL as in 002: an update that moves a
 * request between two totals rows touches the lower key first, so concurrent transactions lock them in
 * the same order.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const key = (row: 'NEW' | 'OLD') => `${row}.status, coalesce(${row}.assignee_id, 0)`;
const add = (row: 'NEW' | 'OLD') =>
  `INSERT INTO counseling_totals (status, assignee_id, n) VALUES (${key(row)}, 1)
    ON CONFLICT (status, assignee_id) DO UPDATE SET n = counseling_totals.n + 1;`;
const remove = (row: 'NEW' | 'OLD') =>
  `UPDATE counseling_totals SET n = n - 1
    WHERE status = ${row}.status AND assignee_id = coalesce(${row}.assignee_id, 0);`;
const changed = (distinct: string) =>
  `OLD.status ${distinct} NEW.status OR OLD.assignee_id ${distinct} NEW.assignee_id`;

async function sqliteTriggers(db: Db): Promise<void> {
  await sql
    .raw(`CREATE TRIGGER counseling_totals_insert AFTER INSERT ON counseling_requests BEGIN ${add('NEW')} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER counseling_totals_delete AFTER DELETE ON counseling_requests BEGIN ${remove('OLD')} END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER counseling_totals_update AFTER UPDATE OF status, assignee_id ON counseling_requests
       WHEN ${changed('IS NOT')} BEGIN ${remove('OLD')} ${add('NEW')} END`,
    )
    .execute(db);
}

async function postgresTriggers(db: Db): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION counseling_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${add('NEW')}
  ELSIF TG_OP = 'DELETE' THEN
    ${remove('OLD')}
  ELSIF (${key('OLD')}) < (${key('NEW')}) THEN
    ${remove('OLD')}
    ${add('NEW')}
  ELSE
    ${add('NEW')}
    ${remove('OLD')}
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER counseling_totals_insert_delete AFTER INSERT OR DELETE ON counseling_requests
       FOR EACH ROW EXECUTE FUNCTION counseling_totals()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER counseling_totals_update AFTER UPDATE OF status, assignee_id ON counseling_requests
       FOR EACH ROW WHEN (${changed('IS DISTINCT FROM')}) EXECUTE FUNCTION counseling_totals()`,
    )
    .execute(db);
}

/**
 * The list's two parts, each read in its own order from its own index. The filtered columns ride along
 * (PostgreSQL: INCLUDE; SQLite: trailing key columns) so a filter is checked in the index.
 */
async function listIndexes(db: Db, postgres: boolean): Promise<void> {
  const carried = (columns: string[]) => (postgres ? ` INCLUDE (${columns.join(', ')})` : '');
  const trailing = (columns: string[]) => (postgres ? '' : `, ${columns.join(', ')}`);
  await sql
    .raw(
      `CREATE INDEX counseling_follow_ups ON counseling_requests
       (next_follow_up, created_at DESC, id DESC${trailing(['status', 'assignee_id'])})${carried(['status', 'assignee_id'])}
       WHERE status NOT IN ('converted', 'closed') AND next_follow_up IS NOT NULL`,
    )
    .execute(db);
  const filtered = ['status', 'next_follow_up', 'assignee_id'];
  await sql
    .raw(
      `CREATE INDEX counseling_newest_pipeline ON counseling_requests
       (created_at, id${trailing(filtered)})${carried(filtered)}`,
    )
    .execute(db);
  await db.schema.dropIndex('counseling_newest').execute();
  if (postgres)
    await sql
      .raw(
        `CREATE INDEX counseling_search ON counseling_requests
         USING gin (lower(name || ' ' || email || ' ' || phone) gin_trgm_ops) WITH (fastupdate = off)`,
      )
      .execute(db);
}

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('counseling_totals')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('counseling_totals_pk', ['status', 'assignee_id'])
    .execute();
  // Start from what is already there.
  await sql
    .raw(
      `INSERT INTO counseling_totals (status, assignee_id, n)
       SELECT status, coalesce(assignee_id, 0), count(*) FROM counseling_requests
       GROUP BY status, coalesce(assignee_id, 0)`,
    )
    .execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await listIndexes(db, postgres);
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('counseling_search').ifExists().execute();
  await db.schema.createIndex('counseling_newest').on('counseling_requests').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('counseling_newest_pipeline').ifExists().execute();
  await db.schema.dropIndex('counseling_follow_ups').ifExists().execute();
  if (postgres) {
    await sql.raw('DROP TRIGGER IF EXISTS counseling_totals_insert_delete ON counseling_requests').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS counseling_totals_update ON counseling_requests').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS counseling_totals()').execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'update'])
      await sql.raw(`DROP TRIGGER IF EXISTS counseling_totals_${suffix}`).execute(db);
  }
  await db.schema.dropTable('counseling_totals').ifExists().execute();
}
