import type { Insertable, Updateable } from 'kysely';
import type { ResourceType } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type {
  FacultyTable,
  ResourcesTable,
  SuccessStoriesTable,
  TestimonialsTable,
} from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/** Faculty, testimonials, success stories and resources: simple tables, deleted for real (nothing refers to them but as a display name). */

export function createFacultyRepository(db: Db) {
  return {
    list(featured?: boolean) {
      let query = db.selectFrom('faculty').selectAll();
      if (featured !== undefined) query = query.where('is_featured', '=', featured ? 1 : 0);
      return query.orderBy('is_featured', 'desc').orderBy('id', 'asc').execute();
    },
    findById: (id: number) => db.selectFrom('faculty').selectAll().where('id', '=', id).executeTakeFirst(),
    async exists(id: number): Promise<boolean> {
      return (await db.selectFrom('faculty').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    create: (values: Omit<Insertable<FacultyTable>, 'created_at'>) =>
      db
        .insertInto('faculty')
        .values({ ...values, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    update: (id: number, values: Updateable<FacultyTable>) =>
      db.updateTable('faculty').set(values).where('id', '=', id).returningAll().executeTakeFirst(),
    /** What the delete below touches (decision record 085): the courses it teaches, the resources it wrote. */
    async taught(id: number): Promise<{ courses: string[]; resources: number }> {
      const programs = await db.selectFrom('programs').select('title').where('instructor_id', '=', id).execute();
      const workshops = await db.selectFrom('workshops').select('title').where('instructor_id', '=', id).execute();
      const resources = await db.selectFrom('resources').select('id').where('author_id', '=', id).execute();
      return { courses: [...programs, ...workshops].map((c) => c.title), resources: resources.length };
    },
    /** Programs, workshops and resources keep existing without their instructor or author. */
    async remove(id: number): Promise<void> {
      await db.updateTable('programs').set({ instructor_id: null }).where('instructor_id', '=', id).execute();
      await db.updateTable('workshops').set({ instructor_id: null }).where('instructor_id', '=', id).execute();
      await db.updateTable('resources').set({ author_id: null }).where('author_id', '=', id).execute();
      await db.deleteFrom('faculty').where('id', '=', id).execute();
    },
  };
}

export function createTestimonialRepository(db: Db) {
  return {
    list(featured?: boolean) {
      let query = db.selectFrom('testimonials').selectAll();
      if (featured !== undefined) query = query.where('is_featured', '=', featured ? 1 : 0);
      return query.orderBy('id', 'asc').execute();
    },
    findById: (id: number) => db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst(),
    create: (values: Omit<Insertable<TestimonialsTable>, 'created_at'>) =>
      db
        .insertInto('testimonials')
        .values({ ...values, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    update: (id: number, values: Updateable<TestimonialsTable>) =>
      db.updateTable('testimonials').set(values).where('id', '=', id).returningAll().executeTakeFirst(),
    async remove(id: number): Promise<void> {
      await db.deleteFrom('testimonials').where('id', '=', id).execute();
    },
  };
}

/** Success stories' writes; reading them (with their offer and consent) is placement's (decision 079). */
export function createSuccessStoryRepository(db: Db) {
  return {
    create: (values: Omit<Insertable<SuccessStoriesTable>, 'created_at'>) =>
      db
        .insertInto('success_stories')
        .values({ ...values, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    update: (id: number, values: Updateable<SuccessStoriesTable>) =>
      db.updateTable('success_stories').set(values).where('id', '=', id).returningAll().executeTakeFirst(),
    async remove(id: number): Promise<void> {
      await db.deleteFrom('success_stories').where('id', '=', id).execute();
    },
  };
}

function selectResources(db: Db) {
  return db
    .selectFrom('resources')
    .leftJoin('faculty', 'faculty.id', 'resources.author_id')
    .selectAll('resources')
    .select(['faculty.first_name as author_first_name', 'faculty.last_name as author_last_name']);
}
export type ResourceWithAuthor = Awaited<ReturnType<ReturnType<typeof selectResources>['executeTakeFirstOrThrow']>>;

export function createResourceRepository(db: Db) {
  return {
    list(filters: { featured?: boolean; resource_type?: ResourceType }) {
      let query = selectResources(db);
      if (filters.featured !== undefined) query = query.where('resources.is_featured', '=', filters.featured ? 1 : 0);
      if (filters.resource_type) query = query.where('resources.resource_type', '=', filters.resource_type);
      return query.orderBy('resources.id', 'asc').execute();
    },
    findById: (id: number) => selectResources(db).where('resources.id', '=', id).executeTakeFirst(),
    /** The resource linking a stored file, if any (its title names the download). */
    findByFile: (link: string) =>
      db.selectFrom('resources').select(['id', 'title']).where('file', '=', link).executeTakeFirst(),
    async create(values: Omit<Insertable<ResourcesTable>, 'created_at'>): Promise<number> {
      const row = await db
        .insertInto('resources')
        .values({ ...values, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, values: Updateable<ResourcesTable>): Promise<boolean> {
      const result = await db.updateTable('resources').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('resources').where('id', '=', id).execute();
    },
  };
}
