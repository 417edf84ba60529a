import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../../../contract/index.ts';
import { idParam } from '../../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { readDocumentUpload } from '../../../platform/files/read-upload.ts';
import { sendFile } from '../../../platform/files/store.ts';
import { createResourceService } from '../resources.ts';

/**
 * A resource's file: uploaded by an administrator (multipart, field "file", type read from the bytes,
 * UPLOAD_MAX_BYTES at most), replaced or removed without leaving the old one behind, and served to
 * anyone with its type and a download name made from the resource's title.
 */
export default async function resourceFileRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const resources = createResourceService(db, config.uploadDir);

  const upload = async (request: FastifyRequest) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const file = await readDocumentUpload(request, config.uploadMaxBytes);
    return resources.attachFile(admin.id, id, file);
  };
  await app.register(withUploads((uploads) => uploads.post(API.resources.file(), { preHandler: adminOnly }, upload)));

  app.delete(API.resources.file(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    await resources.removeFile(admin.id, idParam(request.params));
    return reply.code(204).send();
  });

  app.get(API.media.resourceFile(), async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = await resources.servedFile(name);
    return sendFile(reply, file.location, {
      type: file.mime,
      downloadName: file.downloadName,
      cache: 'public, max-age=300',
    });
  });
}
