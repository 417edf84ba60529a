import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { IncidentsTable, PrivacyRequestsTable } from '../../../platform/db/schema.ts';

/** Privacy requests (erasure) and breach incidents, for the admin Privacy tab. */
export function createPrivacyRequestRepository(db: Db) {
  return {
    async create(row: Insertable<PrivacyRequestsTable>): Promise<number> {
      const created = await db.insertInto('privacy_requests').values(row).returning('id').executeTakeFirstOrThrow();
      return created.id;
    },
    /** An open (received or verified) request of the account, if any. */
    openFor: (userId: number) =>
      db
        .selectFrom('privacy_requests')
        .select(['id'])
        .where('user_id', '=', userId)
        .where('status', 'in', ['received', 'verified'])
        .executeTakeFirst(),
    /** Oldest first: the one due soonest is on top. */
    list: () =>
      db
        .selectFrom('privacy_requests')
        .leftJoin('users', 'users.id', 'privacy_requests.user_id')
        .selectAll('privacy_requests')
        .select('users.username')
        .orderBy('privacy_requests.received_at')
        .orderBy('privacy_requests.id')
        .execute(),
    find: (id: number) =>
      db
        .selectFrom('privacy_requests')
        .leftJoin('users', 'users.id', 'privacy_requests.user_id')
        .selectAll('privacy_requests')
        .select('users.username')
        .where('privacy_requests.id', '=', id)
        .executeTakeFirst(),
    /** Moves a request on only from the state it was read in (a concurrent move loses: 0 rows). */
    async move(id: number, from: string, values: Updateable<PrivacyRequestsTable>): Promise<boolean> {
      const result = await db
        .updateTable('privacy_requests')
        .set(values)
        .where('id', '=', id)
        .where('status', '=', from as PrivacyRequestsTable['status'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export function createIncidentRepository(db: Db) {
  return {
    async create(row: Insertable<IncidentsTable>): Promise<number> {
      const created = await db.insertInto('incidents').values(row).returning('id').executeTakeFirstOrThrow();
      return created.id;
    },
    list: () => db.selectFrom('incidents').selectAll().orderBy('aware_at', 'desc').orderBy('id', 'desc').execute(),
    find: (id: number) => db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Marks the notice sent, once (answers false when it already was). */
    async markNotified(id: number, count: number): Promise<boolean> {
      const result = await db
        .updateTable('incidents')
        .set({ notified_at: new Date().toISOString(), notified_count: count })
        .where('id', '=', id)
        .where('notified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Every active account's address (an incident that names no addresses affects everyone). */
    activeEmails: async (): Promise<string[]> =>
      (await db.selectFrom('users').select('email').where('is_active', '=', 1).where('email', '<>', '').execute()).map(
        (r) => r.email,
      ),
  };
}
