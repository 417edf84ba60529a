import { sql, type Kysely } from 'kysely';

/**
 * Refresh tokens as one row per login (a family) with a generation counter, instead of one row per token.
 *
 * Before: every refresh read its token's row, marked it rotated and inserted its successor, so each one
 * changed a row and three indexes (one of them keyed by a random jti) and the table grew by a row per
 * refresh. Now a refresh is one conditional UPDATE of its login's row (generation + 1), which changes no
 * indexed column: one page of the table per refresh, so far less to commit and checkpoint (decision
 * record 040). A refresh token's jti names its family and generation: `<family>` for generation 0,
 * `<family>.<n>` after n rotations.
 *
 * Live tokens (neither rotated, revoked nor expired) carry over as generation 0 of a family keyed by their
 * own jti, so a token issued before this migration still refreshes once it has run. Tokens already
 * rotated or revoked have no row afterwards and are refused as unknown (their reuse no longer ends a
 * login). No index on expires_at: it changes with every refresh; housekeeping scans the table, which
 * holds one row per login. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('refresh_families')
    .addColumn('family', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('rotated_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_families_user').on('refresh_families').column('user_id').execute();
  const now = new Date().toISOString();
  await sql`
    INSERT INTO refresh_families (family, user_id, generation, created_at, expires_at)
    SELECT jti, user_id, 0, created_at, expires_at FROM refresh_tokens
    WHERE revoked_at IS NULL AND rotated_at IS NULL AND expires_at > ${now}`.execute(db);
  await db.schema.dropTable('refresh_tokens').execute();
}

/** Back to one row per token: each login's current token (the jti its holder has) as a live row. */
export async function down(db: Db): Promise<void> {
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('family', 'varchar(64)')
    .addColumn('rotated_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_tokens_expires').on('refresh_tokens').column('expires_at').execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
  await sql`
    INSERT INTO refresh_tokens (jti, user_id, expires_at, revoked_at, created_at, family)
    SELECT CASE WHEN generation = 0 THEN family ELSE family || '.' || CAST(generation AS varchar(20)) END,
           user_id, expires_at, revoked_at, created_at, family
    FROM refresh_families`.execute(db);
  await db.schema.dropTable('refresh_families').execute();
}
