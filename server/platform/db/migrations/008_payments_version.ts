import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite only: one row counting writes to what the admin Payments list shows (payments, their invoice
 * numbers, their students' names and e-mail addresses, program and workshop titles). Every server process
 * reads it at the start of each Payments list request and serves an answer kept in memory only while the
 * count is the one that answer was made under, so the list is never stale, not even for a second
 * (routes/admin/index.ts). Triggers bump it whatever the write path. A workshop's seats change
 * with every payment but are not on the list: only a title change counts.
 *
 * Not on PostgreSQL: there one counter row would be locked by every payment write until its commit, so
 * payment transactions that now run side by side would queue behind each other (and could deadlock with
 * a course's row lock). SQLite has one writer at a time anyway. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Each table, and the columns whose update counts (null: any update). */
const TABLES: Record<string, string[] | null> = {
  payments: null,
  tax_documents: null,
  users: ['username', 'first_name', 'last_name', 'email'],
  programs: ['title'],
  workshops: ['title'],
};

const BUMP = 'UPDATE payments_version SET version = version + 1 WHERE id = 1;';

const triggers = (table: string) => {
  const columns = TABLES[table];
  const update = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
  // Rows added or removed matter only where every row is on the list (payments, invoices).
  return (columns ? [update] : ['INSERT', 'DELETE', update]).map((event, i) => ({
    name: `${table}_payments_version_${i}`,
    event,
  }));
};

export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema
    .createTable('payments_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('payments_version').values({ id: 1, version: 0 }).execute();
  for (const table of Object.keys(TABLES))
    for (const { name, event } of triggers(table))
      await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN ${BUMP} END`).execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of Object.keys(TABLES))
    for (const { name } of triggers(table)) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await db.schema.dropTable('payments_version').ifExists().execute();
}
