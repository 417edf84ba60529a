import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * One row counting writes to the public catalogue, so every server process (and every instance sharing
 * the database) can tell in one cheap read whether the catalogue answers it keeps in memory are still
 * current (services/catalogue-cache.ts). Triggers bump it on every insert, delete and real change of a
 * catalogue row, whatever the write path. Programs are also "held" by a write that changes nothing (a
 * payment start): such an update does not count. Workshops are not counted: their seats change with every
 * payment, and their lists are not cached. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The catalogue tables and, for SQLite's WHEN clause, the columns whose change counts. */
const TABLES: Record<string, string[]> = {
  programs: [
    'title',
    'subtitle',
    'description',
    'level',
    'category',
    'target_audience',
    'price',
    'original_price',
    'duration_weeks',
    'avg_salary',
    'is_featured',
    'is_flagship',
    'is_active',
    'instructor_id',
  ],
  faculty: [
    'first_name',
    'last_name',
    'email',
    'expertise',
    'experience_years',
    'previous_companies',
    'bio',
    'linkedin_url',
    'is_featured',
  ],
  testimonials: ['title', 'name', 'description', 'is_featured'],
  success_stories: ['student_name', 'placement_company_name', 'designation', 'salary', 'story', 'is_featured'],
  resources: ['title', 'description', 'author_id', 'resource_type', 'external_url', 'file', 'is_featured'],
};

const BUMP = 'UPDATE catalogue_version SET version = version + 1 WHERE id = 1;';

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_version').values({ id: 1, version: 0 }).execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql
      .raw(
        `CREATE FUNCTION catalogue_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN ${BUMP} RETURN NULL; END $fn$`,
      )
      .execute(db);
  }
  for (const [table, columns] of Object.entries(TABLES)) {
    if (postgres) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_catalogue_insert_delete AFTER INSERT OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump()`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_catalogue_update AFTER UPDATE ON ${table} FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION catalogue_bump()`,
        )
        .execute(db);
    } else {
      const changed = columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
      for (const event of ['INSERT', 'DELETE'])
        await sql
          .raw(`CREATE TRIGGER ${table}_catalogue_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${BUMP} END`)
          .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_catalogue_update AFTER UPDATE ON ${table} WHEN ${changed} BEGIN ${BUMP} END`)
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(TABLES)) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_catalogue_insert_delete ON ${table}`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_catalogue_update ON ${table}`).execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_catalogue_${suffix}`).execute(db);
    }
  }
  if (postgres) await sql.raw('DROP FUNCTION IF EXISTS catalogue_bump()').execute(db);
  await db.schema.dropTable('catalogue_version').ifExists().execute();
}
