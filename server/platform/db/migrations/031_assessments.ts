import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Assessments (decision records 071, 072): the question bank (program null: the shared bank), tests with
 * their sections and questions, students' attempts with one row per answered question (the highest `seq`
 * kept), the attempt's events (tab switches, leaving full screen) and the results computed once and kept
 * (attempt_results). Options and answers are JSON text; marks are decimals (0.25 negative marks are usual).
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
  await table(db, 'questions')
    .addColumn('program_id', 'integer', (c) => c.references('programs.id').onDelete('cascade'))
    .addColumn('topic', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_hi', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('marks', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('negative_marks', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'varchar(8)', (c) => c.notNull().defaultTo('medium'))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_program_topic').on('questions').columns(['program_id', 'topic']).execute();

  await table(db, 'tests')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('program_id', 'integer', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id').onDelete('set null'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('opens_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closes_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts_allowed', 'integer')
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pass_percent', 'double precision', (c) => c.notNull().defaultTo(40))
    .addColumn('results_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('results_computed_at', 'varchar(32)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tests_program').on('tests').columns(['program_id', 'closes_at']).execute();

  await table(db, 'test_sections')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer')
    .execute();
  await db.schema
    .createTable('test_questions')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('test_sections.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_questions_pk', ['test_id', 'question_id'])
    .execute();
  await db.schema.createIndex('test_questions_question').on('test_questions').column('question_id').execute();

  await table(db, 'attempts')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('submitted_by', 'varchar(8)')
    /** JSON: [{section, question, options: [ids in this attempt's order]}], fixed at the start. */
    .addColumn('question_order', 'text', (c) => c.notNull())
    .addUniqueConstraint('attempts_number', ['test_id', 'student_id', 'number'])
    .execute();
  await db.schema.createIndex('attempts_open').on('attempts').columns(['submitted_at', 'ends_at']).execute();
  await db.schema.createIndex('attempts_student').on('attempts').columns(['student_id', 'test_id']).execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('marked_for_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('time_spent_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'question_id'])
    .execute();

  await table(db, 'attempt_events')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_events_attempt').on('attempt_events').column('attempt_id').execute();

  await db.schema
    .createTable('attempt_results')
    .addColumn('attempt_id', 'integer', (c) => c.primaryKey().references('attempts.id').onDelete('cascade'))
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('max_score', 'double precision', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('wrong', 'integer', (c) => c.notNull())
    .addColumn('unanswered', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    /** JSON: the section scores and each question's outcome, marks and time. */
    .addColumn('sections', 'text', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer')
    .addColumn('percentile', 'double precision')
    .addColumn('candidates', 'integer')
    .addColumn('computed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_results_test').on('attempt_results').columns(['test_id', 'score']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of ['attempt_results', 'attempt_events', 'attempt_answers', 'attempts', 'test_questions']) {
    await db.schema.dropTable(name).execute();
  }
  await db.schema.dropTable('test_sections').execute();
  await db.schema.dropTable('tests').execute();
  await db.schema.dropTable('questions').execute();
}
