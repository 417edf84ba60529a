import type { Kysely } from 'kysely';

/**
 * The PDFs students give the placement office: an application's résumé and an offer's letter. Each is the
 * stored file's random name in the one file store (`resumes/`, `offer-letters/`), the name the student's file
 * had (the download name) and its size in bytes; all null when none is attached (applications made before
 * this migration, or sent as JSON). Added columns only, so the same statements on SQLite and PostgreSQL.
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const DOCUMENTS = [
  ['placement_applications', 'resume'],
  ['placement_offers', 'offer_letter'],
] as const;

export async function up(db: Db): Promise<void> {
  for (const [table, column] of DOCUMENTS) {
    await db.schema.alterTable(table).addColumn(column, 'varchar(64)').execute();
    await db.schema.alterTable(table).addColumn(`${column}_name`, 'varchar(200)').execute();
    await db.schema.alterTable(table).addColumn(`${column}_size`, 'integer').execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [table, column] of DOCUMENTS) {
    await db.schema.alterTable(table).dropColumn(`${column}_size`).execute();
    await db.schema.alterTable(table).dropColumn(`${column}_name`).execute();
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
