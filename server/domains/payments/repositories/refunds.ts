import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { RefundsTable } from '../../../platform/db/schema.ts';

/** One row per refund request (unique per payment and Idempotency-Key). Amounts in paise (`amount_paise`) and their list-price share in whole rupees (`amount`). */
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
    /** A payment's refunds made or on their way (not failed): their rupees and paise (a few rows). */
    notFailed: (paymentId: number) =>
      db
        .selectFrom('refunds')
        .select(['amount', 'amount_paise'])
        .where('payment_id', '=', paymentId)
        .where('status', '!=', 'failed')
        .execute(),
  };
}
