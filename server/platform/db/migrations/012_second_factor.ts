import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The second factor (decision record 045).
 *
 * - users.mfa_enabled: 1 once an authenticator app or a passkey is confirmed (read with the user on every
 *   authenticated request, so the administrator guard needs no extra query); users.step_up_at: the time of
 *   the latest second-factor proof (step-up), for the actions that need one less than 5 minutes old.
 * - totp_credentials: one per user; the secret encrypted with AES-256-GCM (never stored in clear),
 *   confirmed_at null while set up but not confirmed, last_step the RFC 6238 time step of the latest code
 *   accepted (a code of that step or an earlier one is refused: section 5.2).
 * - recovery_codes: SHA-256 of each code, used_at set when it is spent.
 * - auth_challenges: short-lived, single-use challenges by the SHA-256 of their token: the second step of
 *   a login (mfa_token), and WebAuthn ceremonies' challenges.
 * - webauthn_credentials: passkeys (public key, signature counter).
 * Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('mfa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('step_up_at', 'varchar(32)').execute();
  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_encrypted', 'varchar(255)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  const recoveryCodes = db.schema.createTable('recovery_codes');
  await (
    db.getExecutor().adapter instanceof PostgresAdapter
      ? recoveryCodes.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : recoveryCodes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
  await db.schema
    .createTable('auth_challenges')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('challenge', 'varchar(255)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webauthn_credentials')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('webauthn_credentials_user').on('webauthn_credentials').column('user_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('webauthn_credentials').execute();
  await db.schema.dropTable('auth_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_credentials').execute();
  await db.schema.alterTable('users').dropColumn('step_up_at').execute();
  await db.schema.alterTable('users').dropColumn('mfa_enabled').execute();
}
