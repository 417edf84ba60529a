import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The first schema. Frozen: change the schema with a new migration, never by editing this one.
 * Portable: booleans are 0/1 integers and date-times ISO text, so SQLite and PostgreSQL share
 * every query. Only the identity column differs.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function table(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  const builder = db.schema.createTable(name);
  return isPostgres(db)
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const bool = (fallback: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(fallback);
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

export async function up(db: Db): Promise<void> {
  await table(db, 'users')
    .addColumn('username', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(150)', text)
    .addColumn('last_name', 'varchar(150)', text)
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('student'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Case-insensitive uniqueness of e-mail addresses.
  await sql`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`.execute(db);
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_expires').on('refresh_tokens').column('expires_at').execute();

  await table(db, 'rate_events')
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_key_time').on('rate_events').columns(['key', 'created_at']).execute();

  await table(db, 'faculty')
    .addColumn('first_name', 'varchar(150)', text)
    .addColumn('last_name', 'varchar(150)', text)
    .addColumn('email', 'varchar(254)', text)
    .addColumn('expertise', 'varchar(300)', text)
    .addColumn('experience_years', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('previous_companies', 'text', text)
    .addColumn('bio', 'text', text)
    .addColumn('linkedin_url', 'varchar(500)', text)
    .addColumn('is_featured', 'integer', bool(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'programs')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(300)', text)
    .addColumn('description', 'text', text)
    .addColumn('level', 'varchar(20)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_audience', 'varchar(20)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer')
    .addColumn('duration_weeks', 'integer', (c) => c.notNull())
    .addColumn('avg_salary', 'varchar(50)', text)
    .addColumn('is_featured', 'integer', bool(0))
    .addColumn('is_flagship', 'integer', bool(0))
    .addColumn('is_active', 'integer', bool(1))
    .addColumn('instructor_id', 'integer', (c) => c.references('faculty.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('programs_active').on('programs').columns(['is_active', 'id']).execute();

  await table(db, 'workshops')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('instructor_id', 'integer', (c) => c.references('faculty.id').onDelete('set null'))
    .addColumn('date', 'varchar(32)', (c) => c.notNull())
    .addColumn('duration_hours', 'double precision', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_live', 'integer', bool(0))
    .addColumn('current_participants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_participants', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', bool(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('workshops_seats', sql`current_participants >= 0 AND current_participants <= max_participants`)
    .execute();
  await db.schema.createIndex('workshops_active_date').on('workshops').columns(['is_active', 'date']).execute();

  await table(db, 'success_stories')
    .addColumn('student_name', 'varchar(150)', (c) => c.notNull())
    .addColumn('placement_company_name', 'varchar(200)', text)
    .addColumn('designation', 'varchar(200)', text)
    .addColumn('salary', 'varchar(50)', text)
    .addColumn('story', 'text', text)
    .addColumn('is_featured', 'integer', bool(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'resources')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('author_id', 'integer', (c) => c.references('faculty.id').onDelete('set null'))
    .addColumn('resource_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('external_url', 'varchar(500)')
    .addColumn('file', 'varchar(500)')
    .addColumn('is_featured', 'integer', bool(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'testimonials')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(150)', text)
    .addColumn('description', 'text', text)
    .addColumn('is_featured', 'integer', bool(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'enrollments')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_active', 'integer', bool(0))
    .addColumn('progress_percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issue_description', 'text', text)
    .addColumn('admin_notes', 'text', text)
    .addColumn('is_urgent', 'integer', bool(0))
    .addColumn('enrolled_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('enrollments_one_per_course', ['student_id', 'course_type', 'course_id'])
    .execute();
  // The admin list (newest first, filtered by status or urgency), the issue summary and "mine".
  await db.schema.createIndex('enrollments_newest').on('enrollments').columns(['enrolled_at', 'id']).execute();
  await db.schema
    .createIndex('enrollments_status')
    .on('enrollments')
    .columns(['status', 'enrolled_at', 'id'])
    .execute();
  await db.schema
    .createIndex('enrollments_urgent')
    .on('enrollments')
    .columns(['is_urgent', 'status', 'enrolled_at'])
    .execute();
  await db.schema.createIndex('enrollments_course').on('enrollments').columns(['course_type', 'course_id']).execute();

  await table(db, 'payments')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(20)', (c) => c.notNull())
    .addColumn('billing_first_name', 'varchar(150)')
    .addColumn('billing_last_name', 'varchar(150)')
    .addColumn('billing_email', 'varchar(254)')
    .addColumn('billing_phone', 'varchar(20)')
    .addColumn('failure_reason', 'varchar(40)')
    .addColumn('admin_notes', 'text', text)
    .addColumn('is_urgent', 'integer', bool(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('payments_amount', sql`amount >= 0`)
    .execute();
  // At most one pending payment per student and course, whatever races.
  await db.schema
    .createIndex('payments_one_pending')
    .on('payments')
    .columns(['student_id', 'course_type', 'course_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('payments_newest').on('payments').columns(['created_at', 'id']).execute();
  // Covers the revenue sum (status = completed) without touching the table.
  await db.schema
    .createIndex('payments_status')
    .on('payments')
    .columns(['status', 'created_at', 'id', 'amount'])
    .execute();
  await db.schema
    .createIndex('payments_urgent')
    .on('payments')
    .columns(['is_urgent', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('payments_student').on('payments').columns(['student_id', 'created_at']).execute();
  await db.schema.createIndex('payments_course').on('payments').columns(['course_type', 'course_id']).execute();

  await table(db, 'counseling_requests')
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('preferred_date', 'varchar(10)')
    .addColumn('interest', 'varchar(200)', text)
    .addColumn('message', 'text', text)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counseling_newest').on('counseling_requests').columns(['created_at', 'id']).execute();

  await table(db, 'audit_log')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_newest').on('audit_log').columns(['created_at', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of [
    'audit_log',
    'counseling_requests',
    'payments',
    'enrollments',
    'testimonials',
    'resources',
    'success_stories',
    'workshops',
    'programs',
    'faculty',
    'rate_events',
    'refresh_tokens',
    'settings',
    'users',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
