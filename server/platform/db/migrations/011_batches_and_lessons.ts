import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Course delivery (decision record 044): batches (cohorts) of a program with seats and a timetable of
 * live sessions, the program's modules and lessons, each student's completed lessons, the batch an
 * enrollment (and the payment that buys it) belongs to, the calendar feed's generation per enrollment
 * (the secret URL is an HMAC of it, never stored), and one marker row per session reminder sent.
 * Frozen: change with a new migration.
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
  await table(db, 'batches')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('location', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('instructor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('batches_seats', sql`seats_taken >= 0 AND seats_taken <= seats`)
    .addCheckConstraint('batches_dates', sql`ends_on >= starts_on`)
    .execute();
  await db.schema.createIndex('batches_course').on('batches').columns(['course_id', 'starts_on']).execute();

  await table(db, 'batch_sessions')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('location', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('meeting_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batch_sessions_batch').on('batch_sessions').columns(['batch_id', 'starts_at']).execute();
  await db.schema.createIndex('batch_sessions_starts').on('batch_sessions').column('starts_at').execute();

  await table(db, 'course_modules')
    .addColumn('program_id', 'integer', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('course_modules_program')
    .on('course_modules')
    .columns(['program_id', 'position'])
    .execute();

  await table(db, 'lessons')
    .addColumn('module_id', 'integer', (c) => c.notNull().references('course_modules.id').onDelete('cascade'))
    .addColumn('program_id', 'integer', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('file', 'varchar(200)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('duration_minutes', 'integer')
    .addColumn('is_preview', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lessons_module').on('lessons').columns(['module_id', 'position']).execute();
  await db.schema.createIndex('lessons_program').on('lessons').column('program_id').execute();

  await db.schema
    .createTable('lesson_completions')
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_completions_pk', ['student_id', 'lesson_id'])
    .execute();

  await db.schema
    .createTable('session_reminders')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('batch_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offset_hours', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_reminders_pk', ['session_id', 'student_id', 'offset_hours'])
    .execute();

  await db.schema
    .alterTable('enrollments')
    .addColumn('batch_id', 'integer', (c) => c.references('batches.id'))
    .execute();
  await db.schema
    .alterTable('enrollments')
    .addColumn('calendar_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('enrollments_batch').on('enrollments').column('batch_id').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('batch_id', 'integer', (c) => c.references('batches.id'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('batch_id').execute();
  await db.schema.dropIndex('enrollments_batch').execute();
  await db.schema.alterTable('enrollments').dropColumn('calendar_generation').execute();
  await db.schema.alterTable('enrollments').dropColumn('batch_id').execute();
  for (const table of [
    'session_reminders',
    'lesson_completions',
    'lessons',
    'course_modules',
    'batch_sessions',
    'batches',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
