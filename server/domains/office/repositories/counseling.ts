import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { CounselingRequestsTable } from '../../../platform/db/schema.ts';
import { conditions, createCounselingListRepository, type CounselingFilters } from './counseling-list.ts';

function selectRequests(db: Db) {
  return db
    .selectFrom('counseling_requests')
    .leftJoin('users', 'users.id', 'counseling_requests.assignee_id')
    .selectAll('counseling_requests')
    .select('users.username as assignee_username');
}

export function createCounselingRepository(db: Db) {
  return {
    create: (row: Insertable<CounselingRequestsTable>) =>
      db.insertInto('counseling_requests').values(row).returningAll().executeTakeFirstOrThrow(),
    findById: (id: number) => db.selectFrom('counseling_requests').selectAll().where('id', '=', id).executeTakeFirst(),
    async update(id: number, values: Updateable<CounselingRequestsTable>): Promise<void> {
      await db.updateTable('counseling_requests').set(values).where('id', '=', id).execute();
    },
    ...createCounselingListRepository(db),
    /** Notes of these requests, oldest first, with the author's username. */
    notesFor: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('counseling_notes')
            .leftJoin('users', 'users.id', 'counseling_notes.author_id')
            .select([
              'counseling_notes.request_id',
              'counseling_notes.text',
              'counseling_notes.created_at',
              'users.username as author',
            ])
            .where('counseling_notes.request_id', 'in', ids)
            .orderBy('counseling_notes.request_id')
            .orderBy('counseling_notes.id')
            .execute()
        : Promise.resolve([]),
    async addNote(requestId: number, authorId: number, text: string, at: string): Promise<void> {
      await db
        .insertInto('counseling_notes')
        .values({ request_id: requestId, author_id: authorId, text, created_at: at })
        .execute();
    },
    /** The next batch after `afterId`, in id order, with the assignee and the number of notes (exports). */
    batchAfter: (filters: CounselingFilters, afterId: number, limit: number) =>
      selectRequests(db)
        .select((eb) =>
          eb
            .selectFrom('counseling_notes')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('counseling_notes.request_id', '=', 'counseling_requests.id')
            .as('notes_count'),
        )
        .where((eb) => eb.and(conditions(filters)))
        .where('counseling_requests.id', '>', afterId)
        .orderBy('counseling_requests.id')
        .limit(limit)
        .execute(),
  };
}
