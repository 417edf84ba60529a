import { DELIVERY_PATHS, type Course } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { EnrollmentRow, UserRow } from '../../platform/db/schema.ts';
import { createBatchRepository } from '../batches/repository.ts';
import { createLessonRepository } from '../lessons/repositories/lessons.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { toBatch } from '../batches/service.ts';
import { meetingWindow, visibleMeetingUrl } from '../lessons/course-access.ts';
import { toSession } from '../batches/sessions.ts';
import { courseAssignments } from '../teaching/assignments.ts';
import { progressOf } from '../../../contract/delivery.ts';
import type { Config } from '../../config.ts';
import { certificateEligibility } from './eligibility.ts';
import { certificateOfEnrollment, certificateRef } from './service.ts';
import { createAttendanceRepository } from '../teaching/repositories/attendance.ts';
import { attendancePercentage } from '../teaching/attendance.ts';

/** The certificate of the enrollment (decision record 052) and, without one, the rules toward it. */
async function certificateView(
  db: Db,
  config: Pick<Config, 'certificates' | 'publicUrl'>,
  enrollment: EnrollmentRow,
  now: number,
): Promise<Pick<Course, 'certificate' | 'eligibility'>> {
  const row = await certificateOfEnrollment(db, enrollment.id);
  const certificate = row && row.status === 'valid' ? certificateRef(config, row) : null;
  if (!enrollment.batch_id) return { certificate, eligibility: null };
  const eligibility = await certificateEligibility(
    db,
    config.certificates,
    { studentId: enrollment.student_id, programId: enrollment.course_id, batchId: enrollment.batch_id },
    now,
  );
  return { certificate, eligibility };
}

/** completed × 100 / lessons, rounded down; 0 when the program has no lessons. */

/** GET /classroom/enrollments/{id}/course/ for the enrollment's own (active) student. */
export async function courseAnswer(
  db: Db,
  user: UserRow,
  enrollment: EnrollmentRow,
  calendarUrl: string,
  now: number,
  config: Pick<Config, 'certificates' | 'publicUrl'>,
): Promise<Course> {
  const batches = createBatchRepository(db);
  const lessons = createLessonRepository(db);
  const program = await batches.program(enrollment.course_id);
  if (!program) throw notFound();
  const batch = enrollment.batch_id ? await batches.findById(enrollment.batch_id) : undefined;
  const sessionRows = batch ? await batches.sessions(batch.id) : [];
  // The course page is its own active student's: they belong to their batch.
  const sessions = sessionRows.map((s) => toSession(s, visibleMeetingUrl(s, true, now)));
  const nextIndex = sessionRows.findIndex((s) => meetingWindow(s).closes > now);
  const all = await lessons.lessonsOfProgram(program.id);
  const done = await lessons.completedIds(user.id, program.id);
  const modules = (await lessons.modules(program.id)).map((m) => ({
    id: m.id,
    title: m.title,
    lessons: all
      .filter((l) => l.module_id === m.id)
      .map((l) => ({
        id: l.id,
        title: l.title,
        kind: l.kind,
        duration_minutes: l.duration_minutes,
        is_preview: l.is_preview === 1,
        completed: done.has(l.id),
      })),
  }));
  // The student's own attendance (decision record 050).
  const marks = batch ? await createAttendanceRepository(db).studentMarks(user.id, batch.id) : [];
  return {
    enrollment_id: enrollment.id,
    program: { id: program.id, title: program.title },
    batch: batch ? toBatch(batch) : null,
    next_session: nextIndex >= 0 ? sessions[nextIndex]! : null,
    sessions,
    modules,
    progress_percentage: progressOf(all.filter((l) => done.has(l.id)).length, all.length),
    calendar_url: calendarUrl,
    ...(await certificateView(db, config, enrollment, now)),
    attendance: marks.map((m) => ({ session: m.session_id, present: m.present === 1 })),
    attendance_percentage: batch ? await attendancePercentage(db, user.id, batch.id, now) : null,
    assignments: batch ? await courseAssignments(db, batch.id, user.id) : [],
  };
}

export const calendarPath = (token: string) => DELIVERY_PATHS.calendarFeed(token);
