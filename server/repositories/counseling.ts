import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { istToday, type CounselingStatus } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { CounselingRequestsTable } from '../db/schema.ts';
import { contains } from './search.ts';

export type CounselingFilters = { status?: CounselingStatus; assignee?: number | 'none'; search?: string };

function conditions(filters: CounselingFilters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (filters.status) out.push(sql<SqlBool>`counseling_requests.status = ${filters.status}`);
  if (filters.assignee === 'none') out.push(sql<SqlBool>`counseling_requests.assignee_id is null`);
  else if (filters.assignee !== undefined)
    out.push(sql<SqlBool>`counseling_requests.assignee_id = ${filters.assignee}`);
  const search = filters.search;
  if (search)
    out.push(
      sql<SqlBool>`(${sql.join(
        ['counseling_requests.name', 'counseling_requests.email', 'counseling_requests.phone'].map((c) =>
          contains(c, search),
        ),
        sql` or `,
      )})`,
    );
  return out;
}

/** An open request whose follow-up day has passed (IST). */
const overdue = (today: string) =>
  sql<SqlBool>`counseling_requests.status not in ('converted', 'closed') and counseling_requests.next_follow_up is not null and counseling_requests.next_follow_up < ${today}`;

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
    async count(filters: CounselingFilters = {}): Promise<number> {
      const row = await db
        .selectFrom('counseling_requests')
        .where((eb) => eb.and(conditions(filters)))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Overdue follow-ups first (the oldest due first), then the rest newest first. */
    page(filters: CounselingFilters, limit: number, offset: number) {
      const today = istToday();
      return db
        .selectFrom('counseling_requests')
        .where((eb) => eb.and(conditions(filters)))
        .select('id')
        .orderBy(sql`case when ${overdue(today)} then 0 else 1 end`)
        .orderBy(sql`case when ${overdue(today)} then counseling_requests.next_follow_up else '' end`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    /** The requests with these ids, with the assignee's username. */
    byIds: (ids: number[]) =>
      ids.length ? selectRequests(db).where('counseling_requests.id', 'in', ids).execute() : Promise.resolve([]),
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
