import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The instructors' side (decision record 050): attendance per live session and student (the last mark
 * stands; changes are audited), assignments of a batch, each student's one submission per assignment
 * (resubmitted until graded), and certificates: a consecutive number, an unguessable code, and what the
 * certificate says copied at issue (so a later rename of the program does not change an issued one).
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
  await db.schema
    .createTable('session_attendance')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('batch_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('present', 'integer', (c) => c.notNull())
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_attendance_pk', ['session_id', 'student_id'])
    .execute();
  await db.schema.createIndex('session_attendance_student').on('session_attendance').column('student_id').execute();

  await table(db, 'assignments')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('max_marks', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assignments_batch').on('assignments').columns(['batch_id', 'due_at']).execute();

  await table(db, 'assignment_submissions')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // The stored file's random name under the upload directory's submissions/ folder, its original name,
    // its type (decided from its content) and its size in bytes.
    .addColumn('file', 'varchar(200)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('file_type', 'varchar(100)')
    .addColumn('file_size', 'integer')
    .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marks', 'integer')
    .addColumn('feedback', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('graded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('graded_at', 'varchar(32)')
    .addUniqueConstraint('assignment_submissions_one', ['assignment_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('assignment_submissions_student')
    .on('assignment_submissions')
    .column('student_id')
    .execute();

  await table(db, 'certificates')
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('enrollment_id', 'integer', (c) => c.notNull().unique().references('enrollments.id'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('program_id', 'integer', (c) => c.notNull().references('programs.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('student_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('program_title', 'varchar(300)', (c) => c.notNull())
    .addColumn('batch_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('instructor_name', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    // The user who issued it, or null when the housekeeping job did at the batch's end.
    .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('valid'))
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('certificates_student').on('certificates').column('student_id').execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of ['certificates', 'assignment_submissions', 'assignments', 'session_attendance']) {
    await db.schema.dropTable(name).execute();
  }
}
