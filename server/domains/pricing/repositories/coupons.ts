import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { CouponsTable } from '../../../platform/db/schema.ts';

/** Payment statuses that hold a use of their coupon: a failed or cancelled payment has released it. */
const HOLDING = ['pending', 'completed', 'refunded'] as const;

/** Whether a payment in this status holds a use of its coupon. */
export const holdsCouponUse = (status: string): boolean => (HOLDING as readonly string[]).includes(status);

/** Coupons and scholarships (decision record 053), and the uses their payments hold. */
export function couponRepository(db: Db) {
  const uses = (couponId: number) =>
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('coupon_id', '=', couponId)
      .where('status', 'in', HOLDING);
  return {
    find: (id: number) => db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst(),
    findByCode: (code: string) =>
      db
        .selectFrom('coupons')
        .selectAll()
        .where('code_key', '=', code.trim().toLowerCase())
        .where('student_id', 'is', null)
        .executeTakeFirst(),
    scholarshipsOf: (studentId: number) =>
      db
        .selectFrom('coupons')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('is_active', '=', 1)
        .orderBy('id')
        .execute(),
    /** Holds the coupon row until the transaction ends: limit checks of one coupon run one at a time. */
    async hold(id: number): Promise<void> {
      await db
        .updateTable('coupons')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', id)
        .execute();
    },
    /** Uses held now, all students (or one), leaving out one payment (the one being re-quoted). */
    async countUses(couponId: number, options: { studentId?: number; exceptPayment?: number } = {}) {
      let query = uses(couponId);
      if (options.studentId !== undefined) query = query.where('student_id', '=', options.studentId);
      if (options.exceptPayment !== undefined) query = query.where('id', '!=', options.exceptPayment);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
    list: () =>
      db
        .selectFrom('coupons')
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('payments')
            .select((p) => p.fn.countAll<number>().as('n'))
            .whereRef('payments.coupon_id', '=', 'coupons.id')
            .where('payments.status', 'in', HOLDING)
            .as('uses'),
        )
        .where('student_id', 'is', null)
        .orderBy('id', 'desc')
        .execute(),
    async insert(values: Insertable<CouponsTable>): Promise<number> {
      const row = await db.insertInto('coupons').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<CouponsTable>): Promise<void> {
      await db.updateTable('coupons').set(values).where('id', '=', id).execute();
    },
  };
}
