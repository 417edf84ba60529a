import { sql, type Kysely } from 'kysely';

/**
 * A batch announcement's fan-out in the background (decision record 086): `fanned_out_through` is the
 * highest student id whose notification is written, `fanned_out_at` when every student's is (NULL while
 * the message worker is still writing them, a few hundred a transaction). Announcements from before were
 * written whole in their request: they count as done. A partial index finds the unfinished ones. The same
 * statements on SQLite and PostgreSQL. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('batch_announcements')
    .addColumn('fanned_out_through', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('batch_announcements').addColumn('fanned_out_at', 'varchar(40)').execute();
  await sql`UPDATE batch_announcements SET fanned_out_at = created_at`.execute(db);
  await sql`CREATE INDEX batch_announcements_fanning_out ON batch_announcements (id) WHERE fanned_out_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('batch_announcements_fanning_out').execute();
  await db.schema.alterTable('batch_announcements').dropColumn('fanned_out_at').execute();
  await db.schema.alterTable('batch_announcements').dropColumn('fanned_out_through').execute();
}
