import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Data protection (decision record 046): consent events (each purpose given or withdrawn, with the notice
 * version and where), the age answer and a minor's parent confirmation, privacy requests (erasure) with
 * their due date, and breach incidents. Frozen: change with a new migration.
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
  await withId(db, 'consent_events')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // A counseling request's consents belong to its address (the visitor may have no account).
    .addColumn('email', 'varchar(254)')
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addColumn('notice_version', 'varchar(40)', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consent_events_user')
    .on('consent_events')
    .columns(['user_id', 'purpose', 'id'])
    .execute();
  await db.schema.createIndex('consent_events_email').on('consent_events').column('email').execute();

  await db.schema
    .createTable('age_records')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('is_adult', 'integer', (c) => c.notNull())
    .addColumn('parent_name', 'varchar(150)')
    .addColumn('parent_email', 'varchar(254)')
    // SHA-256 of the parent's confirmation link token; the token itself is only in the email.
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('age_records_token').on('age_records').column('token_hash').execute();

  await withId(db, 'privacy_requests')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('refusal_reason', 'text', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('verified_at', 'varchar(32)')
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('privacy_requests_received')
    .on('privacy_requests')
    .columns(['received_at', 'id'])
    .execute();

  await withId(db, 'incidents')
    .addColumn('aware_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_categories', 'text', (c) => c.notNull())
    .addColumn('people_affected', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('notice_text', 'text', (c) => c.notNull())
    // JSON array of addresses; empty: every account.
    .addColumn('affected_emails', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'varchar(32)')
    .addColumn('notified_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['incidents', 'privacy_requests', 'age_records', 'consent_events']) {
    await db.schema.dropTable(table).execute();
  }
}
