import { createBilling } from './documents.ts';
import type { Institute } from './config-institute.ts';
import type { Db } from '../../platform/db/connect.ts';

/**
 * The demo's completed payments get their tax invoices as a real completion issues them (decision record
 * 066), dated when each was completed and numbered in that order, so the demo's Revenue tab and its GSTR-1
 * return agree for every month. Payments of nothing get none, as at checkout.
 */
export async function seedDemoInvoices(trx: Db, institute: Institute): Promise<void> {
  const billing = createBilling(institute);
  const completed = await trx
    .selectFrom('payments')
    .select(['id', 'completed_at'])
    .where('status', '=', 'completed')
    .where('completed_at', 'is not', null)
    .orderBy('completed_at')
    .orderBy('id')
    .execute();
  for (const payment of completed) {
    await billing.issueInvoice(trx, payment.id, { issuedAt: payment.completed_at! });
  }
}
