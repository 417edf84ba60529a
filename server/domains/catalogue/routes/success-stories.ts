import type { FastifyInstance } from 'fastify';
import { API, FeaturedListQuery, SuccessStoryInput } from '../../../../contract/index.ts';
import { adminOnly } from '../../../platform/http/auth.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createSuccessStoryRepository } from '../repositories/content.ts';
import { createStoryService, removeStoryPhoto, storyOfferFields, storyPhotoFile } from '../../placement/index.ts';
import { STORY_PATHS } from '../../../../contract/stories.ts';
import { nowIso } from '../../../platform/lib/time.ts';

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
    entity: 'success_story',
    schema: SuccessStoryInput,
    paths: {
      create: API.successStories.create,
      update: API.successStories.update(),
      remove: API.successStories.remove(),
    },
    read: (db, id) => createStoryService(db).adminOne(id),
    create: async (trx, input) => {
      const fromOffer = await storyOfferFields(trx, input.offer_id);
      const row = { ...input, ...fromOffer, is_featured: input.is_featured ? 1 : 0, changed_at: nowIso() };
      return (await createSuccessStoryRepository(trx).create(row)).id;
    },
    update: async (trx, id, input, before) => {
      const fromOffer = await storyOfferFields(trx, input.offer_id);
      // What the student consented to changed: their earlier consent no longer counts (decision 079).
      const changed =
        before.offer_id !== input.offer_id ||
        before.student_name !== input.student_name ||
        before.photo !== input.photo ||
        before.story !== input.story;
      const row = { ...input, ...fromOffer, is_featured: input.is_featured ? 1 : 0 };
      await createSuccessStoryRepository(trx).update(id, changed ? { ...row, changed_at: nowIso() } : row);
    },
    // A deleted story's uploaded photo goes with it (a failed delete leaves the row without its photo: 404).
    remove: async (trx, id) => {
      const photo = await storyPhotoFile(trx, id);
      await createSuccessStoryRepository(trx).remove(id);
      await removeStoryPhoto(app.deps.config.uploadDir, photo);
      return 'deleted';
    },
  });
}
