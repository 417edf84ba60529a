import type { Kysely } from 'kysely';

/**
 * Users gain `is_active` (a deactivated user cannot log in and their tokens stop working) and
 * `last_login` (ISO date-time of the last successful login, null until then). Frozen.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('last_login', 'varchar(32)').execute();
  // The administrator guards count active administrators.
  await db.schema.createIndex('users_role_active').on('users').columns(['role', 'is_active']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('users_role_active').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('last_login').execute();
  await db.schema.alterTable('users').dropColumn('is_active').execute();
}
