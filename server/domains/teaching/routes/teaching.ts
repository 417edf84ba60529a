import type { FastifyInstance } from 'fastify';
import { AttendanceInput, DELETE_IMPACT_PATHS, TEACHING_PATHS } from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createTeachingService } from '../service.ts';
import { sessionDeleteImpact } from '../session-impact.ts';

/** The instructor area (decision record 050): batches, their students and timetable, attendance. */
export default async function teachingRoutes(app: FastifyInstance) {
  const teaching = createTeachingService(app.deps.db);

  app.get(TEACHING_PATHS.batches, { preHandler: authenticated }, async (request) =>
    teaching.batches(requireUser(request), Date.now()),
  );

  app.get(TEACHING_PATHS.batch(), { preHandler: authenticated }, async (request) =>
    teaching.batch(requireUser(request), idParam(request.params), Date.now()),
  );

  app.get(TEACHING_PATHS.sessionAttendance(), { preHandler: authenticated }, async (request) =>
    teaching.sheet(requireUser(request), idParam(request.params), Date.now()),
  );

  app.put(TEACHING_PATHS.sessionAttendance(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const id = idParam(request.params);
    const input = parse(AttendanceInput, request.body);
    return teaching.save(user, id, input.present, Date.now());
  });

  // What deleting a session takes with it (its attendance), read before the office confirms (decision 085).
  app.get(DELETE_IMPACT_PATHS.session(), { preHandler: adminOnly }, async (request) =>
    sessionDeleteImpact(app.deps.db, idParam(request.params)),
  );
}
