import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Real payments (issue 9): a payment's gateway order and captured gateway payment, the amount refunded,
 * every gateway event once (unique event id) with the office's flags and resolutions, and one refund row
 * per refund request (unique per payment and Idempotency-Key). Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function table(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  const builder = db.schema.createTable(name);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('payments').addColumn('gateway_order_id', 'varchar(60)').execute();
  await db.schema.alterTable('payments').addColumn('gateway_payment_id', 'varchar(60)').execute();
  // Set while one request creates the gateway order, so that concurrent starts never make two.
  await db.schema.alterTable('payments').addColumn('order_claimed_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_gateway_order').on('payments').column('gateway_order_id').unique().execute();

  await table(db, 'gateway_events')
    // The X-Razorpay-Event-Id of a webhook; `verify:...` / `sync:...` for findings of our own.
    .addColumn('event_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('event', 'varchar(60)', (c) => c.notNull())
    .addColumn('gateway_order_id', 'varchar(60)')
    .addColumn('gateway_payment_id', 'varchar(60)')
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    // Paise, as the gateway reported it.
    .addColumn('amount', 'integer')
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('flag', 'varchar(40)')
    .addColumn('detail', 'text', text)
    .addColumn('payload', 'text', text)
    .addColumn('resolved_at', 'varchar(32)')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolution', 'varchar(20)')
    .addColumn('resolution_note', 'text', text)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gateway_events_flag').on('gateway_events').columns(['flag', 'resolved_at']).execute();
  await db.schema.createIndex('gateway_events_payment').on('gateway_events').column('payment_id').execute();

  await table(db, 'refunds')
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    // Whole rupees.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', text)
    .addColumn('revoke_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'varchar(60)', (c) => c.unique())
    .addColumn('error', 'text', text)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refunds_idempotency')
    .on('refunds')
    .columns(['payment_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('gateway_events').execute();
  await db.schema.dropIndex('payments_gateway_order').execute();
  for (const column of ['refunded_amount', 'order_claimed_at', 'gateway_payment_id', 'gateway_order_id']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
