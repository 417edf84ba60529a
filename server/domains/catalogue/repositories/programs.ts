import { sql, type Updateable } from 'kysely';
import type { Category, Level, TargetAudience } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { ProgramsTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';

export type ProgramFilters = {
  level?: Level;
  category?: Category;
  target_audience?: TargetAudience;
  search?: string;
  is_featured?: boolean;
  includeInactive: boolean;
};

export type ProgramValues = Omit<ProgramsTable, 'id' | 'created_at' | 'updated_at'>;

/** `%text%` for LIKE, with the wildcards in the user's text taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function selectPrograms(db: Db) {
  return db
    .selectFrom('programs')
    .leftJoin('faculty', 'faculty.id', 'programs.instructor_id')
    .selectAll('programs')
    .select(['faculty.first_name as instructor_first_name', 'faculty.last_name as instructor_last_name']);
}
export type ProgramWithInstructor = Awaited<ReturnType<ReturnType<typeof selectPrograms>['executeTakeFirstOrThrow']>>;

export function createProgramRepository(db: Db) {
  return {
    list(filters: ProgramFilters) {
      let query = selectPrograms(db);
      if (!filters.includeInactive) query = query.where('programs.is_active', '=', 1);
      if (filters.level) query = query.where('programs.level', '=', filters.level);
      if (filters.category) query = query.where('programs.category', '=', filters.category);
      if (filters.target_audience) query = query.where('programs.target_audience', '=', filters.target_audience);
      if (filters.is_featured !== undefined)
        query = query.where('programs.is_featured', '=', filters.is_featured ? 1 : 0);
      if (filters.search) {
        const pattern = likePattern(filters.search);
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(programs.title)`, 'like', sql`${pattern} ESCAPE '\\'`),
            eb(sql`lower(programs.description)`, 'like', sql`${pattern} ESCAPE '\\'`),
          ]),
        );
      }
      return query.orderBy('programs.is_featured', 'desc').orderBy('programs.id', 'asc').execute();
    },
    findById: (id: number) => selectPrograms(db).where('programs.id', '=', id).executeTakeFirst(),
    async create(values: ProgramValues): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('programs')
        .values({ ...values, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<ProgramsTable>): Promise<boolean> {
      const result = await db
        .updateTable('programs')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('programs').where('id', '=', id).execute();
    },
  };
}
