import type { FastifyInstance } from 'fastify';
import { DELIVERY_PATHS } from '../../../../contract/index.ts';
import { idParam } from '../../../platform/lib/validate.ts';
import { siteAddress } from '../../../platform/lib/site-address.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createCoursePageService } from '../course-page.ts';

/** The student's course page, its calendar feed (a secret URL, no login) and the feed's reset. */
export default async function courseRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const course = await createCoursePageService(db, config);

  app.get(DELIVERY_PATHS.course(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    return course.page(user, idParam(request.params), siteAddress(config, request));
  });

  /** One session, to the people of its batch; its meeting link only inside the window. */
  app.get(DELIVERY_PATHS.session(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    return course.session(user, idParam(request.params));
  });

  /** A new secret URL; the old one answers 404 from now on. */
  app.post(DELIVERY_PATHS.calendarReset(), { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    return course.resetCalendar(user, idParam(request.params), siteAddress(config, request));
  });

  app.get(DELIVERY_PATHS.calendarFeed(), async (request, reply) => {
    const { token } = request.params as { token: string };
    const body = await course.calendar(token, siteAddress(config, request));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline; filename="course.ics"')
      .send(body);
  });
}
