import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Email verification (decision record 063).
 *
 * - `users.email_verified_at`: when the account's current address was confirmed from its emailed link; null
 *   until then and again after every change. Addresses existing before this migration are unconfirmed: no
 *   one ever proved them (an account could be registered with anyone's address), so rows kept only by
 *   address reach an account's export or erasure once its owner confirms it.
 * - `verified_emails`: every address confirmed for an account and the time span it was the account's
 *   (from its confirmation until it was changed away, `released_at`): identity reaches rows kept only by
 *   address through it (server/domains/privacy/repositories/identity.ts).
 * - `email_links`: the emailed links of confirmation (24 hours) and of undoing a change (7 days, sent to
 *   the old address), each single use, stored as the SHA-256 of its token and the nonce the token derives
 *   from with the server's secret (server/platform/lib/reset-links.ts): no stored row gives a link back.
 *
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function withId(db: Db, name: string) {
  const builder = db.schema.createTable(name);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(32)').execute();

  await withId(db, 'verified_emails')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Lower case: rows kept by address compare lower(email) with it.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('verified_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('released_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('verified_emails_user').on('verified_emails').columns(['user_id', 'id']).execute();

  await withId(db, 'email_links')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'confirm': confirms `email`; 'undo': gives the account `email` back (with `restore_verified_at`).
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('restore_verified_at', 'varchar(32)')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('link_nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_links_token').on('email_links').column('token_hash').unique().execute();
  await db.schema.createIndex('email_links_user').on('email_links').columns(['user_id', 'purpose']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('email_links').execute();
  await db.schema.dropTable('verified_emails').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
