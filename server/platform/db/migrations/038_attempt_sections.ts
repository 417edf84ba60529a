import type { Kysely } from 'kysely';

/**
 * Section timers (decision record 083): `attempts.sections`, the attempt's section plan as JSON text
 * `{minutes: [n | null per section], ends: [the end fixed for each section entered so far]}`, or null when no
 * section of the test is timed (the student moves between sections freely). The same statement on SQLite and
 * PostgreSQL. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('attempts').addColumn('sections', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('attempts').dropColumn('sections').execute();
}
