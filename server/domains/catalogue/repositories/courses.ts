import type { CourseType } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { holdRow } from '../../../platform/db/row-hold.ts';

/** What a payment needs to know of its course, whichever kind it is. */
export type CourseForPayment = {
  id: number;
  price: number;
  is_active: number;
  seatsFull: boolean;
  /** A workshop whose start has passed (programs never). */
  started: boolean;
};

export function createCourseRepository(db: Db) {
  return {
    /**
     * Holds the course row until the transaction ends (see holdRow): an administrator deleting it
     * while a payment starts either finishes first or sees the payment and archives the course.
     */
    hold: (courseType: CourseType, id: number) => holdRow(db, courseType === 'program' ? 'programs' : 'workshops', id),
    /** Price, whether it is on sale, and (workshops) whether every seat is taken. */
    async findForPayment(courseType: CourseType, id: number): Promise<CourseForPayment | undefined> {
      if (courseType === 'program') {
        const row = await db
          .selectFrom('programs')
          .select(['id', 'price', 'is_active'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row ? { ...row, seatsFull: false, started: false } : undefined;
      }
      const row = await db
        .selectFrom('workshops')
        .select(['id', 'price', 'is_active', 'current_participants', 'max_participants', 'date'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            price: row.price,
            is_active: row.is_active,
            seatsFull: row.current_participants >= row.max_participants,
            started: new Date(row.date).getTime() <= Date.now(),
          }
        : undefined;
    },
  };
}
