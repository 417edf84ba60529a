import type { Kysely } from 'kysely';

/**
 * The admin Payments and Enrollments lists read newest first; a filter with no index that starts with it
 * and goes on with the date read the date index and dropped what did not match, so its cost was the rows
 * passed over: 526,000 payments for "programs" on a million laid out course by course, since the newest
 * half were all workshops (decision record 075). Each filter alone now has such an index (status and
 * status + course type had one already), so its page reads its own rows only, whatever the shape of the
 * data. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const INDEXES = [
  ['payments', 'payments_type_newest', ['course_type', 'created_at', 'id']],
  ['payments', 'payments_course_newest', ['course_id', 'created_at', 'id']],
  ['payments', 'payments_urgent_newest', ['is_urgent', 'created_at', 'id']],
  ['enrollments', 'enrollments_type_newest', ['course_type', 'enrolled_at', 'id']],
  ['enrollments', 'enrollments_course_newest', ['course_id', 'enrolled_at', 'id']],
  ['enrollments', 'enrollments_urgent_newest', ['is_urgent', 'enrolled_at', 'id']],
] as const;

export async function up(db: Db): Promise<void> {
  for (const [table, name, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}

export async function down(db: Db): Promise<void> {
  for (const [, name] of INDEXES) await db.schema.dropIndex(name).execute();
}
