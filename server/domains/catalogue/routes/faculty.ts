import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  API,
  DELETE_IMPACT_PATHS,
  DELETE_IMPACT_TEXTS as T,
  FacultyInput,
  FeaturedListQuery,
  type DeleteImpact,
} from '../../../../contract/index.ts';
import { adminOnly } from '../../../platform/http/auth.ts';
import { notFound } from '../../../platform/lib/errors.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { idParam, parseQuery } from '../../../platform/lib/validate.ts';
import { createFacultyRepository } from '../repositories/content.ts';
import { toFaculty } from '../present.ts';

function values(input: z.output<typeof FacultyInput>) {
  return { ...input, is_featured: input.is_featured ? 1 : 0 };
}

async function readFaculty(db: Db, id: number) {
  const row = await createFacultyRepository(db).findById(id);
  return row ? toFaculty(row) : undefined;
}

/** What deleting a faculty member touches (decision record 085): the courses left without an instructor. */
async function facultyDeleteImpact(db: Db, id: number): Promise<DeleteImpact> {
  const faculty = createFacultyRepository(db);
  const row = await faculty.findById(id);
  if (!row) throw notFound();
  const { courses, resources } = await faculty.taught(id);
  return {
    item: T.faculty(`${row.first_name} ${row.last_name}`.trim()),
    touches: [
      ...(courses.length > 0 ? [T.coursesLoseInstructor(courses)] : []),
      ...(resources > 0 ? [T.resourcesLoseAuthor(resources)] : []),
    ],
  };
}

/** Faculty: public list (the Faculty page sends featured=true), admin writes. */
export default async function facultyRoutes(app: FastifyInstance) {
  const faculty = createFacultyRepository(app.deps.db);

  app.get(API.faculty.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return (await faculty.list(query.featured)).map(toFaculty);
  });

  app.get(DELETE_IMPACT_PATHS.faculty(), { preHandler: adminOnly }, async (request) =>
    facultyDeleteImpact(app.deps.db, idParam(request.params)),
  );

  registerAdminWrites(app, {
    entity: 'faculty',
    schema: FacultyInput,
    paths: { create: API.faculty.create, update: API.faculty.update(), remove: API.faculty.remove() },
    read: readFaculty,
    create: async (trx, input) => (await createFacultyRepository(trx).create(values(input))).id,
    update: async (trx, id, input) => void (await createFacultyRepository(trx).update(id, values(input))),
    remove: async (trx, id) => (await createFacultyRepository(trx).remove(id), 'deleted'),
  });
}
