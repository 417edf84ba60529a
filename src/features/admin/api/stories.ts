import { z } from 'zod';
import { AdminSuccessStory, API, ApiError, STORY_PATHS } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The Success Stories tab's save (decision record 079): the story's JSON, then the photo chosen, if any,
 * through the one upload (PUT …/photo/: a JPEG, PNG or WebP the server reads by its bytes). A refused photo
 * keeps the dialog open with the server's words under the photo's field; when adding, the story just made
 * is deleted again, so saving once more makes exactly one.
 */
export async function saveStory(mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  const { photo_upload, ...fields } = values as { photo_upload?: File } & Record<string, unknown>;
  const Saved = z.object({ id: z.number() }).passthrough();
  const saved =
    mode === 'add' || !item
      ? await api.post(API.successStories.create, fields, Saved)
      : await api.put(API.successStories.update(item.id), fields, Saved);
  if (!photo_upload) return saved;
  try {
    return await api.upload(
      STORY_PATHS.adminPhoto(saved.id),
      { files: { photo: photo_upload } },
      AdminSuccessStory,
      'PUT',
    );
  } catch (error) {
    if (mode === 'add' || !item) await api.delete(API.successStories.remove(saved.id)).catch(() => undefined);
    // The server names the field "photo"; the form's upload field is "photo_upload" ("photo" is the URL).
    const data = error instanceof ApiError ? (error.body as { photo?: unknown } | null) : null;
    if (error instanceof ApiError && (data?.photo || error.userMessage))
      throw new ApiError(error.status, { photo_upload: data?.photo ?? [error.userMessage] });
    throw error;
  }
}
