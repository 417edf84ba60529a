import type { z } from 'zod';
import {
  addDays,
  INSTALMENT_MESSAGES,
  nameOrErased,
  type AdminInstalment,
  type Instalment,
  type InstalmentMoveInput,
  type InstalmentRefundInput,
} from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { findEnrollmentRow } from '../enrollments/index.ts';
import { createInstalmentRepository } from './repositories/instalments.ts';
import { createInstalmentPlanService } from './instalment-plans.ts';
import { cancelOpenInstalments, todayIst, toInstalment } from './instalment-schedule.ts';
import type { PricingRules } from './service.ts';
import type { RefundService } from '../payments/refunds.ts';

/**
 * Instalment plans (decision record 054), as the routes call them: a program's plans (instalment-plans.ts),
 * an enrollment's schedule (instalment-schedule.ts), the administrators' list, moved due dates and the
 * refund of an enrollment paid in instalments. A later instalment's payment is started by payments' service
 * (`startInstalment`, with its gateway order); the housekeeping pass (reminders, due-date invoices, the
 * pause of access) is instalment-pass.ts.
 */

type MoveInput = z.output<typeof InstalmentMoveInput>;
type RefundAllInput = z.output<typeof InstalmentRefundInput>;

export type InstalmentDeps = PricingRules & { config: Pick<Config, 'instalments'> };

export function createInstalmentService(db: Db, deps: InstalmentDeps) {
  const rules: PricingRules = deps;

  /** The enrollment, readable by its student and administrators; anyone else learns nothing (404). */
  async function readableEnrollment(user: UserRow, enrollmentId: number) {
    const enrollment = await findEnrollmentRow(db, enrollmentId);
    if (!enrollment || (enrollment.student_id !== user.id && user.role !== 'admin')) throw notFound();
    return enrollment;
  }

  return {
    ...createInstalmentPlanService(db),

    /** GET /classroom/enrollments/{id}/instalments/ */
    async schedule(user: UserRow, enrollmentId: number): Promise<Instalment[]> {
      await readableEnrollment(user, enrollmentId);
      const today = todayIst();
      return (await createInstalmentRepository(db).scheduleOf(enrollmentId)).map((row) =>
        toInstalment(row, today, rules),
      );
    },

    /**
     * GET /api/admin/instalments/: every schedule, its instalments by number (decision record 066); the
     * schedules by their most pressing instalment: overdue ones first (then due, then paid), by due date.
     */
    async adminList(filter: 'overdue' | 'due' | 'paid' | undefined): Promise<AdminInstalment[]> {
      const today = todayIst();
      const rows = await createInstalmentRepository(db).everyInstalment(
        filter === 'paid' ? 'paid' : filter ? 'due' : null,
      );
      const rank = { overdue: 0, due: 1, paid: 2, cancelled: 3 } as const;
      const shown = rows
        .map((row) => ({
          ...toInstalment(row, today, rules),
          enrollment_id: row.enrollment_id,
          student: nameOrErased(`${row.first_name} ${row.last_name}`.trim() || row.username, row.email),
          program: row.program_title,
        }))
        .filter((row) => !filter || row.status === filter);
      const pressing = (a: AdminInstalment, b: AdminInstalment) =>
        rank[a.status] - rank[b.status] || a.due_on.localeCompare(b.due_on) || a.id - b.id;
      const first = new Map<number, AdminInstalment>();
      for (const row of shown) {
        const top = first.get(row.enrollment_id);
        if (!top || pressing(row, top) < 0) first.set(row.enrollment_id, row);
      }
      return shown.sort(
        (a, b) =>
          (a.enrollment_id === b.enrollment_id
            ? 0
            : pressing(first.get(a.enrollment_id)!, first.get(b.enrollment_id)!)) || a.number - b.number,
      );
    },

    /**
     * POST /api/admin/enrollments/{id}/instalments/refund/: each instalment paid is refunded in full by the
     * payment refund (gateway, credit note, audit; its key per payment, so a retry with the same key repeats
     * nothing), then the dues still open are cancelled (audited). Answers the schedule after.
     */
    async refundAll(
      admin: UserRow,
      enrollmentId: number,
      input: RefundAllInput,
      key: string | undefined,
      refunds: RefundService,
    ): Promise<Instalment[]> {
      const repo = createInstalmentRepository(db);
      if (!(await findEnrollmentRow(db, enrollmentId))) throw notFound();
      if ((await repo.scheduleOf(enrollmentId)).length === 0) {
        throw new BusinessError(INSTALMENT_MESSAGES.notInInstalments);
      }
      // Each still completed (a payment refunded in full, in paise of what it charged, is `refunded`).
      for (const payment of await repo.paidPayments(enrollmentId)) {
        await refunds.refund(
          admin,
          payment.id,
          { amount: null, reason: input.reason, revoke_access: input.revoke_access },
          key && `${key.slice(0, 80)}:payment-${payment.id}`,
        );
      }
      await inTransaction(db, async (trx) => {
        const cancelled = await cancelOpenInstalments(trx, enrollmentId);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'refund_instalments',
          entity: 'enrollment',
          entityId: enrollmentId,
          changes: { cancelled_instalments: { from: null, to: cancelled }, reason: { from: null, to: input.reason } },
        });
      });
      return this.schedule(admin, enrollmentId);
    },

    /** PATCH /api/admin/instalments/{id}/: a new due date, audited with the reason; a later date lifts a pause. */
    async move(admin: UserRow, id: number, input: MoveInput): Promise<Instalment> {
      return inTransaction(db, async (trx) => {
        const repo = createInstalmentRepository(trx);
        const before = await repo.findInstalment(id);
        if (!before) throw notFound();
        if (before.status !== 'due') throw new BusinessError(INSTALMENT_MESSAGES.moveOnlyDue);
        const today = todayIst();
        if (input.due_on < today) throw new BusinessError(INSTALMENT_MESSAGES.dueInPast);
        const lifts = addDays(input.due_on, deps.config.instalments.graceDays) >= today;
        await repo.updateInstalment(id, {
          due_on: input.due_on,
          ...(lifts ? { suspended_at: null } : {}),
          updated_at: nowIso(),
        });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'move_due_date',
          entity: 'instalment',
          entityId: id,
          changes: { due_on: { from: before.due_on, to: input.due_on }, reason: { from: null, to: input.reason } },
        });
        return toInstalment((await repo.scheduledOne(id))!, today, rules);
      });
    },
  };
}
export type InstalmentService = ReturnType<typeof createInstalmentService>;
