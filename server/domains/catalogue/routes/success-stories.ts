import type { FastifyInstance } from 'fastify';
import { API, FeaturedListQuery, SuccessStoryInput } from '../../../../contract/index.ts';
import { adminOnly } from '../../../platform/http/auth.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createStoryService } from '../../placement/index.ts';
import { STORY_PATHS } from '../../../../contract/stories.ts';
import { createSuccessStoryWrites } from '../content.ts';

/**
 * Success stories (decision record 079): the public list holds only stories on verified offers whose student
 * consented, with the consented items only, computed per request (no cache: a withdrawal counts at once).
 * The office writes a story by choosing a verified offer; company, designation and CTC come from it.
 */
export default async function successStoryRoutes(app: FastifyInstance) {
  const stories = createStoryService(app.deps.db);

  app.get(API.successStories.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return stories.publicList(query.featured);
  });
  app.get(STORY_PATHS.adminList, { preHandler: adminOnly }, () => stories.adminList());

  registerAdminWrites(app, {
    schema: SuccessStoryInput,
    paths: {
      create: API.successStories.create,
      update: API.successStories.update(),
      remove: API.successStories.remove(),
    },
    writes: createSuccessStoryWrites(app.deps.db, app.deps.config.uploadDir),
  });
}
