import type { FastifyInstance } from 'fastify';
import { API } from '../../../contract/index.ts';
import { authenticated, requireUser } from '../../platform/http/auth.ts';
import { forStudent } from '../../platform/lib/for-student.ts';

/** The caller's own enrollments. */
export default async function enrollmentRoutes(app: FastifyInstance) {
  const { enrollments } = app.deps;
  app.get(API.enrollments.list, { preHandler: authenticated }, async (request) =>
    (await enrollments.listForStudent(requireUser(request))).map(forStudent),
  );
}
