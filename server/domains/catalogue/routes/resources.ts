import type { FastifyInstance } from 'fastify';
import { API, ResourceInput, ResourceListQuery } from '../../../../contract/index.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createResourceService } from '../resources.ts';
import resourceFileRoutes from './resource-files.ts';

/** The resource library: featured filter, type filter, admin writes. */
export default async function resourceRoutes(app: FastifyInstance) {
  const resources = createResourceService(app.deps.db, app.deps.config.uploadDir);

  await app.register(resourceFileRoutes);

  app.get(API.resources.list, async (request) => {
    const query = parseQuery(ResourceListQuery, request.query);
    return resources.list({ featured: query.featured, resource_type: query.resource_type });
  });

  registerAdminWrites(app, {
    schema: ResourceInput,
    paths: { create: API.resources.create, update: API.resources.update(), remove: API.resources.remove() },
    writes: resources.writes,
  });
}
