import type { Kysely } from 'kysely';

/**
 * `users.phone`: the Indian mobile number a person gives at registration when they consent to WhatsApp or
 * SMS messages (issue 39, decision record 077), ten digits without +91; null when none was given. It is
 * personal data: exported in the profile and cleared on erasure (server/domains/privacy/personal-data/index.ts). The same
 * statement on SQLite and PostgreSQL. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone', 'varchar(20)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('phone').execute();
}
