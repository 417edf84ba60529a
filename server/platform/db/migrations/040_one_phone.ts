import { sql, type Kysely } from 'kysely';

/**
 * One phone number per person (decision record 084): `users.phone` (ten digits, migration 034) is the number
 * WhatsApp and SMS go to; the WhatsApp opt-in writes it there. The numbers kept in
 * `notification_settings.phone` (91 and ten digits, migration 032) move to `users.phone` (the opt-in is the
 * later and explicit choice, so it wins over the registration's), then the column and its index go. STOP
 * replies find the account by `users.phone` (new index). The same statements on SQLite and PostgreSQL.
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await sql`UPDATE users SET phone = (
      SELECT substr(s.phone, 3) FROM notification_settings s WHERE s.user_id = users.id
    ) WHERE id IN (SELECT user_id FROM notification_settings WHERE phone IS NOT NULL AND length(phone) = 12)`.execute(
    db,
  );
  await db.schema.dropIndex('notification_settings_phone').execute();
  await db.schema.alterTable('notification_settings').dropColumn('phone').execute();
  await db.schema.createIndex('users_phone').on('users').column('phone').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('users_phone').execute();
  await db.schema.alterTable('notification_settings').addColumn('phone', 'varchar(15)').execute();
  await sql`UPDATE notification_settings SET phone = (
      SELECT '91' || u.phone FROM users u WHERE u.id = notification_settings.user_id
    )`.execute(db);
  await db.schema.createIndex('notification_settings_phone').on('notification_settings').column('phone').execute();
}
