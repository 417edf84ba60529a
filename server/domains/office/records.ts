import { OFFICE_MESSAGES } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { releaseWorkshopSeat } from '../catalogue/index.ts';
import { batchSeatFollowsAccess } from '../batches/service.ts';
import { givesAccess } from '../enrollments/service.ts';
import { findEnrollmentRow, removeEnrollmentRow } from '../enrollments/index.ts';
import { findPaymentRow, hasCompletedPayment, removePaymentIfNeverCompleted } from '../payments/index.ts';

/**
 * The spec's Delete on the Enrollments and Payments tabs, limited to records with no money behind them
 * (docs/deviations.md): a payment that never completed, an enrollment without a completed payment.
 * Anything else is refused with the reason; resolving is the way to change it.
 */
export function createRecordService(db: Db) {
  return {
    async removePayment(admin: UserRow, id: number): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await findPaymentRow(trx, id);
        if (!before) throw notFound();
        if (!(await removePaymentIfNeverCompleted(trx, id))) throw new BusinessError(OFFICE_MESSAGES.paymentHasMoney);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'delete',
          entity: 'payment',
          entityId: id,
          changes: { before },
        });
      });
    },

    async removeEnrollment(admin: UserRow, id: number): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await findEnrollmentRow(trx, id);
        if (!before) throw notFound();
        const paid = await hasCompletedPayment(trx, before.student_id, before.course_type, before.course_id);
        if (paid) throw new BusinessError(OFFICE_MESSAGES.enrollmentHasMoney);
        // A workshop enrollment that gave access held a seat: give it back.
        if (before.course_type === 'workshop' && givesAccess(before)) await releaseWorkshopSeat(trx, before.course_id);
        await batchSeatFollowsAccess(trx, before, givesAccess(before), false);
        await removeEnrollmentRow(trx, id);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'delete',
          entity: 'enrollment',
          entityId: id,
          changes: { before },
        });
      });
    },
  };
}
