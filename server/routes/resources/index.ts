import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API, ResourceInput, ResourceListQuery } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { facultyReference, registerAdminWrites } from '../admin-writes.ts';
import { parseQuery } from '../../lib/validate.ts';
import { createResourceRepository } from '../../repositories/content.ts';
import { toResource } from '../../services/present.ts';

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
      const author = await facultyReference(trx, 'author_id', input.author_id);
      return createResourceRepository(trx).create({ ...values(input), author_id: author.value ?? null });
    },
    async update(trx, id, input) {
      const author = await facultyReference(trx, 'author_id', input.author_id);
      await createResourceRepository(trx).update(id, {
        ...values(input),
        ...('value' in author ? { author_id: author.value } : {}),
      });
    },
    remove: async (trx, id) => (await createResourceRepository(trx).remove(id), 'deleted'),
  });
}
