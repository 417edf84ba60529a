import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { createJobLockRepository } from '../../platform/db/job-locks.ts';
import { createPaymentRepository } from './repositories/payments.ts';

/**
 * Coupon holds (decision records 053 and 062): a pending payment holds a use of its coupon while its
 * gateway order lives, PAYMENT_HOLD_MINUTES from the payment's last change (its order made, or its price
 * decided again). The pricing rules own the hold; this pass ends it: every pending payment with a coupon
 * whose hold ran out fails (`bank_timeout`, as a checkout session that expired at the gateway), which frees
 * the use. A retry of the payment decides its discount again, within the coupon's limits; a capture that
 * still arrives for the old order completes it as any capture after a failure does (flagged for the
 * office). Run by the server's housekeeping timer under its own job lock (job-locks.ts), so several
 * instances on one PostgreSQL database run it once. Answers how many holds it released.
 */
export async function releaseExpiredHolds(
  db: Db,
  dialect: Dialect,
  config: Pick<Config, 'payments'>,
  now: number = clockNow(),
): Promise<number> {
  const before = new Date(now - config.payments.holdMinutes * 60_000).toISOString();
  let released = 0;
  await createJobLockRepository(db, dialect).runAlone('payment-holds', async (trx) => {
    const payments = createPaymentRepository(trx);
    for (const id of await payments.listHoldingCouponBefore(before)) {
      if (await payments.markFailedIfPending(id, 'bank_timeout', new Date(now).toISOString())) released++;
    }
  });
  return released;
}
