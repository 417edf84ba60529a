import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The counseling pipeline (issue 11): each request has a status (new, contacted, scheduled, converted,
 * closed), an assignee (an administrator or instructor), a next follow-up date (IST calendar day) and
 * dated notes. Frozen.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('counseling_requests')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('counseling_requests')
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('counseling_requests').addColumn('next_follow_up', 'varchar(10)').execute();
  await db.schema
    .createIndex('counseling_pipeline')
    .on('counseling_requests')
    .columns(['status', 'next_follow_up'])
    .execute();
  await db.schema.createIndex('counseling_assignee').on('counseling_requests').column('assignee_id').execute();

  const notes = db.schema.createTable('counseling_notes');
  await (
    db.getExecutor().adapter instanceof PostgresAdapter
      ? notes.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : notes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('request_id', 'integer', (c) => c.notNull().references('counseling_requests.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('counseling_notes_request')
    .on('counseling_notes')
    .columns(['request_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('counseling_notes').ifExists().execute();
  await db.schema.dropIndex('counseling_assignee').ifExists().execute();
  await db.schema.dropIndex('counseling_pipeline').ifExists().execute();
  for (const column of ['next_follow_up', 'assignee_id', 'status'])
    await db.schema.alterTable('counseling_requests').dropColumn(column).execute();
}
