import type { Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { WorkshopsTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';

export type WorkshopFilters = { upcoming?: boolean; past?: boolean; is_free?: boolean; includeInactive: boolean };
export type WorkshopValues = Omit<WorkshopsTable, 'id' | 'created_at' | 'updated_at' | 'current_participants'>;

function selectWorkshops(db: Db) {
  return db
    .selectFrom('workshops')
    .leftJoin('faculty', 'faculty.id', 'workshops.instructor_id')
    .selectAll('workshops')
    .select(['faculty.first_name as instructor_first_name', 'faculty.last_name as instructor_last_name']);
}
export type WorkshopWithInstructor = Awaited<ReturnType<ReturnType<typeof selectWorkshops>['executeTakeFirstOrThrow']>>;

export function createWorkshopRepository(db: Db) {
  return {
    list(filters: WorkshopFilters) {
      const now = nowIso();
      let query = selectWorkshops(db);
      if (!filters.includeInactive) query = query.where('workshops.is_active', '=', 1);
      if (filters.upcoming === true) query = query.where('workshops.date', '>=', now);
      if (filters.upcoming === false) query = query.where('workshops.date', '<', now);
      if (filters.past === true) query = query.where('workshops.date', '<', now);
      if (filters.past === false) query = query.where('workshops.date', '>=', now);
      if (filters.is_free !== undefined) query = query.where('workshops.price', filters.is_free ? '=' : '>', 0);
      // Upcoming soonest first; past most recent first.
      const newestFirst = filters.past === true || filters.upcoming === false;
      return query
        .orderBy('workshops.date', newestFirst ? 'desc' : 'asc')
        .orderBy('workshops.id', 'asc')
        .execute();
    },
    findById: (id: number) => selectWorkshops(db).where('workshops.id', '=', id).executeTakeFirst(),
    async create(values: WorkshopValues): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('workshops')
        .values({ ...values, current_participants: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<WorkshopsTable>): Promise<boolean> {
      const result = await db
        .updateTable('workshops')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Updates the workshop unless its new maximum is below the seats taken; the test is in the UPDATE,
     * so a seat taken meanwhile is counted. Answers whether it updated.
     */
    async updateIfSeatsFit(id: number, values: Updateable<WorkshopsTable> & { max_participants: number }) {
      const result = await db
        .updateTable('workshops')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .where('current_participants', '<=', values.max_participants)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Takes one seat if one is free. The condition is in the UPDATE itself, so racing callers never oversell. */
    async takeSeat(id: number): Promise<boolean> {
      const result = await db
        .updateTable('workshops')
        .set((eb) => ({ current_participants: eb('current_participants', '+', 1) }))
        .where('id', '=', id)
        .whereRef('current_participants', '<', 'max_participants')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async releaseSeat(id: number): Promise<void> {
      await db
        .updateTable('workshops')
        .set((eb) => ({ current_participants: eb('current_participants', '-', 1) }))
        .where('id', '=', id)
        .where('current_participants', '>', 0)
        .execute();
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('workshops').where('id', '=', id).execute();
    },
  };
}
