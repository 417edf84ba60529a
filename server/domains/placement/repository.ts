import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import type {
  EmployersTable,
  OfferConfirmationsTable,
  PlacementApplicationsTable,
  PlacementOffersTable,
  PlacementOpeningsTable,
} from './tables.ts';

/** Rows of the placement domain (decision record 070). Takes `db` or a transaction. */
export function placementRepository(db: Db) {
  const offerView = () =>
    db
      .selectFrom('placement_offers as o')
      .innerJoin('users as u', 'u.id', 'o.student_id')
      .innerJoin('batches as b', 'b.id', 'o.batch_id')
      .innerJoin('programs as p', 'p.id', 'b.course_id')
      .innerJoin('employers as e', 'e.id', 'o.employer_id')
      .selectAll('o')
      .select([
        'u.first_name',
        'u.last_name',
        'u.username',
        'u.email as student_email',
        'b.name as batch_name',
        'b.course_id as program_id',
        'p.title as program_title',
        'e.name as employer_name',
        'e.website as employer_website',
        'e.hr_contacts as employer_contacts',
      ]);
  /** Changes an offer only while it is claimed (a conditional update): answers whether it did. */
  async function updateClaimed(id: number, set: Updateable<PlacementOffersTable>): Promise<boolean> {
    const r = await db
      .updateTable('placement_offers')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', 'claimed')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  return {
    employers: () => db.selectFrom('employers').selectAll().orderBy('name_key').execute(),
    employer: (id: number) => db.selectFrom('employers').selectAll().where('id', '=', id).executeTakeFirst(),
    employerByKey: (key: string) =>
      db.selectFrom('employers').selectAll().where('name_key', '=', key).executeTakeFirst(),
    insertEmployer: (row: Insertable<EmployersTable>) =>
      db.insertInto('employers').values(row).returning('id').executeTakeFirstOrThrow(),
    updateEmployer: (id: number, set: Updateable<EmployersTable>) =>
      db.updateTable('employers').set(set).where('id', '=', id).executeTakeFirst(),
    deleteEmployer: (id: number) => db.deleteFrom('employers').where('id', '=', id).executeTakeFirst(),
    /** Verified offers per employer (for the hiring-partner rule). */
    verifiedOffersByEmployer: () =>
      db
        .selectFrom('placement_offers')
        .select(['employer_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'verified')
        .groupBy('employer_id')
        .execute(),
    offersOfEmployer: (employerId: number) =>
      db
        .selectFrom('placement_offers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('employer_id', '=', employerId)
        .executeTakeFirstOrThrow(),

    offers: (filters: { status?: string; student?: number }) => {
      let q = offerView();
      if (filters.status) q = q.where('o.status', '=', filters.status as never);
      if (filters.student !== undefined) q = q.where('o.student_id', '=', filters.student);
      return q.orderBy('o.id', 'desc').limit(500).execute();
    },
    offer: (id: number) => offerView().where('o.id', '=', id).executeTakeFirst(),
    insertOffer: (row: Insertable<PlacementOffersTable>) =>
      db.insertInto('placement_offers').values(row).returning('id').executeTakeFirstOrThrow(),
    /** Decides a claimed offer only (a conditional update): answers whether it did. */
    decideOffer: updateClaimed,
    /** Sets a claimed offer's letter only (a conditional update): answers whether it did. */
    setOfferLetter: updateClaimed,

    insertConfirmation: (row: Insertable<OfferConfirmationsTable>) =>
      db.insertInto('offer_confirmations').values(row).execute(),
    confirmationById: (id: number) =>
      db.selectFrom('offer_confirmations').selectAll().where('id', '=', id).executeTakeFirst(),
    confirmation: (tokenHash: string) =>
      db.selectFrom('offer_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),
    /** Takes the link (single use): answers whether this call took it. */
    async useConfirmation(id: number, at: string): Promise<boolean> {
      const r = await db
        .updateTable('offer_confirmations')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A student's enrollment in a program batch (the batch they may report an offer for). */
    enrollmentInBatch: (studentId: number, batchId: number) =>
      db
        .selectFrom('enrollments')
        .select(['id', 'status'])
        .where('student_id', '=', studentId)
        .where('batch_id', '=', batchId)
        .where('course_type', '=', 'program')
        .executeTakeFirst(),

    /** The student's program batches, with their opt-out and whether a verified offer places them. */
    studentBatches: (studentId: number) =>
      db
        .selectFrom('enrollments as en')
        .innerJoin('batches as b', 'b.id', 'en.batch_id')
        .innerJoin('programs as p', 'p.id', 'b.course_id')
        .select((eb) => [
          'en.id as enrollment_id',
          'b.id as batch_id',
          'b.name as batch_name',
          'b.ends_on',
          'p.title as program_title',
          'en.placement_opt_out',
          eb
            .exists(
              eb
                .selectFrom('placement_offers as o')
                .select('o.id')
                .whereRef('o.student_id', '=', 'en.student_id')
                .whereRef('o.batch_id', '=', 'b.id')
                .where('o.status', '=', 'verified'),
            )
            .as('placed'),
        ])
        .where('en.student_id', '=', studentId)
        .where('en.course_type', '=', 'program')
        .orderBy('b.ends_on', 'desc')
        .execute(),
    /** Sets the opt-out and when it changed (the summary's as_of follows it: migration 041). */
    setOptOut: (enrollmentId: number, optOut: boolean, at: string) =>
      db
        .updateTable('enrollments')
        .set({ placement_opt_out: optOut ? 1 : 0, placement_opt_out_at: at })
        .where('id', '=', enrollmentId)
        .executeTakeFirst(),

    /** Every enrollment of the program batches that ended before `today`, with whether it completed. */
    endedBatchEnrollments: (today: string) =>
      db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.course_id')
        .innerJoin('enrollments as en', (j) => j.onRef('en.batch_id', '=', 'b.id').on('en.course_type', '=', 'program'))
        .leftJoin('certificates as c', (j) => j.onRef('c.enrollment_id', '=', 'en.id').on('c.status', '=', 'valid'))
        .select([
          'b.id as batch_id',
          'b.name as batch_name',
          'b.ends_on',
          'p.id as program_id',
          'p.title as program_title',
          'en.student_id',
          'en.status',
          'en.placement_opt_out',
          'en.placement_opt_out_at',
          'c.id as certificate_id',
          'c.issued_at as certificate_issued_at',
        ])
        .where('b.ends_on', '<', today)
        .execute(),
    verifiedOffers: () =>
      db
        .selectFrom('placement_offers')
        .select(['student_id', 'batch_id', 'employer_id', 'annual_ctc', 'updated_at'])
        .where('status', '=', 'verified')
        .execute(),
  };
}

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
