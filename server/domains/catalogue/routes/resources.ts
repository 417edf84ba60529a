import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API, ResourceInput, ResourceListQuery } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { facultyReference, registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createResourceRepository } from '../repositories/content.ts';
import { OFFICE_MESSAGES } from '../../../../contract/index.ts';
import { ValidationFailed } from '../../../platform/lib/errors.ts';
import { createResourceFiles } from '../resource-files.ts';
import { toResource } from '../present.ts';
import resourceFileRoutes from './resource-files.ts';

function values(input: z.output<typeof ResourceInput>) {
  return {
    title: input.title,
    description: input.description,
    resource_type: input.resource_type,
    external_url: input.external_url || null,
    file: input.file || null,
    is_featured: input.is_featured ? 1 : 0,
  };
}

async function readResource(db: Db, id: number) {
  const row = await createResourceRepository(db).findById(id);
  return row ? toResource(row) : undefined;
}

/** The resource library: featured filter, type filter, admin writes. */
export default async function resourceRoutes(app: FastifyInstance) {
  const resources = createResourceRepository(app.deps.db);
  const files = createResourceFiles(app.deps.config.uploadDir);
  /** An uploaded file's link is set by the upload route only, so one file never belongs to two resources. */
  const refuseTypedLink = (input: z.output<typeof ResourceInput>, current: string | null) => {
    if (input.file && files.nameOf(input.file) && input.file !== current)
      throw new ValidationFailed({ file: [OFFICE_MESSAGES.fileLinkTyped] });
  };

  await app.register(resourceFileRoutes);

  app.get(API.resources.list, async (request) => {
    const query = parseQuery(ResourceListQuery, request.query);
    return (await resources.list({ featured: query.featured, resource_type: query.resource_type })).map(toResource);
  });

  registerAdminWrites(app, {
    entity: 'resource',
    schema: ResourceInput,
    paths: { create: API.resources.create, update: API.resources.update(), remove: API.resources.remove() },
    read: readResource,
    async create(trx, input) {
      refuseTypedLink(input, null);
      const author = await facultyReference(trx, 'author_id', input.author_id);
      return createResourceRepository(trx).create({ ...values(input), author_id: author.value ?? null });
    },
    async update(trx, id, input, before) {
      refuseTypedLink(input, before.file);
      const author = await facultyReference(trx, 'author_id', input.author_id);
      await createResourceRepository(trx).update(id, {
        ...values(input),
        ...('value' in author ? { author_id: author.value } : {}),
      });
    },
    remove: async (trx, id) => (await createResourceRepository(trx).remove(id), 'deleted'),
    // A file the resource no longer links (replaced, cleared, or the resource deleted) goes too.
    afterUpdate: async (before, after) => {
      if (before.file !== after.file) await files.remove(before.file);
    },
    afterRemove: async (before) => files.remove(before.file),
  });
}
