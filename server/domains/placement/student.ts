import type { StudentPlacementBatch } from '../../../contract/placement.ts';
import { PLACEMENT_MESSAGES } from '../../../contract/placement.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, HttpError } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { placementRepository } from './repository.ts';

/**
 * The student's side of placement (decision record 078): their program batches, and opting out of
 * placement for one (IPRS: a student who does not seek a job is not among the students seeking placement).
 * A student placed by a verified offer cannot opt out: that would take a placed student out of the rate.
 */

type BatchRow = Awaited<ReturnType<ReturnType<typeof placementRepository>['studentBatches']>>[number];

const toBatch = (row: BatchRow): StudentPlacementBatch => ({
  batch: row.batch_id,
  batch_name: row.batch_name,
  program_title: row.program_title,
  ends_on: row.ends_on,
  opt_out: row.placement_opt_out === 1,
  placed: Boolean(Number(row.placed)),
});

export function createStudentPlacementService(db: Db) {
  return {
    async batches(student: UserRow): Promise<StudentPlacementBatch[]> {
      return (await placementRepository(db).studentBatches(student.id)).map(toBatch);
    },

    /** Opts the student out of (or back into) placement for one of their batches, with the time; audited. */
    setOptOut: (student: UserRow, batchId: number, optOut: boolean): Promise<StudentPlacementBatch> =>
      inTransaction(db, async (trx) => {
        const repo = placementRepository(trx);
        const row = (await repo.studentBatches(student.id)).find((b) => b.batch_id === batchId);
        if (!row) throw new HttpError(404, PLACEMENT_MESSAGES.notInBatch);
        if (optOut && Number(row.placed)) throw new BusinessError(PLACEMENT_MESSAGES.placedCannotOptOut);
        // The same choice again changes nothing: no write, no audit, and the summary's as_of stays.
        if ((row.placement_opt_out === 1) === optOut) return toBatch(row);
        await repo.setOptOut(row.enrollment_id, optOut, nowIso());
        await createAuditRepository(trx).record({
          actorId: student.id,
          action: 'update',
          entity: 'enrollment',
          entityId: row.enrollment_id,
          changes: { placement_opt_out: { from: row.placement_opt_out === 1, to: optOut } },
        });
        return toBatch({ ...row, placement_opt_out: optOut ? 1 : 0 });
      }),
  };
}
