import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { CounselingRequestsTable } from '../db/schema.ts';

export function createCounselingRepository(db: Db) {
  return {
    create: (row: Insertable<CounselingRequestsTable>) =>
      db.insertInto('counseling_requests').values(row).returningAll().executeTakeFirstOrThrow(),
    async count(): Promise<number> {
      const row = await db
        .selectFrom('counseling_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: (limit: number, offset: number) =>
      db
        .selectFrom('counseling_requests')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
