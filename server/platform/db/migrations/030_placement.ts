import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Placement (decision record 070): employers (the hiring partners' list, kept, not typed into a page),
 * offers with their verification, the single-use links an employer's HR confirms an offer through
 * (a random nonce and the SHA-256 of the token, which is an HMAC of the nonce under a key derived
 * from the server's secret: the database alone cannot give a link back, as with password resets), and a student's opt-out of placement (IPRS counts students seeking
 * placement, not every student). A CTC is whole rupees a year. Frozen: change with a new migration.
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
  await table(db, 'employers')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('sector', 'varchar(20)', (c) => c.notNull())
    .addColumn('website', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('hr_contacts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_partner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('partner_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await table(db, 'placement_offers')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('employer_id', 'integer', (c) => c.notNull().references('employers.id'))
    .addColumn('designation', 'varchar(200)', (c) => c.notNull())
    .addColumn('annual_ctc', 'integer', (c) => c.notNull())
    .addColumn('offer_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('joining_date', 'varchar(10)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('claimed'))
    .addColumn('verified_via', 'varchar(10)')
    .addColumn('verified_at', 'varchar(32)')
    .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('consent_to_publish', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('placement_offers_batch')
    .on('placement_offers')
    .columns(['batch_id', 'status'])
    .execute();
  await db.schema.createIndex('placement_offers_student').on('placement_offers').column('student_id').execute();

  await table(db, 'offer_confirmations')
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('placement_offers.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('link_nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('enrollments')
    .addColumn('placement_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('enrollments').dropColumn('placement_opt_out').execute();
  await db.schema.dropTable('offer_confirmations').execute();
  await db.schema.dropIndex('placement_offers_student').execute();
  await db.schema.dropIndex('placement_offers_batch').execute();
  await db.schema.dropTable('placement_offers').execute();
  await db.schema.dropTable('employers').execute();
}
