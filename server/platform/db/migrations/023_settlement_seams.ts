import { sql, type Kysely } from 'kysely';

/**
 * Where the money domains meet (issue 32, decision record 062):
 *
 * - `payments.order_claim`: the token of the one request allowed to store the payment's gateway order. A
 *   re-price (plan, coupon, batch) clears it, so a request still waiting on the gateway for the old amount
 *   can no longer store its order (setOrder compares the token and the amount due).
 * - `payments.refunded_paise` and `refunds.amount_paise`: refunds in paise of what was charged (tax
 *   included, discount net), the unit of their limit, of "refunded in full" and of the credit note.
 *   `refunds.amount` stays the refund's share of the list price in whole rupees (revenue's kept totals,
 *   migration 010, count it against the list-price gross).
 * - `gateway_events.body_key`: what a webhook's signed body says (event, entity id, status), unique, so a
 *   replayed body is a duplicate under any X-Razorpay-Event-Id.
 *
 * Backfills from the rows already there. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('payments').addColumn('order_claim', 'varchar(40)').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('refunds').addColumn('amount_paise', 'bigint').execute();
  await sql`UPDATE refunds SET amount_paise = amount * 100`.execute(db);
  await sql`UPDATE payments SET refunded_paise = refunded_amount * 100 WHERE refunded_amount > 0`.execute(db);
  await db.schema.alterTable('gateway_events').addColumn('body_key', 'varchar(200)').execute();
  await db.schema.createIndex('gateway_events_body_key').on('gateway_events').column('body_key').unique().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('gateway_events_body_key').execute();
  await db.schema.alterTable('gateway_events').dropColumn('body_key').execute();
  await db.schema.alterTable('refunds').dropColumn('amount_paise').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_paise').execute();
  await db.schema.alterTable('payments').dropColumn('order_claim').execute();
}
