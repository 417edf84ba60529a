import type { Kysely } from 'kysely';

/**
 * A step-up proof belongs to the login that gave it (decision record 056): `users.step_up_login` names the
 * login (its refresh family) whose second-factor proof `users.step_up_at` records, so a token of another
 * login of the same account (another device, or a stolen token) is asked for its own proof. Frozen: change
 * with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('step_up_login', 'varchar(64)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('step_up_login').execute();
}
