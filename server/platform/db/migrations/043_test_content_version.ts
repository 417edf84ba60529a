import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A test's paper kept in memory (decision record 090): `tests.content_version` counts changes to what its
 * students are shown, so every process and instance can tell from the test row alone whether the paper it
 * keeps is current. Triggers bump it in the writing transaction, whatever the write path: any insert, update
 * or delete of the test's sections or of its question list, and an update of one of its questions that
 * changes what a student sees (kind, text, Hindi text, options, marks, negative marks). Frozen: change with a
 * new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The question columns a student's paper shows. */
const SHOWN = ['kind', 'text', 'text_hi', 'options', 'marks', 'negative_marks'];
const bump = (where: string) => `UPDATE tests SET content_version = content_version + 1 WHERE ${where};`;
const OF_QUESTION = bump('id IN (SELECT test_id FROM test_questions WHERE question_id = NEW.id)');

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('tests')
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const changed = (old: string, now: string, distinct: string) =>
    SHOWN.map((c) => `${old}.${c} ${distinct} ${now}.${c}`).join(' OR ');
  if (postgres) {
    await sql
      .raw(
        `CREATE FUNCTION test_paper_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN
          IF TG_OP <> 'INSERT' THEN ${bump('id = OLD.test_id')} END IF;
          IF TG_OP <> 'DELETE' THEN ${bump('id = NEW.test_id')} END IF;
          RETURN NULL; END $fn$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION question_paper_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN ${OF_QUESTION} RETURN NULL; END $fn$`,
      )
      .execute(db);
    for (const table of ['test_sections', 'test_questions']) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_paper AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION test_paper_bump()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `CREATE TRIGGER questions_paper AFTER UPDATE ON questions FOR EACH ROW WHEN (${changed('OLD', 'NEW', 'IS DISTINCT FROM')}) EXECUTE FUNCTION question_paper_bump()`,
      )
      .execute(db);
    return;
  }
  for (const table of ['test_sections', 'test_questions']) {
    await sql
      .raw(`CREATE TRIGGER ${table}_paper_insert AFTER INSERT ON ${table} BEGIN ${bump('id = NEW.test_id')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_paper_delete AFTER DELETE ON ${table} BEGIN ${bump('id = OLD.test_id')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_paper_update AFTER UPDATE ON ${table} BEGIN ${bump('id = OLD.test_id')} ${bump('id = NEW.test_id')} END`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `CREATE TRIGGER questions_paper AFTER UPDATE ON questions WHEN ${changed('OLD', 'NEW', 'IS NOT')} BEGIN ${OF_QUESTION} END`,
    )
    .execute(db);
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const table of ['test_sections', 'test_questions'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_paper ON ${table}`).execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS questions_paper ON questions').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS test_paper_bump()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS question_paper_bump()').execute(db);
  } else {
    for (const table of ['test_sections', 'test_questions'])
      for (const suffix of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_paper_${suffix}`).execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS questions_paper').execute(db);
  }
  await db.schema.alterTable('tests').dropColumn('content_version').execute();
}
