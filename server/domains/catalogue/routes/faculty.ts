import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API, FacultyInput, FeaturedListQuery } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createFacultyRepository } from '../repositories/content.ts';
import { toFaculty } from '../present.ts';

function values(input: z.output<typeof FacultyInput>) {
  return { ...input, is_featured: input.is_featured ? 1 : 0 };
}

async function readFaculty(db: Db, id: number) {
  const row = await createFacultyRepository(db).findById(id);
  return row ? toFaculty(row) : undefined;
}

/** Faculty: public list (the Faculty page sends featured=true), admin writes. */
export default async function facultyRoutes(app: FastifyInstance) {
  const faculty = createFacultyRepository(app.deps.db);

  app.get(API.faculty.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return (await faculty.list(query.featured)).map(toFaculty);
  });

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
