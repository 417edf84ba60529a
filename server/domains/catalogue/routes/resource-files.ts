import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../../../contract/index.ts';
import { idParam } from '../../../platform/lib/validate.ts';
import { notFound } from '../../../platform/lib/errors.ts';
import { mimeOfExtension } from '../../../platform/lib/file-types.ts';
import { inTransaction } from '../../../platform/lib/transaction.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { readDocumentUpload } from '../../../platform/files/read-upload.ts';
import { sendFile } from '../../../platform/files/store.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createResourceRepository } from '../repositories/content.ts';
import { createResourceFiles, MEDIA_PREFIX } from '../resource-files.ts';
import { toResource } from '../present.ts';

/** "Credit Appraisal Note Template" → "credit-appraisal-note-template". */
function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 80) || 'resource'
  );
}

/**
 * A resource's file: uploaded by an administrator (multipart, field "file", type read from the bytes,
 * UPLOAD_MAX_BYTES at most), replaced or removed without leaving the old one behind, and served to
 * anyone with its type and a download name made from the resource's title.
 */
export default async function resourceFileRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const files = createResourceFiles(config.uploadDir);

  const upload = async (request: FastifyRequest) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const { content, kind } = await readDocumentUpload(request, config.uploadMaxBytes);

    const link = await files.save(content, kind);
    let previous: string | null = null;
    try {
      const resource = await inTransaction(db, async (trx) => {
        const repo = createResourceRepository(trx);
        const before = await repo.findById(id);
        if (!before) throw notFound();
        previous = before.file;
        await repo.update(id, { file: link });
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'upload',
          entity: 'resource',
          entityId: id,
          changes: { file: { from: before.file, to: link }, bytes: content.length, type: kind.mime },
        });
        return toResource((await repo.findById(id))!);
      });
      await files.remove(previous);
      return resource;
    } catch (error) {
      await files.remove(link);
      throw error;
    }
  };
  await app.register(withUploads((uploads) => uploads.post(API.resources.file(), { preHandler: adminOnly }, upload)));

  app.delete(API.resources.file(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const previous = await inTransaction(db, async (trx) => {
      const repo = createResourceRepository(trx);
      const before = await repo.findById(id);
      if (!before) throw notFound();
      await repo.update(id, { file: null });
      await createAuditRepository(trx).record({
        actorId: admin.id,
        action: 'update',
        entity: 'resource',
        entityId: id,
        changes: { file: { from: before.file, to: null } },
      });
      return before.file;
    });
    await files.remove(previous);
    return reply.code(204).send();
  });

  app.get(API.media.resourceFile(), async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!files.isValidName(name)) throw notFound();
    // Served only while a resource links it, under that resource's title.
    const resource = await createResourceRepository(db).findByFile(MEDIA_PREFIX + name);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    const mime = mimeOfExtension(ext);
    const location = resource && mime ? files.locate(name) : null;
    if (!resource || !mime || !location) throw notFound();
    const download = `${slug(resource.title)}.${ext}`;
    return sendFile(reply, location, { type: mime, downloadName: download, cache: 'public, max-age=300' });
  });
}
