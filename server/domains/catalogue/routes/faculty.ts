import type { FastifyInstance } from 'fastify';
import { API, FacultyInput, FeaturedListQuery } from '../../../../contract/index.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createFacultyService } from '../content.ts';

/** Faculty: public list (the Faculty page sends featured=true), admin writes. */
export default async function facultyRoutes(app: FastifyInstance) {
  const faculty = createFacultyService(app.deps.db);

  app.get(API.faculty.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return faculty.list(query.featured);
  });

  registerAdminWrites(app, {
    schema: FacultyInput,
    paths: { create: API.faculty.create, update: API.faculty.update(), remove: API.faculty.remove() },
    writes: faculty.writes,
  });
}
