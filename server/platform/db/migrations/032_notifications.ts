import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Notifications (issue 36, decision records 073 and 074): the in-app centre; a student's channel
 * settings (the number, the WhatsApp opt-in, an SMS STOP) and choices per kind; the templates approved
 * by Meta and on the DLT platform; the message outbox (one row per notification and channel, unique, so
 * nothing goes twice on a channel); batch announcements; questions on lessons and their replies. The
 * consent records gain the number an opt-in was given for. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function table(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  const builder = db.schema.createTable(name);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await table(db, 'notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(300)')
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('emailed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'varchar(15)')
    .addColumn('whatsapp_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_stopped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_settings_phone').on('notification_settings').column('phone').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
    .execute();

  await table(db, 'message_templates')
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('provider_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
    .addColumn('approved_text', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('promotional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('message_templates_event_channel', ['event', 'channel'])
    .execute();

  await table(db, 'message_outbox')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('phone', 'varchar(15)')
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('provider_message_id', 'varchar(100)')
    .addColumn('last_error', 'text')
    .addColumn('fallback_of', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('status_at', 'varchar(32)')
    .addUniqueConstraint('message_outbox_once', ['notification_id', 'channel'])
    .execute();
  await db.schema
    .createIndex('message_outbox_due')
    .on('message_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('message_outbox_provider').on('message_outbox').column('provider_message_id').execute();

  await table(db, 'batch_announcements')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'lesson_questions')
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('accepted_reply_id', 'integer')
    .addColumn('hidden_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_questions_lesson')
    .on('lesson_questions')
    .columns(['lesson_id', 'batch_id'])
    .execute();

  await table(db, 'lesson_question_replies')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('lesson_questions.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('hidden_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_question_replies_question')
    .on('lesson_question_replies')
    .column('question_id')
    .execute();

  await db.schema.alterTable('consent_events').addColumn('phone', 'varchar(15)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('consent_events').dropColumn('phone').execute();
  for (const name of ['lesson_question_replies', 'lesson_questions', 'batch_announcements', 'message_outbox']) {
    await db.schema.dropTable(name).execute();
  }
  await db.schema.dropTable('message_templates').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
