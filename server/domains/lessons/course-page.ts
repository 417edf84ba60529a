import { DELIVERY_MESSAGES } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError, notFound } from '../../platform/lib/errors.ts';
import { resolveJwtSecret } from '../accounts/index.ts';
import {
  batchProgram,
  batchSessions,
  calendarFeed,
  createCalendarTokens,
  findBatch,
  findBatchSession,
  toSession,
} from '../batches/index.ts';
import { courseAnswer } from '../certificates/index.ts';
import { setCalendarGeneration } from '../enrollments/index.ts';
import { givesAccess } from '../enrollments/service.ts';
import { belongsToBatch, ownCourseEnrollment, visibleMeetingUrl } from './course-access.ts';
import { createCourseAccessRepository } from './repositories/course-access.ts';

/**
 * The student's course page, one live session of a batch, and the course's calendar feed (a secret URL, no
 * login, signed with the server's secret) with its reset. `site` is the address the caller reached us by.
 */
export async function createCoursePageService(db: Db, config: Config) {
  const tokens = createCalendarTokens(await resolveJwtSecret(db, config.jwtSecret));

  return {
    /** The caller's own course page (404 for another's, 403 when access ended or is paused). */
    async page(user: UserRow, enrollmentId: number, site: string) {
      const enrollment = await ownCourseEnrollment(db, user, enrollmentId);
      return courseAnswer(
        db,
        user,
        enrollment,
        tokens.url(site, enrollment.id, enrollment.calendar_generation),
        Date.now(),
        config,
      );
    },

    /** One session, to the people of its batch; its meeting link only inside the window. */
    async session(user: UserRow, sessionId: number) {
      const session = await findBatchSession(db, sessionId);
      if (!session) throw notFound();
      // The batch of the session, for the access check (404 when it is gone).
      const batch = await findBatch(db, session.batch_id);
      if (!batch) throw notFound();
      if (!(await belongsToBatch(db, user, batch))) throw new HttpError(403, DELIVERY_MESSAGES.sessionNotYours);
      return toSession(session, visibleMeetingUrl(session, true, Date.now()));
    },

    /** A new secret URL; the old one answers 404 from now on. */
    async resetCalendar(user: UserRow, enrollmentId: number, site: string) {
      const enrollment = await ownCourseEnrollment(db, user, enrollmentId);
      const generation = enrollment.calendar_generation + 1;
      await setCalendarGeneration(db, enrollment.id, generation);
      return { calendar_url: tokens.url(site, enrollment.id, generation) };
    },

    /** The iCalendar text of the feed a token names (404 for a stale or unknown token, or ended access). */
    async calendar(token: string, site: string): Promise<string> {
      const named = tokens.read(token);
      if (!named) throw notFound();
      const enrollment = await createCourseAccessRepository(db).enrollment(named.enrollmentId);
      if (!enrollment || enrollment.calendar_generation !== named.generation || !givesAccess(enrollment))
        throw notFound();
      const batch = enrollment.batch_id ? await findBatch(db, enrollment.batch_id) : undefined;
      const program = await batchProgram(db, enrollment.course_id);
      if (!batch || !program) throw notFound();
      return calendarFeed({
        institute: config.institute.legalName,
        calendarName: `${program.title} · ${batch.name}`,
        host: new URL(site).hostname,
        courseUrl: `${site}/learn/${enrollment.id}`,
        batch,
        sessions: await batchSessions(db, batch.id),
        now: Date.now(),
      });
    },
  };
}
