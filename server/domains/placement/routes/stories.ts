import type { FastifyInstance } from 'fastify';
import { STORY_PATHS as P, StoryConsentInput } from '../../../../contract/stories.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createStoryService } from '../stories.ts';

/**
 * The student's side of success stories (decision record 079): the stories about them with each item's
 * consent, and their written consent item by item. Only the story's student: anyone else, the office
 * included, gets 404 (the office may not consent for a student).
 */
export default async function storyConsentRoutes(app: FastifyInstance) {
  const stories = createStoryService(app.deps.db);

  app.get(P.mine, { preHandler: authenticated }, (request) => stories.mine(requireUser(request)));
  app.put(P.consent(), { preHandler: authenticated }, (request) =>
    stories.setConsent(requireUser(request), idParam(request.params), parse(StoryConsentInput, request.body ?? {})),
  );
}
