import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Placement openings and applications (decision record 078): an employer's opening the office manages
 * (CTC range in whole rupees a year, the programs and batches it is open to, a deadline), and a student's
 * application moving through its stages (applied, shortlisted, interview scheduled with a date and mode,
 * offered, rejected, withdrawn). One application per student and opening. Frozen: change with a new migration.
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
  await table(db, 'placement_openings')
    .addColumn('employer_id', 'integer', (c) => c.notNull().references('employers.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ctc_min', 'integer', (c) => c.notNull())
    .addColumn('ctc_max', 'integer', (c) => c.notNull())
    .addColumn('programs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('batches', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deadline', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'placement_applications')
    .addColumn('opening_id', 'integer', (c) => c.notNull().references('placement_openings.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stage', 'varchar(24)', (c) => c.notNull().defaultTo('applied'))
    .addColumn('interview_at', 'varchar(32)')
    .addColumn('interview_mode', 'varchar(12)')
    .addColumn('cover_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('placement_applications_one_per_student', ['opening_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('placement_applications_student')
    .on('placement_applications')
    .column('student_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('placement_applications_student').execute();
  await db.schema.dropTable('placement_applications').execute();
  await db.schema.dropTable('placement_openings').execute();
}
