import type { FastifyInstance } from 'fastify';
import { fileTooLarge } from '../../../../contract/office.ts';
import { STORY_PATHS as P, StoryConsentInput } from '../../../../contract/stories.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { readUpload } from '../../../platform/files/read-upload.ts';
import { sendFile } from '../../../platform/files/store.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { resolveJwtSecret } from '../../accounts/index.ts';
import { createStoryPhotos, previewToken, storyPreviewKey } from '../story-photos.ts';
import { createStoryService } from '../stories.ts';

/**
 * The student's side of success stories (decision record 079): the stories about them with each item's
 * consent, and their written consent item by item. Only the story's student: anyone else, the office
 * included, gets 404 (the office may not consent for a student). And a story's photo: the office uploads
 * it; the public sees it only with the student's consent to it, the student before that by a signed preview.
 */
export default async function storyConsentRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const stories = createStoryService(db);
  const photos = createStoryPhotos(db, config.uploadDir);
  const previewKey = storyPreviewKey(await resolveJwtSecret(db, config.jwtSecret));

  app.get(P.mine, { preHandler: authenticated }, async (request) => {
    return stories.mine(requireUser(request), (id, file) => previewToken(previewKey, id, file));
  });
  app.put(P.consent(), { preHandler: authenticated }, (request) =>
    stories.setConsent(requireUser(request), idParam(request.params), parse(StoryConsentInput, request.body ?? {})),
  );

  await app.register(
    withUploads((uploads) => {
      uploads.put(P.adminPhoto(), { preHandler: adminOnly }, async (request) => {
        const admin = requireAdmin(request);
        const maxBytes = config.uploadMaxBytes;
        const { file } = await readUpload(request, { fileField: 'photo', maxBytes, tooLarge: fileTooLarge(maxBytes) });
        return photos.upload(admin, idParam(request.params), file);
      });
    }),
  );
  // Read on every request (no cache keeps it): a withdrawn consent hides the photo at once.
  app.get(P.photo(), async (request, reply) => {
    const token = (request.query as { preview?: unknown }).preview;
    const preview = typeof token === 'string' ? { token, key: previewKey } : null;
    const photo = await photos.shown(idParam(request.params), preview);
    return sendFile(reply, photo.location, { ...photo, cache: 'no-cache' });
  });
}
