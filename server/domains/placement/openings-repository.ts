import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { PlacementApplicationsTable, PlacementOpeningsTable } from './tables.ts';

/** Rows of placement openings and applications (migration 035, decision record 078). Takes `db` or a transaction. */
export function openingsRepository(db: Db) {
  const openingView = () =>
    db
      .selectFrom('placement_openings as op')
      .innerJoin('employers as e', 'e.id', 'op.employer_id')
      .selectAll('op')
      .select((eb) => [
        'e.name as employer_name',
        eb
          .selectFrom('placement_applications as a')
          .select((x) => x.fn.countAll<number>().as('n'))
          .whereRef('a.opening_id', '=', 'op.id')
          .as('applications'),
      ]);
  const applicationView = () =>
    db
      .selectFrom('placement_applications as a')
      .innerJoin('placement_openings as op', 'op.id', 'a.opening_id')
      .innerJoin('employers as e', 'e.id', 'op.employer_id')
      .innerJoin('users as u', 'u.id', 'a.student_id')
      .selectAll('a')
      .select([
        'op.title as opening_title',
        'e.name as employer_name',
        'u.first_name',
        'u.last_name',
        'u.username',
        'u.email',
      ]);
  return {
    openings: (status?: string) => {
      let q = openingView();
      if (status) q = q.where('op.status', '=', status as never);
      return q.orderBy('op.deadline', 'desc').orderBy('op.id', 'desc').limit(500).execute();
    },
    opening: (id: number) => openingView().where('op.id', '=', id).executeTakeFirst(),
    insertOpening: (row: Insertable<PlacementOpeningsTable>) =>
      db.insertInto('placement_openings').values(row).returning('id').executeTakeFirstOrThrow(),
    updateOpening: (id: number, set: Updateable<PlacementOpeningsTable>) =>
      db.updateTable('placement_openings').set(set).where('id', '=', id).executeTakeFirst(),
    deleteOpening: (id: number) => db.deleteFrom('placement_openings').where('id', '=', id).executeTakeFirst(),

    /** The student's program enrollments: the programs and batches an opening may be open to. */
    studentPrograms: (studentId: number) =>
      db
        .selectFrom('enrollments')
        .select(['course_id', 'batch_id'])
        .where('student_id', '=', studentId)
        .where('course_type', '=', 'program')
        .execute(),

    applications: (filters: { opening?: number; student?: number }) => {
      let q = applicationView();
      if (filters.opening !== undefined) q = q.where('a.opening_id', '=', filters.opening);
      if (filters.student !== undefined) q = q.where('a.student_id', '=', filters.student);
      return q.orderBy('a.id', 'desc').limit(1000).execute();
    },
    application: (id: number) => applicationView().where('a.id', '=', id).executeTakeFirst(),
    insertApplication: (row: Insertable<PlacementApplicationsTable>) =>
      db.insertInto('placement_applications').values(row).returning('id').executeTakeFirstOrThrow(),
    /** Moves an application that is not withdrawn (a conditional update): answers whether it did. */
    async setStage(id: number, set: Updateable<PlacementApplicationsTable>, from: readonly string[]): Promise<boolean> {
      const r = await db
        .updateTable('placement_applications')
        .set(set)
        .where('id', '=', id)
        .where('stage', 'in', from as never)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
