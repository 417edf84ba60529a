import type { FastifyInstance } from 'fastify';
import { API, FeaturedListQuery, SuccessStoryInput } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createSuccessStoryRepository } from '../repositories/content.ts';
import { toSuccessStory } from '../../../platform/present.ts';

async function readStory(db: Db, id: number) {
  const row = await createSuccessStoryRepository(db).findById(id);
  return row ? toSuccessStory(row) : undefined;
}

/** Success stories: the Placement page lists the featured ones. */
export default async function successStoryRoutes(app: FastifyInstance) {
  const stories = createSuccessStoryRepository(app.deps.db);

  app.get(API.successStories.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return (await stories.list(query.featured)).map(toSuccessStory);
  });

  registerAdminWrites(app, {
    entity: 'success_story',
    schema: SuccessStoryInput,
    paths: {
      create: API.successStories.create,
      update: API.successStories.update(),
      remove: API.successStories.remove(),
    },
    read: readStory,
    create: async (trx, input) =>
      (await createSuccessStoryRepository(trx).create({ ...input, is_featured: input.is_featured ? 1 : 0 })).id,
    update: async (trx, id, input) =>
      void (await createSuccessStoryRepository(trx).update(id, { ...input, is_featured: input.is_featured ? 1 : 0 })),
    remove: async (trx, id) => (await createSuccessStoryRepository(trx).remove(id), 'deleted'),
  });
}
