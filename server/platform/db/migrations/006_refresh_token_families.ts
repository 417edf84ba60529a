import type { Kysely } from 'kysely';

/**
 * Refresh-token rotation: every refresh token belongs to a family (one login; the jti of its first
 * token) and a rotated token keeps its row, marked `rotated_at`, so presenting it again is recognised
 * as reuse and ends the whole family. Rows from before this migration have no family: their own jti.
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('family', 'varchar(64)').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('rotated_at', 'varchar(32)').execute();
  await db
    .updateTable('refresh_tokens')
    .set((eb) => ({ family: eb.ref('jti') }))
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_family').ifExists().execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('rotated_at').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('family').execute();
}
