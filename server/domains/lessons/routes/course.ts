import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DELIVERY_PATHS, DELIVERY_MESSAGES } from '../../../../contract/index.ts';
import { idParam } from '../../../platform/lib/validate.ts';
import { HttpError, notFound } from '../../../platform/lib/errors.ts';
import { siteAddress } from '../../../platform/lib/site-address.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createBatchRepository } from '../../batches/repository.ts';
import { createCourseAccessRepository } from '../repositories/course-access.ts';
import { createEnrollmentRepository } from '../../enrollments/repository.ts';
import { calendarFeed, createCalendarTokens } from '../../batches/calendar.ts';
import { belongsToBatch, ownCourseEnrollment, sessionBatch, visibleMeetingUrl } from '../course-access.ts';
import { toSession } from '../../batches/sessions.ts';
import { calendarPath, courseAnswer } from '../../certificates/progress.ts';
import { givesAccess } from '../../enrollments/service.ts';
import { resolveJwtSecret } from '../../accounts/index.ts';

/** The student's course page, its calendar feed (a secret URL, no login) and the feed's reset. */
export default async function courseRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const tokens = createCalendarTokens(await resolveJwtSecret(db, config.jwtSecret));
  const feedUrl = (request: FastifyRequest, enrollmentId: number, generation: number) =>
    siteAddress(config, request) + calendarPath(tokens.token(enrollmentId, generation));

  app.get(DELIVERY_PATHS.course(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const enrollment = await ownCourseEnrollment(db, user, idParam(request.params));
    return courseAnswer(
      db,
      user,
      enrollment,
      feedUrl(request, enrollment.id, enrollment.calendar_generation),
      Date.now(),
      config,
    );
  });

  /** One session, to the people of its batch; its meeting link only inside the window. */
  app.get(DELIVERY_PATHS.session(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const session = await createBatchRepository(db).findSession(idParam(request.params));
    if (!session) throw notFound();
    const batch = await sessionBatch(db, session);
    if (!(await belongsToBatch(db, user, batch))) throw new HttpError(403, DELIVERY_MESSAGES.sessionNotYours);
    return toSession(session, visibleMeetingUrl(session, true, Date.now()));
  });

  /** A new secret URL; the old one answers 404 from now on. */
  app.post(DELIVERY_PATHS.calendarReset(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const enrollment = await ownCourseEnrollment(db, user, idParam(request.params));
    const generation = enrollment.calendar_generation + 1;
    await createEnrollmentRepository(db).update(enrollment.id, { calendar_generation: generation });
    return { calendar_url: feedUrl(request, enrollment.id, generation) };
  });

  app.get(DELIVERY_PATHS.calendarFeed(), async (request, reply) => {
    const { token } = request.params as { token: string };
    const named = tokens.read(token);
    if (!named) throw notFound();
    const enrollment = await createCourseAccessRepository(db).enrollment(named.enrollmentId);
    if (!enrollment || enrollment.calendar_generation !== named.generation || !givesAccess(enrollment))
      throw notFound();
    const batches = createBatchRepository(db);
    const batch = enrollment.batch_id ? await batches.findById(enrollment.batch_id) : undefined;
    const program = await batches.program(enrollment.course_id);
    if (!batch || !program) throw notFound();
    const site = siteAddress(config, request);
    const body = calendarFeed({
      institute: config.institute.legalName,
      calendarName: `${program.title} · ${batch.name}`,
      host: new URL(site).hostname,
      courseUrl: `${site}/learn/${enrollment.id}`,
      batch,
      sessions: await batches.sessions(batch.id),
      now: Date.now(),
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline; filename="course.ics"')
      .send(body);
  });
}
