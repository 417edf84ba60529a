import {
  DELIVERY_MESSAGES,
  INSTALMENT_MESSAGES,
  MEETING_OPENS_MINUTES_BEFORE,
  TEACHING_MESSAGES,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { BatchRow, BatchSessionRow, EnrollmentRow, LessonRow, UserRow } from '../../platform/db/schema.ts';
import { createCourseAccessRepository, programAccessRead } from './repositories/course-access.ts';
import { HttpError, notAuthenticated, notFound } from '../../platform/lib/errors.ts';
import { givesAccess } from '../enrollments/service.ts';
import { pausingInstalments, suspendingInstalment } from '../pricing/index.ts';

/**
 * Who may see what of a course: the one place these rules live (decision record 044). Lessons (and their
 * files), meeting links and the course page all ask here.
 */

/**
 * The instalment that pauses an enrollment's lessons and live sessions (decision record 054): one unpaid
 * INSTALMENT_GRACE_DAYS after its due date (the housekeeping pass marks it, with its email). The dashboard,
 * invoices and paying stay open; paying it lifts the pause at once. Undefined when not paused.
 */
export async function enrollmentSuspended(db: Db, enrollmentId: number) {
  return suspendingInstalment(db, enrollmentId);
}

const programAccess = programAccessRead(pausingInstalments);

/** Whether the user has an enrollment in the program that gives access (active or completed, not paused). */
export async function isActiveStudent(db: Db, user: UserRow, programId: number): Promise<EnrollmentRow | undefined> {
  const read = await programAccess(db, user.id, programId);
  if (!read) return undefined;
  const { paused, ...enrollment } = read;
  return givesAccess(enrollment) && !paused ? enrollment : undefined;
}

/**
 * Whether the user teaches a batch of the program: the role and the batch together (issue 32), so an
 * instructor demoted to student loses the batches' lessons and meeting links on their next request,
 * whatever the batches still name.
 */
const teaches = async (db: Db, user: UserRow, programId: number) =>
  user.role === 'instructor' && (await createCourseAccessRepository(db).teachesProgram(user.id, programId));

/** Whether the user is the batch's instructor now: their role is still instructor and the batch names them. */
const instructs = (user: UserRow, batch: Pick<BatchRow, 'instructor_id'>) =>
  user.role === 'instructor' && batch.instructor_id === user.id;

/**
 * A lesson opens, with its body, url and file, to a preview's anyone, an administrator, an active
 * student of the program and the instructor of one of its batches; otherwise 401 (anonymous) or 403.
 */
export async function assertLessonAccess(db: Db, user: UserRow | null, lesson: LessonRow): Promise<void> {
  if (lesson.is_preview) return;
  if (!user) throw new HttpError(401, DELIVERY_MESSAGES.lessonLoginRequired);
  if (user.role === 'admin') return;
  if (await isActiveStudent(db, user, lesson.program_id)) return;
  if (await teaches(db, user, lesson.program_id)) return;
  throw new HttpError(403, DELIVERY_MESSAGES.lessonLocked);
}

/** Marking a lesson done is for a student whose enrollment in the program gives access. */
export async function assertCanComplete(db: Db, user: UserRow | null, lesson: LessonRow): Promise<void> {
  if (!user) throw notAuthenticated();
  if (!(await isActiveStudent(db, user, lesson.program_id))) throw new HttpError(403, DELIVERY_MESSAGES.lessonLocked);
}

/**
 * The caller's own enrollment for the course page: another's (or none) is 404; one whose access ended
 * (cancelled, refunded with the access revoked) is 403 with a message.
 */
export async function ownCourseEnrollment(db: Db, user: UserRow, enrollmentId: number): Promise<EnrollmentRow> {
  const enrollment = await createCourseAccessRepository(db).enrollment(enrollmentId);
  if (!enrollment || enrollment.student_id !== user.id || enrollment.course_type !== 'program') throw notFound();
  if (!givesAccess(enrollment)) throw new HttpError(403, DELIVERY_MESSAGES.courseRevoked);
  const paused = await enrollmentSuspended(db, enrollment.id);
  if (paused) throw new HttpError(403, INSTALMENT_MESSAGES.suspended(paused.due_on));
  return enrollment;
}

/** Whether the user belongs to the batch: an administrator, its instructor, or its active student. */
export async function belongsToBatch(db: Db, user: UserRow | null, batch: BatchRow): Promise<boolean> {
  if (!user) return false;
  if (user.role === 'admin' || instructs(user, batch)) return true;
  const enrollment = await isActiveStudent(db, user, batch.course_id);
  return enrollment?.batch_id === batch.id;
}

/** When a session's meeting link opens (30 minutes before it starts) and closes (when it ends), in ms. */
export function meetingWindow(session: Pick<BatchSessionRow, 'starts_at' | 'duration_minutes'>) {
  const start = Date.parse(session.starts_at);
  return { opens: start - MEETING_OPENS_MINUTES_BEFORE * 60_000, closes: start + session.duration_minutes * 60_000 };
}

/** The meeting link for one who belongs to the batch, inside its window; else null. */
export function visibleMeetingUrl(session: BatchSessionRow, belongs: boolean, now: number): string | null {
  if (!belongs || !session.meeting_url) return null;
  const { opens, closes } = meetingWindow(session);
  return now >= opens && now <= closes ? session.meeting_url : null;
}

/**
 * The instructor endpoints' rule (decision record 050), the one place it lives: anonymous is 401; an
 * administrator may act on every batch; a user with role instructor only on a batch they teach; everyone
 * else (students included) 403.
 */
export function assertTeachesBatch(user: UserRow | null, batch: Pick<BatchRow, 'instructor_id'>): UserRow {
  if (!user) throw notAuthenticated();
  if (user.role === 'admin') return user;
  if (user.role !== 'instructor') throw new HttpError(403, TEACHING_MESSAGES.instructorsOnly);
  if (!instructs(user, batch)) throw new HttpError(403, TEACHING_MESSAGES.notYourBatch);
  return user;
}

/** The instructor area's own gate, before any batch is named: administrators and instructors. */
export function assertInstructor(user: UserRow | null): UserRow {
  if (!user) throw notAuthenticated();
  if (user.role !== 'admin' && user.role !== 'instructor') throw new HttpError(403, TEACHING_MESSAGES.instructorsOnly);
  return user;
}
