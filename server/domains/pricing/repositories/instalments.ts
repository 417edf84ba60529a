import type { Updateable } from 'kysely';
import type { PausingRule } from '../../../platform/db/subquery-rules.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { InstalmentPlansTable, InstalmentRow, InstalmentsTable } from '../../../platform/db/schema.ts';
import { compiledOnce, slot } from '../../../platform/db/compiled-once.ts';

/**
 * The instalments that pause an enrollment's access (decision record 054): due, and marked suspended by the
 * housekeeping pass. `enrollment` is an id, or a column of an outer query for an EXISTS inside another read
 * (the course access read: one statement for the enrollment and its pause).
 */
export const pausingInstalments: PausingRule = (db, enrollment) =>
  db
    .selectFrom('instalments')
    .where('instalments.enrollment_id', '=', enrollment as number)
    .where('instalments.status', '=', 'due')
    .where('instalments.suspended_at', 'is not', null);

/** The first due instalment pausing an enrollment. */
const suspendingInstalment = compiledOnce<InstalmentRow, { enrollment: number }>((db) =>
  pausingInstalments(db, slot<number>('enrollment')).selectAll().orderBy('number').limit(1),
);

/** Instalment plans, enrollments' instalments and their reminder markers (migration 017). */
export function createInstalmentRepository(db: Db) {
  const schedule = () =>
    db
      .selectFrom('instalments')
      .leftJoin('payments', 'payments.instalment_id', 'instalments.id')
      .leftJoin('tax_documents as invoice', (j) =>
        j.onRef('invoice.payment_id', '=', 'payments.id').on('invoice.kind', '=', 'invoice'),
      )
      .selectAll('instalments')
      .select([
        'payments.id as payment_id',
        'payments.total_paise as payment_total_paise',
        'payments.billing_state_code as billing_state_code',
        'invoice.number as invoice_number',
      ]);
  return {
    plansOfProgram: (programId: number, activeOnly = false) => {
      let query = db.selectFrom('instalment_plans').selectAll().where('program_id', '=', programId);
      if (activeOnly) query = query.where('is_active', '=', 1);
      return query.orderBy('id').execute();
    },
    findPlan: (id: number) => db.selectFrom('instalment_plans').selectAll().where('id', '=', id).executeTakeFirst(),
    async insertPlan(values: Omit<InstalmentPlansTable, 'id'>): Promise<number> {
      const row = await db.insertInto('instalment_plans').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updatePlan(id: number, values: Updateable<InstalmentPlansTable>): Promise<void> {
      await db.updateTable('instalment_plans').set(values).where('id', '=', id).execute();
    },
    async removePlan(id: number): Promise<void> {
      await db.deleteFrom('instalment_plans').where('id', '=', id).execute();
    },
    async planInUse(id: number): Promise<boolean> {
      const used =
        (await db.selectFrom('instalments').select('id').where('plan_id', '=', id).limit(1).executeTakeFirst()) ??
        (await db.selectFrom('payments').select('id').where('plan_id', '=', id).limit(1).executeTakeFirst());
      return used !== undefined;
    },
    async insertInstalment(values: Omit<InstalmentsTable, 'id'>): Promise<number> {
      const row = await db.insertInto('instalments').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    findInstalment: (id: number) => db.selectFrom('instalments').selectAll().where('id', '=', id).executeTakeFirst(),
    /**
     * Which instalment of its schedule this is, and of how many ("2 of 3"): the instalments made with it
     * (one enrollment, one plan, one moment; a schedule after an ended one numbers on, but counts from 1).
     */
    async placeInSchedule(id: number): Promise<{ number: number; of: number } | undefined> {
      const row = await db.selectFrom('instalments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const schedule = await db
        .selectFrom('instalments')
        .select(['id'])
        .where('enrollment_id', '=', row.enrollment_id)
        .where('plan_id', '=', row.plan_id)
        .where('created_at', '=', row.created_at)
        .orderBy('number')
        .execute();
      return { number: schedule.findIndex((r) => r.id === id) + 1, of: schedule.length };
    },
    async updateInstalment(id: number, values: Updateable<InstalmentsTable>): Promise<void> {
      await db.updateTable('instalments').set(values).where('id', '=', id).execute();
    },
    /** An enrollment's schedule, in order, with each instalment's payment and invoice. */
    scheduleOf: (enrollmentId: number) =>
      schedule().where('instalments.enrollment_id', '=', enrollmentId).orderBy('instalments.number').execute(),
    /** One instalment with its payment and invoice. */
    scheduledOne: (id: number) => schedule().where('instalments.id', '=', id).executeTakeFirst(),
    /** Every schedule for the administrators (status paid or due), with student and program. */
    everyInstalment: (status: 'due' | 'paid' | null) => {
      let query = schedule()
        .innerJoin('enrollments', 'enrollments.id', 'instalments.enrollment_id')
        .innerJoin('users', 'users.id', 'enrollments.student_id')
        .innerJoin('programs', 'programs.id', 'enrollments.course_id')
        .select([
          'users.first_name',
          'users.last_name',
          'users.username',
          'users.email',
          'programs.title as program_title',
        ])
        .where('instalments.status', '!=', 'cancelled');
      if (status) query = query.where('instalments.status', '=', status);
      return query.orderBy('instalments.due_on').orderBy('instalments.id').limit(1000).execute();
    },
    /** Due instalments whose date is on or before `until` (an IST date), for the housekeeping pass. */
    dueBy: (until: string) =>
      db
        .selectFrom('instalments')
        .selectAll()
        .where('status', '=', 'due')
        .where('due_on', '<=', until)
        .orderBy('due_on')
        .execute(),
    /** The earliest instalment of the enrollment whose grace ran out and is unpaid (it pauses access). */
    suspending: async (enrollmentId: number): Promise<InstalmentRow | undefined> =>
      (await suspendingInstalment(db, { enrollment: enrollmentId }))[0],
    /** The payment of an instalment (pending, failed or completed), if one was started. */
    paymentOf: (instalmentId: number) =>
      db.selectFrom('payments').selectAll().where('instalment_id', '=', instalmentId).executeTakeFirst(),
    /** Pauses access for an unpaid instalment, unless already paused (the pause's time stays the first). */
    async markSuspended(id: number, at: string): Promise<void> {
      await db
        .updateTable('instalments')
        .set({ suspended_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'due')
        .where('suspended_at', 'is', null)
        .execute();
    },
    /** Cancels an enrollment's open dues and their pending payments (a refund ended the enrollment). */
    async cancelOpen(enrollmentId: number, at: string): Promise<number[]> {
      const open = await db
        .selectFrom('instalments')
        .select('id')
        .where('enrollment_id', '=', enrollmentId)
        .where('status', '=', 'due')
        .execute();
      const ids = open.map((row) => row.id);
      if (ids.length === 0) return [];
      await db
        .updateTable('instalments')
        .set({ status: 'cancelled', suspended_at: null, updated_at: at })
        .where('id', 'in', ids)
        .execute();
      await db
        .updateTable('payments')
        .set({ status: 'cancelled', updated_at: at })
        .where('instalment_id', 'in', ids)
        .where('status', 'in', ['pending', 'failed'])
        .execute();
      return ids;
    },
    /** The completed payments of an enrollment's instalments, oldest first. */
    paidPayments: (enrollmentId: number) =>
      db
        .selectFrom('payments')
        .innerJoin('instalments', 'instalments.id', 'payments.instalment_id')
        .select(['payments.id'])
        .where('instalments.enrollment_id', '=', enrollmentId)
        .where('payments.status', '=', 'completed')
        .orderBy('instalments.number')
        .execute(),
    /** The once-only marker of a reminder; false when another process wrote it first. */
    async markReminder(instalmentId: number, kind: 'before' | 'due' | 'suspended', at: string): Promise<boolean> {
      const result = await db
        .insertInto('instalment_reminders')
        .values({ instalment_id: instalmentId, kind, sent_at: at })
        .onConflict((oc) => oc.columns(['instalment_id', 'kind']).doNothing())
        .returning('instalment_id')
        .executeTakeFirst();
      return result !== undefined;
    },
  };
}
