import type { Kysely } from 'kysely';

/**
 * A test can be a certificate rule (issue 34, decision record 071's addendum): `certificate_rule` 1 means a
 * student of the test's batch (or of every batch of its program) needs a passed attempt of it for the
 * certificate. 0 for every test made before. An added column only, so the same statement on SQLite and
 * PostgreSQL. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('tests')
    .addColumn('certificate_rule', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('tests').dropColumn('certificate_rule').execute();
}
