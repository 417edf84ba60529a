import type { FastifyInstance } from 'fastify';
import { API, DELETE_IMPACT_PATHS, FacultyInput, FeaturedListQuery } from '../../../../contract/index.ts';
import { adminOnly } from '../../../platform/http/auth.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { idParam, parseQuery } from '../../../platform/lib/validate.ts';
import { createFacultyService } from '../content.ts';

/** Faculty: public list (the Faculty page sends featured=true), admin writes. */
export default async function facultyRoutes(app: FastifyInstance) {
  const faculty = createFacultyService(app.deps.db);

  app.get(API.faculty.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return faculty.list(query.featured);
  });

  // What deleting a faculty member touches, read before the office confirms (decision record 085).
  app.get(DELETE_IMPACT_PATHS.faculty(), { preHandler: adminOnly }, async (request) =>
    faculty.deleteImpact(idParam(request.params)),
  );

  registerAdminWrites(app, {
    schema: FacultyInput,
    paths: { create: API.faculty.create, update: API.faculty.update(), remove: API.faculty.remove() },
    writes: faculty.writes,
  });
}
