import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { RefundsTable } from '../db/schema.ts';

/** One row per refund request (unique per payment and Idempotency-Key). Amounts in whole rupees. */
export function createRefundRepository(db: Db) {
  return {
    async insert(values: Insertable<RefundsTable>): Promise<number> {
      const row = await db.insertInto('refunds').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<RefundsTable>): Promise<void> {
      await db.updateTable('refunds').set(values).where('id', '=', id).execute();
    },
    findById: (id: number) => db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst(),
    findByKey: (paymentId: number, key: string) =>
      db
        .selectFrom('refunds')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),
    findByGatewayId: (gatewayRefundId: string) =>
      db.selectFrom('refunds').selectAll().where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst(),
    /** Rupees refunded or on their way (not failed) for a payment. */
    async sumNotFailed(paymentId: number): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
        .where('payment_id', '=', paymentId)
        .where('status', '!=', 'failed')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
