import { sql, type Kysely } from 'kysely';

/**
 * Password reset links leave the outbox (decision record 042): a reset keeps a random nonce, from which
 * the mail worker derives the token with the server's secret as it sends; the outbox stores the email with
 * a placeholder where the link goes. Emails written before this migration held the link in clear: their
 * bodies are replaced by a note, unsent ones are not sent, and their resets expire (the owner can ask
 * again).
 *
 * Sign-up no longer tells whether an email address has an account (decision record 042): an account may
 * be made with an address another account has (its owner is told), so the unique index on lower(email)
 * becomes a plain one. Administrators still cannot give two accounts one address (checked in the service),
 * and a reset by email goes to the oldest account with the address. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const REMOVED = 'A password reset link was here; it was removed when links stopped being stored.';

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('password_resets').addColumn('link_nonce', 'varchar(64)').execute();
  const now = new Date().toISOString();
  await sql`UPDATE password_resets SET expires_at = ${now} WHERE used_at IS NULL AND expires_at > ${now}`.execute(db);
  await sql`
    UPDATE outbox SET status = 'failed', locked_until = NULL, last_error = ${'not sent: the link was removed'}
    WHERE template = 'password_reset' AND status IN ('pending', 'sending')`.execute(db);
  await sql`DROP INDEX users_email_lower`.execute(db);
  await sql`CREATE INDEX users_email_lower ON users (lower(email))`.execute(db);
  await sql`UPDATE outbox SET text_body = ${REMOVED}, html_body = ${`<p>${REMOVED}</p>`}
    WHERE template = 'password_reset'`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`DROP INDEX users_email_lower`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`.execute(db);
  await db.schema.alterTable('password_resets').dropColumn('link_nonce').execute();
}
