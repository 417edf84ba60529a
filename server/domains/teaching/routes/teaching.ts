import type { FastifyInstance } from 'fastify';
import { AttendanceInput, TEACHING_PATHS } from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createTeachingService } from '../service.ts';

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
}
