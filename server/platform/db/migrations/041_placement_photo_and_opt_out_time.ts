import type { Kysely } from 'kysely';

/**
 * Two columns of placement (decision records 078 and 079, addenda): `enrollments.placement_opt_out_at`, when
 * the student last opted out of placement for the batch or back in (null: never changed), so the summary's
 * "as of" day moves with a change of the students seeking placement as it does with a verified offer; and
 * `success_stories.photo_file`, the random name of a story's photo (JPEG, PNG or WebP) in the one file
 * store's `story-photos/`, published only with the student's consent to the photo. Added columns only, so
 * the same statements on SQLite and PostgreSQL. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('enrollments').addColumn('placement_opt_out_at', 'varchar(32)').execute();
  await db.schema.alterTable('success_stories').addColumn('photo_file', 'varchar(64)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('success_stories').dropColumn('photo_file').execute();
  await db.schema.alterTable('enrollments').dropColumn('placement_opt_out_at').execute();
}
