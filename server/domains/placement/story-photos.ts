import { createHmac } from 'node:crypto';
import { STORY_MESSAGES, type AdminSuccessStory } from '../../../contract/stories.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import type { UploadedFile } from '../../platform/files/read-upload.ts';
import { fileStore } from '../../platform/files/store.ts';
import { HttpError, notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { KINDS, sniffFileKind, type Extension } from '../../platform/lib/file-types.ts';
import { sameText } from '../../platform/lib/same-text.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { storyRepository } from './repositories/stories.ts';
import { createStoryService } from './stories.ts';

/**
 * A success story's photo (decision record 079, addendum; migration 041): the office uploads a JPEG, PNG or
 * WebP image (read by its bytes, within UPLOAD_MAX_BYTES), kept by the one file store under `story-photos/`.
 * The public sees it only while the story's student consents to the photo (checked on every request, so a
 * withdrawal hides it at once); the student sees it before consenting through a preview address signed for
 * them, valid an hour. An upload is a change of what the student consents to: their consent is asked again.
 * An erasure of the student deletes the story and its photo.
 */

const IMAGES: readonly Extension[] = ['jpg', 'png', 'webp'];
const PREVIEW_MS = 60 * 60 * 1000;

export const storyPreviewKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('story-photo-preview/v1').digest();
const signature = (key: Buffer, id: number, file: string, expires: number) =>
  createHmac('sha256', key).update(`${id}:${file}:${expires}`).digest('base64url');

/** "<expiry>.<signature>": the preview of this photo of this story, until the expiry (ms since 1970). */
export function previewToken(key: Buffer, id: number, file: string, now = Date.now()): string {
  const expires = now + PREVIEW_MS;
  return `${expires}.${signature(key, id, file, expires)}`;
}

function validPreview(key: Buffer, id: number, file: string, token: string): boolean {
  const [expires, given] = token.split('.');
  if (!expires || !given || !/^\d{1,15}$/.test(expires) || Number(expires) < Date.now()) return false;
  return sameText(signature(key, id, file, Number(expires)), given);
}

export function createStoryPhotos(db: Db, uploadDir: string) {
  const photos = fileStore(uploadDir, 'story-photos');
  const stories = createStoryService(db);
  return {
    /** The office uploads or replaces a story's photo (audited); the old file goes once the change committed. */
    async upload(admin: UserRow, id: number, file: UploadedFile | null): Promise<AdminSuccessStory> {
      if (!file) throw new ValidationFailed({ photo: [STORY_MESSAGES.photoMissing] });
      const kind = sniffFileKind(file.content);
      if (!kind || !IMAGES.includes(kind.ext as Extension))
        throw new ValidationFailed({ photo: [STORY_MESSAGES.photoType] });
      const stored = await photos.save(file.content, kind);
      try {
        const previous = await inTransaction(db, async (trx) => {
          const before = await storyRepository(trx).byId(id);
          if (!before) throw notFound();
          // What the student consents to changed: their earlier consent no longer counts (decision 079).
          await storyRepository(trx).update(id, { photo_file: stored, changed_at: nowIso() });
          await createAuditRepository(trx).record({
            actorId: admin.id,
            action: 'upload',
            entity: 'success_story',
            entityId: id,
            changes: { photo_file: { from: before.photo_file ?? null, to: stored }, bytes: file.content.length },
          });
          return before.photo_file ?? null;
        });
        await photos.remove(previous);
      } catch (error) {
        await photos.remove(stored);
        throw error;
      }
      return (await stories.adminOne(id))!;
    },

    /** The photo to send: published with consent, or previewed with a valid token; 404 otherwise. */
    async shown(id: number, preview: { token: string; key: Buffer } | null) {
      let file = await stories.publishedPhoto(id);
      if (!file && preview) {
        const held = (await storyRepository(db).byId(id))?.photo_file;
        if (held && validPreview(preview.key, id, held, preview.token)) file = held;
      }
      const location = photos.locate(file);
      if (!file || !location) throw new HttpError(404, STORY_MESSAGES.noPhoto);
      const ext = file.split('.').pop() as Extension;
      return { location, type: KINDS[ext], downloadName: `story-${id}.${ext}` };
    },
  };
}

/** A story's uploaded photo, if any (the office's delete of a story removes it). */
export const storyPhotoFile = async (db: Db, id: number) => (await storyRepository(db).byId(id))?.photo_file ?? null;
export const removeStoryPhoto = (uploadDir: string, name: string | null) =>
  fileStore(uploadDir, 'story-photos').remove(name);
