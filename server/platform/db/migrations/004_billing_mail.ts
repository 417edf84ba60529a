import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * GST invoicing, the email outbox and password resets. Frozen: change with a new migration.
 * - payments: the billing place (state code, address) and the employer's GSTIN, and the amount charged
 *   in paise (the catalogue price, plus GST when prices are exclusive of it).
 * - document_counters: one row per series and financial year; the completing transaction increments it,
 *   so numbers are consecutive and a rolled-back transaction leaves no gap.
 * - tax_documents: invoices and credit notes, with a JSON snapshot of everything printed on them.
 * - outbox: every email, written in the transaction of the event that causes it.
 * - password_resets: single-use reset tokens, stored as SHA-256 hashes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId(db: Db, name: string) {
  const builder = db.schema.createTable(name);
  return isPostgres(db)
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('payments').addColumn('billing_state_code', 'varchar(2)').execute();
  await db.schema.alterTable('payments').addColumn('billing_address', 'varchar(500)').execute();
  await db.schema.alterTable('payments').addColumn('billing_gstin', 'varchar(15)').execute();
  await db.schema.alterTable('payments').addColumn('billing_gstin_name', 'varchar(200)').execute();
  await db.schema.alterTable('payments').addColumn('total_paise', 'bigint').execute();

  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'varchar(20)', (c) => c.notNull())
    .addColumn('financial_year', 'varchar(5)', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['series', 'financial_year'])
    .execute();

  await withId(db, 'tax_documents')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('refund_id', 'integer')
    .addColumn('invoice_id', 'integer', (c) => c.references('tax_documents.id'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('financial_year', 'varchar(5)', (c) => c.notNull())
    .addColumn('taxable_paise', 'bigint', (c) => c.notNull())
    .addColumn('cgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('sgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('igst_paise', 'bigint', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('tax_documents_sum', sql`taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise`)
    .execute();
  await db.schema
    .createIndex('tax_documents_one_invoice')
    .on('tax_documents')
    .column('payment_id')
    .unique()
    .where(sql.ref('kind'), '=', 'invoice')
    .execute();
  await db.schema
    .createIndex('tax_documents_one_credit_note')
    .on('tax_documents')
    .column('refund_id')
    .unique()
    .where(sql.ref('kind'), '=', 'credit_note')
    .execute();
  await db.schema.createIndex('tax_documents_payment').on('tax_documents').column('payment_id').execute();

  await withId(db, 'outbox')
    .addColumn('message_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('template', 'varchar(40)', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_newest').on('outbox').columns(['created_at', 'id']).execute();

  await withId(db, 'password_resets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['password_resets', 'outbox', 'tax_documents', 'document_counters']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const column of [
    'total_paise',
    'billing_gstin_name',
    'billing_gstin',
    'billing_address',
    'billing_state_code',
  ]) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
